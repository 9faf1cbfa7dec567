"""Setup and the turn: what each action does (rules sections 1-5, "Declaring a winner", and
the interpretation's "Setup", "A turn", "End").

``new_game`` builds the first state and its events; ``apply_action(state, seat, action)``
returns the next state and its events or raises ``IllegalAction``; it never changes
``state``. Events are dicts with a ``type``; a drawn hidden tile is told only to its owner
(``visible_to``).
"""
from __future__ import annotations

from typing import cast

from games.hexboard_words.engine import errors as E
from games.hexboard_words.engine.constants import (
    BLANK,
    CENTRE_TILES,
    ENDED_BAG,
    ENDED_CARDS,
    SLOTS,
    TILE_LETTER,
)
from games.hexboard_words.engine.state import WordsState, shuffled, tile_set
from games.hexboard_words.engine.steals import MAX_WORD, check_steal
from games.hexboard_words.engine.words import ALPHABET, deck

ACTION_KEYS = {
    "match": frozenset({"type", "slot", "position", "letter"}),
    "steal": frozenset({"type", "target", "word"}),
    "end_turn": frozenset({"type"}),
}
MATCH_LETTERS = frozenset(ALPHABET) | {"?"}
_LOWER = frozenset(ALPHABET)
DRAW_RANK_BLANK = 26  # the blank is no letter: it comes after Z in the draw for first player


def _tile_json(st: WordsState, tile: str) -> dict:
    return {"tile": tile, "letter": st.letter(tile)}


def _draw(st: WordsState) -> str | None:
    """Take the next tile from the bag (None when empty); ``st`` is a fresh copy."""
    if not st.bag:
        return None
    tile = st.bag[0]
    st.bag = st.bag[1:]
    st.draws += 1
    return tile


# --- setup ------------------------------------------------------------------------------------


def new_game(n: int, teams: tuple, options: dict, seed: int) -> tuple[WordsState, list[dict]]:
    """The state after setup (rules 1-3A) and its events: six word-cards around the board, 5
    tiles face up, the draw for first player (closest to A starts; ties draw again; the tiles
    stay on the board), a hidden tile per player, and the first player's tile placed."""
    cards = shuffled(tuple(w for w, _ in deck()), seed, "deck")
    st = WordsState(
        n=n, teams=tuple(teams), level=options["dictionary"], strict=options["strict"],
        target=options["cards_to_win"], blank=options["blank"],
        turn_seconds=options["turn_seconds"], seed=seed, draws=0,
        bag=shuffled(tile_set(options["blank"]), seed, "bag"), deck=cards[SLOTS:],
        slots=tuple((w, (None, None, None)) for w in cards[:SLOTS]), board=(),
        hands=(None,) * n, held=((),) * n, blank_as="", turn=0, turn_number=0,
        words_in_turn=0, began_empty=False, quiet=0, first_draw=(), starter=0, winners=(),
        ended="",
    )
    centre = st.bag[:CENTRE_TILES]  # the top of a full bag
    st.bag, st.draws, st.board = st.bag[CENTRE_TILES:], st.draws + CENTRE_TILES, centre
    events: list[dict] = [{"type": "setup", "slots": list(cards[:SLOTS]),
                           "centre": [_tile_json(st, t) for t in centre]}]
    # One draw per player, or per team (its first seat draws and starts).
    drawing = sorted({st.group(s)[0] for s in range(n)})
    rounds = []
    while True:
        rnd = []
        for s in drawing:
            t = _draw(st)
            if t is None:
                break
            rnd.append((s, t))
        if not rnd:
            break
        rounds.append(tuple(rnd))
        st.board += tuple(t for _, t in rnd)
        rank = {s: (DRAW_RANK_BLANK if t == BLANK else ord(TILE_LETTER[t]) - 97) for s, t in rnd}
        best = min(rank.values())
        drawing = [s for s in drawing if rank.get(s) == best]
        if len(drawing) == 1:
            break
    st.first_draw = tuple(rounds)
    st.starter = drawing[0]
    events.append({"type": "first_draw", "starter": st.starter,
                   "rounds": [[{"seat": s, **_tile_json(st, t)} for s, t in rnd] for rnd in rounds]})
    hands = []
    for s in range(n):
        t = _draw(st)
        hands.append(t)
        if t is not None:
            events.append({"type": "hidden_tile", "seat": s, **_tile_json(st, t), "visible_to": [s]})
    st.hands = tuple(hands)
    st.turn = st.starter
    events += _start_turn(st, st.starter, first=True)
    return st, events


