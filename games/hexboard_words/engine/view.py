"""What one seat may see (issue 11, "Views": "the hidden tile of each player is seen by its
owner only; the bag as a count; the suggested words of cards under the board are seen by
nobody, those of completed cards by all").

``build_view(state, seat, result)`` returns the ``ViewEnvelope`` fields and::

    {"options": {"dictionary": "standard", "strict": False, "cards_to_win": 5,
                 "blank": False, "turn_seconds": 60},
     "board": [{"tile": "E3", "letter": "e"}, ...],          # face up in the centre
     "slots": [{"slot": 0, "word": "cat", "tiles": [None | {"tile", "letter"}] * 3} | None] * 6,
     "bag_count": 97, "deck_count": 214,
     "players": [{"seat": 0, "team": 0 | None, "card_count": 2, "team_cards": 3,
                  "has_hidden_tile": True,
                  "cards": [{"card": "act", "word": "cater", "tiles": [{"tile", "letter"}],
                             "suggestions": ["fact", ...]}]}],
     "hidden_tile": {"tile": "R4", "letter": "r"} | None,    # the viewer's own only
     "first_draw": [[{"seat": 0, "tile": "M1", "letter": "m"}, ...], ...], "starter": 1,
     "words_this_turn": 0, "quiet_turns": 0, "ended": "" | "cards" | "bag_empty",
     "winners": [...]}

No seed, draw counter, bag order, deck order, other seat's hidden tile, or suggestion of a
card around the board or in the deck reaches a view; nor, for the seat to act, which matches
complete a card or which steals exist: finding them is the game (a person's client gets
templates, legal.client_templates), and the board and the cards show all there is to see.
"""
from __future__ import annotations

from games.hexboard_words.engine import texts as T
from games.hexboard_words.engine.constants import COLOURS, OVER, PLAY, SLUG, TILE_LETTER
from games.hexboard_words.engine.state import WordsState
from games.hexboard_words.engine.words import suggestions
from games.protocol import seat_envelope
from games.texts import and_list, capitalized, join, plural, text


def _tile(st: WordsState, t: str) -> dict:
    return {"tile": t, "letter": st.letter(t)}


def _phase_text(st: WordsState) -> str:
    if st.turn >= 0:
        name = COLOURS[st.turn][1].capitalize()
        return f"{name} to play: match a letter, complete a word-card or steal a word"
    names = " and ".join(COLOURS[s][1].capitalize() for s in st.winners)
    if st.ended == "cards":
        return f"Game over: {names} made and kept {st.target} word-cards"
    return f"Game over: the bag is empty and a full round made no word; most word-cards: {names}"


def _summary(st: WordsState, s: int) -> str:
    n = len(st.held[s])
    text = f"{n} word-card{'s' if n != 1 else ''}"
    team = st.teams[s]
    if team is not None:
        text += f" · team {team + 1}: {st.group_cards(s)}"
    return text


def build_view(st: WordsState, seat: int | None, result: dict | None) -> dict:
    """The view of ``seat`` (None: a spectator); see the module docstring."""
    sugg = suggestions()
    players = []
    for s in range(st.n):
        players.append({
            "seat": s, "team": st.teams[s], "card_count": len(st.held[s]),
            "team_cards": st.group_cards(s), "has_hidden_tile": st.hands[s] is not None,
            "cards": [{"card": c[0], "word": c[1], "tiles": [_tile(st, t) for t in c[2]],
                       "suggestions": list(sugg[c[0]])} for c in st.held[s]],
        })
    own = st.hands[seat] if seat is not None and 0 <= seat < st.n else None
    out = {
        "game": SLUG, "viewer": seat,
        "to_act": [] if st.turn < 0 else [st.turn],
        "turn": st.turn_number,
        "phase": PLAY if st.turn >= 0 else OVER,
        "phase_text": _phase_text(st),
        "seats": [{**seat_envelope(s, colour=COLOURS[s][0], colour_name=COLOURS[s][1],
                                   score=len(st.held[s]), summary=_summary(st, s)),
                   "team": st.teams[s]} for s in range(st.n)],
        "result": result,
        "options": {"dictionary": st.level, "strict": st.strict, "cards_to_win": st.target,
                    "blank": st.blank, "turn_seconds": st.turn_seconds},
        "board": [_tile(st, t) for t in st.board],
        "slots": [None if c is None else
                  {"slot": i, "word": c[0], "tiles": [None if t is None else _tile(st, t) for t in c[1]]}
                  for i, c in enumerate(st.slots)],
        "bag_count": len(st.bag), "deck_count": len(st.deck),
        "players": players,
        "hidden_tile": None if own is None else _tile(st, own),
        "first_draw": [[{"seat": s, "tile": t, "letter": TILE_LETTER[t]} for s, t in rnd]
                       for rnd in st.first_draw],
        "starter": st.starter,
        "words_this_turn": st.words_in_turn, "quiet_turns": st.quiet,
        "ended": st.ended, "winners": list(st.winners),
    }
    return out

# --- the view texts (``games.texts``): specs of the English strings above, for the platform
# to translate (``view_texts``). The view keeps its f-strings (bots read views and must not
# pay for this); the conformance check asserts that each spec renders to the view's string.


def _name(s: int) -> dict:
    return capitalized(text(T.COLOUR_NAMES[COLOURS[s][1]]))


def _phase_spec(st: WordsState) -> dict:
    if st.turn >= 0:
        return text(T.TO_PLAY, who=_name(st.turn))
    names = and_list([_name(s) for s in st.winners])
    if st.ended == "cards":
        return text(T.OVER_CARDS, names=names, target=st.target)
    return text(T.OVER_BAG, names=names)


def _summary_spec(st: WordsState, s: int) -> dict:
    bits = [plural(T.WORD_CARDS, len(st.held[s]))]
    team = st.teams[s]
    if team is not None:
        bits.append(text(T.TEAM, team=team + 1, n=st.group_cards(s)))
    return join(bits)


def view_texts(st: WordsState, seat: int | None) -> dict[str, dict]:
    """The view texts of ``build_view(st, seat, ...)`` (``EngineBase.view_texts``)."""
    out = {"phase_text": _phase_spec(st)}
    for s in range(st.n):
        out[f"seats.{s}.colour_name"] = text(T.COLOUR_NAMES[COLOURS[s][1]])
        out[f"seats.{s}.summary"] = _summary_spec(st, s)
    return out