# --- the turn -----------------------------------------------------------------------------------


def _start_turn(st: WordsState, seat: int, first: bool = False) -> list[dict]:
    """``seat``'s turn begins: it wins if its team holds enough cards ("The first player or
    team to make and keep 5 word-cards wins!"), else its hidden tile goes face up (3C)."""
    st.turn = seat
    if not first:
        st.turn_number += 1
    st.words_in_turn = 0
    st.began_empty = not st.bag
    events: list[dict] = [{"type": "turn", "seat": seat, "turn": st.turn_number}]
    if st.group_cards(seat) >= st.target:
        return events + _game_over(st, ENDED_CARDS, st.group(seat))
    tile = st.hands[seat]
    if tile is not None:
        st.hands = st.hands[:seat] + (None,) + st.hands[seat + 1:]
        st.board += (tile,)
        events.append({"type": "placed", "seat": seat, **_tile_json(st, tile)})
    return events


def _end_turn(st: WordsState, seat: int, timeout: bool = False) -> list[dict]:
    """Draw the next hidden tile (3E, 4F, 5E) and pass the turn to the left; after a full
    round of turns begun with an empty bag and no word made, the most cards wins."""
    events: list[dict] = [{"type": "turn_ended", "seat": seat, "timeout": timeout}]
    tile = _draw(st)
    if tile is not None:
        st.hands = st.hands[:seat] + (tile,) + st.hands[seat + 1:]
        events.append({"type": "drew", "seat": seat, "to": "hand"})
        events.append({"type": "hidden_tile", "seat": seat, **_tile_json(st, tile), "visible_to": [seat]})
    if st.words_in_turn:
        st.quiet = 0
    elif st.began_empty:
        st.quiet += 1
    if st.quiet >= st.n:
        totals = [st.group_cards(s) for s in range(st.n)]
        top = max(totals)
        return events + _game_over(st, ENDED_BAG, tuple(s for s in range(st.n) if totals[s] == top))
    return events + _start_turn(st, (seat + 1) % st.n)


def _game_over(st: WordsState, why: str, winners: tuple) -> list[dict]:
    st.turn = -1
    st.ended = why
    st.winners = tuple(sorted(winners))
    return [{"type": "game_over", "reason": why, "winners": list(st.winners)}]


def _word_made(st: WordsState, seat: int) -> list[dict]:
    """After a completion or a steal: draw a tile to the board (4D, 5C) and play again."""
    st.words_in_turn += 1
    tile = _draw(st)
    if tile is None:
        return []
    st.board += (tile,)
    return [{"type": "drew", "seat": seat, "to": "board", **_tile_json(st, tile)}]


def _take_from_board(st: WordsState, letter: str) -> str:
    """Remove a board tile showing ``letter`` (``"?"``: the blank), the first placed first."""
    want = BLANK if letter == "?" else None
    for i, t in enumerate(st.board):
        if t == want or (want is None and t != BLANK and TILE_LETTER[t] == letter):
            st.board = st.board[:i] + st.board[i + 1:]
            return t
    raise E.TILE_NOT_ON_BOARD.error()


# --- actions ------------------------------------------------------------------------------------


def _check_shape(action: object) -> str:
    if not isinstance(action, dict):
        raise E.NOT_AN_ACTION.error()
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise E.NOT_AN_ACTION.error()
    if action.keys() != ACTION_KEYS[kind]:
        raise E.BAD_KEYS.error()
    if kind == "match":
        slot, pos, letter = action["slot"], action["position"], action["letter"]
        if (type(slot) is not int or type(pos) is not int or not isinstance(letter, str)
                or not 0 <= slot < SLOTS or not 0 <= pos < 3 or letter not in MATCH_LETTERS):
            raise E.BAD_FIELD.error()
    elif kind == "steal":
        for key in ("target", "word"):
            w = action[key]
            if not isinstance(w, str) or not 0 < len(w) <= MAX_WORD or not set(w) <= _LOWER:
                raise E.BAD_FIELD.error()
    return kind


def apply_action(state: WordsState, seat: int, action: dict) -> tuple[WordsState, list[dict]]:
    """The next state and its events (module docstring); raises ``IllegalAction``."""
    if state.turn < 0:
        raise E.GAME_OVER.error()
    if seat != state.turn:
        raise E.NOT_YOUR_TURN.error()
    kind = _check_shape(action)
    if kind == "end_turn":
        st = state.copy()
        return st, _end_turn(st, seat)
    if kind == "match":
        return _match(state, seat, action["slot"], action["position"], action["letter"])
    return _steal(state, seat, action["target"], action["word"])


def _match(state: WordsState, seat: int, slot: int, pos: int, letter: str) -> tuple[WordsState, list[dict]]:
    """Rules 3C-3D and 4A-4D: match one board tile to an unmatched letter of a word-card. The
    last letter completes the card: the player takes it with its tiles, a new card replaces
    it, a tile is drawn to the board, and the player plays again; otherwise the turn ends."""
    card = state.slots[slot]
    if card is None:
        raise E.NO_SUCH_CARD.error()
    word, tiles = card
    if tiles[pos] is not None:
        raise E.ALREADY_MATCHED.error()
    if letter != "?" and letter != word[pos]:
        raise E.LETTER_MISMATCH.error()
    st = state.copy()
    tile = _take_from_board(st, letter)
    if tile == BLANK:
        st.blank_as = word[pos]
    tiles = tiles[:pos] + (tile,) + tiles[pos + 1:]
    events: list[dict] = [{"type": "matched", "seat": seat, "slot": slot, "position": pos, "word": word,
                           **_tile_json(st, tile)}]
    if None in tiles:
        st.slots = st.slots[:slot] + ((word, tiles),) + st.slots[slot + 1:]
        return st, events + _end_turn(st, seat)
    full = cast(tuple[str, ...], tiles)  # every letter matched: no None left
    st.held = st.held[:seat] + (st.held[seat] + ((word, word, full),),) + st.held[seat + 1:]
    new_card = None
    if st.deck:
        new_card = (st.deck[0], (None, None, None))
        st.deck = st.deck[1:]
    st.slots = st.slots[:slot] + (new_card,) + st.slots[slot + 1:]
    events.append({"type": "completed", "seat": seat, "slot": slot, "word": word,
                   "tiles": [_tile_json(st, t) for t in full]})
    events.append({"type": "new_card", "slot": slot, "word": new_card[0] if new_card else None})
    return st, events + _word_made(st, seat)


def _steal(state: WordsState, seat: int, old: str, new: str) -> tuple[WordsState, list[dict]]:
    """Rule 5A-5C: an opponent's word plus at least one board tile, rearranged into a longer
    dictionary word; the player takes the card (with all its tiles), draws a tile to the
    board and plays again. Restrictions: steals.check_steal."""
    victim = index = -1
    for s in range(state.n):
        for i, c in enumerate(state.held[s]):
            if c[1] == old:
                victim, index = s, i
    if victim < 0:
        raise E.NO_SUCH_WORD.error()
    if victim in state.group(seat):
        raise E.OWN_WORD.error()
    counts, has_blank = state.board_counts()
    added, blank_for = check_steal(state.level, old, new, counts, has_blank, state.strict,
                                   state.on_table())
    st = state.copy()
    card, _, old_tiles = st.held[victim][index]
    taken = []
    for ch in added:  # real tiles first; check_steal left at most one letter to the blank
        if blank_for is not None and not _real_count(st, ch):
            taken.append(_take_from_board(st, "?"))
            st.blank_as = ch
        else:
            taken.append(_take_from_board(st, ch))
    pool = list(old_tiles) + taken
    arranged = []
    for ch in new:  # lay the tiles out in the new word's order
        for i, t in enumerate(pool):
            if st.letter(t) == ch:
                arranged.append(pool.pop(i))
                break
    held = list(st.held)
    held[victim] = held[victim][:index] + held[victim][index + 1:]
    held[seat] = held[seat] + ((card, new, tuple(arranged)),)
    st.held = tuple(held)
    events = [{"type": "stolen", "seat": seat, "from": victim, "old": old, "new": new, "card": card,
               "added": [_tile_json(st, t) for t in taken]}]
    return st, events + _word_made(st, seat)


def _real_count(st: WordsState, letter: str) -> int:
    return sum(1 for t in st.board if t != BLANK and TILE_LETTER[t] == letter)

