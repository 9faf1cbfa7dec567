"""The HexBoard Words engine: the contract of games/protocol.py over apply.py and legal.py.

Options (lobby): ``dictionary`` ("junior", "standard" (default), "expert"), ``strict``
(strict steals, false), ``cards_to_win`` (5 or 6), ``blank`` (the blank tile, false) and
``turn_seconds`` (the hourglass, 30-180, default 60). Seats: 2-6; teams "2v2" (4 players),
"3x2" and "2x3" (6 players).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.dealing import fresh_seed, reshuffle
from games.hexboard_words.engine import errors as E
from games.hexboard_words.engine import texts as T
from games.hexboard_words.engine.apply import apply_action, new_game
from games.hexboard_words.engine.bots import bot_factories
from games.hexboard_words.engine.constants import (
    DEFAULT_CARDS_TO_WIN,
    DEFAULT_TURN_SECONDS,
    LAYOUT_NONE,
    MAX_CARDS_TO_WIN,
    MAX_SEATS,
    MAX_TURN_SECONDS,
    MIN_CARDS_TO_WIN,
    MIN_SEATS,
    MIN_TURN_SECONDS,
    NAME,
    SLUG,
    TEAM_LAYOUT_LABELS,
    TEAM_LAYOUTS,
    TILE_COUNTS,
)
from games.hexboard_words.engine.legal import END_TURN, client_templates, legal_actions
from games.hexboard_words.engine.state import WordsState, decode, encode
from games.hexboard_words.engine.steals import MAX_WORD
from games.hexboard_words.engine.view import build_view, view_texts
from games.hexboard_words.engine.words import DEFAULT_LEVEL, LEVELS, lexicon, suggestions
from games.protocol import EngineBase, GameUI, OptionsError, Result, ScoreColumn, SeatSpec

OPTIONS_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "dictionary": {
            "type": "string", "enum": list(LEVELS), "default": DEFAULT_LEVEL,
            "title": "Dictionary",
            "description": "Which words count: junior (common words), standard or expert (rare words too).",
        },
        "strict": {
            "type": "boolean", "default": False, "title": "Strict steals",
            "description": "A steal must rearrange: the old word may not appear unbroken inside the new one.",
        },
        "cards_to_win": {
            "type": "integer", "minimum": MIN_CARDS_TO_WIN, "maximum": MAX_CARDS_TO_WIN,
            "default": DEFAULT_CARDS_TO_WIN, "shortest": MIN_CARDS_TO_WIN, "title": "Word-cards to win",
            "description": "Make and keep this many word-cards to win.",
        },
        "blank": {
            "type": "boolean", "default": False, "title": "Blank tile",
            "description": "Add one blank tile that stands for any letter.",
        },
        "turn_seconds": {
            "type": "integer", "minimum": MIN_TURN_SECONDS, "maximum": MAX_TURN_SECONDS,
            "default": DEFAULT_TURN_SECONDS, "title": "Hourglass (seconds)",
            "description": "Time for a turn; it starts again after each word made or stolen.",
        },
    },
    "additionalProperties": False,
}
DICTIONARY_LABELS = {
    "junior": "Junior (common words, SCOWL 35)",
    "standard": "Standard (SCOWL 50)",
    "expert": "Expert (rare words too, SCOWL 70)",
}
# Event types after which the hourglass is turned again within the same turn.
WORD_EVENTS = frozenset({"completed", "stolen"})


def result_of(st: WordsState) -> Result | None:
    """None while running. Then rank 1 for the winners (the team or player that held enough
    cards on its turn, or everyone with the most cards when the bag ran out); the others by
    their team's (or own) word-cards, ties sharing a rank. Scores: each seat's own cards."""
    if st.turn >= 0:
        return None
    totals = [st.group_cards(s) for s in range(st.n)]
    groups = {st.group(s) for s in range(st.n)}
    win_groups = {st.group(s) for s in st.winners}
    ranks = []
    for s in range(st.n):
        g = st.group(s)
        if g in win_groups:
            ranks.append(1)
        else:
            better = sum(1 for h in groups if h not in win_groups and totals[h[0]] > totals[s])
            ranks.append(1 + len(win_groups) + better)
    return Result(ranks=tuple(ranks), scores=tuple(float(len(h)) for h in st.held),
                  winners=tuple(st.winners))


class HexBoardWordsEngine(EngineBase):
    """HexBoard Words for 2-6 players or teams (see games/hexboard_words/RULES.md)."""

    slug = SLUG
    name = NAME
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    simultaneous = False
    hidden_information = True
    ui = GameUI(board_template="hexboard_words/board.html", hand_template="hexboard_words/hand.html",
                play_module="hexboard_words/play.js", replay_module="hexboard_words/replay.js",
                stylesheet="hexboard_words/words.css", rules_template="hexboard_words/rules.html", keys_template="hexboard_words/keys.html")

    # ------------------------------------------------------------ lobby
    def score_column(self, options: Mapping) -> ScoreColumn:
        """The result's scores: word-cards held, the most first (the note says who wins)."""
        return ScoreColumn(label=T.SCORE_LABEL, note=T.SCORE_NOTE)

    def options_schema(self) -> dict:
        """JSON schema of the lobby options (module docstring)."""
        return OPTIONS_SCHEMA

    def option_value_labels(self) -> dict[str, dict[str, str]]:
        """Words for the dictionary levels."""
        return {"dictionary": dict(DICTIONARY_LABELS)}

    def team_layouts(self, seats: int) -> dict[str, list[int | None]]:
        """``"none"`` always; 4 seats ``"2v2"`` = [0, 1, 0, 1]; 6 seats ``"3x2"`` =
        [0, 1, 2, 0, 1, 2] and ``"2x3"`` = [0, 1, 0, 1, 0, 1]."""
        out: dict[str, list[int | None]] = {LAYOUT_NONE: [None] * seats}
        for name, teams in TEAM_LAYOUTS.get(seats, {}).items():
            out[name] = list(teams)
        return out

    def team_layout_labels(self) -> dict[str, str]:
        """Words for the team layouts."""
        return dict(TEAM_LAYOUT_LABELS)

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        """Raises ``OptionsError("seats", ...)`` for a count outside 2-6 or a team layout not
        listed by ``team_layouts``."""
        try:
            n = len(seats)
        except TypeError:
            raise OptionsError("seats", E.SEATS_COUNT)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise OptionsError("seats", E.SEATS_COUNT)
        if not all(isinstance(s, SeatSpec) for s in seats):
            raise OptionsError("seats", E.SEATS_NOT_SPEC)
        if [s.team for s in seats] not in self.team_layouts(n).values():
            raise OptionsError("seats", E.TEAMS_LAYOUT)

    # ------------------------------------------------------------ play
    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> WordsState:
        """Cards around the board, 5 tiles face up, the draw for first player, hidden tiles
        and the first player's tile placed (apply.new_game); raises ``OptionsError``."""
        opts = self.validate_options(options)
        self.validate_seats(opts, seats)
        state, _ = new_game(len(seats), tuple(s.team for s in seats), opts, int(seed))
        return state

    def setup_events(self, state: WordsState) -> list[dict]:
        """The setup's events (the centre tiles, the draw for first player, each seat's
        private hidden tile, the first turn), rebuilt from the seed: only meaningful for the
        state ``setup`` returned."""
        opts = {"dictionary": state.level, "strict": state.strict, "cards_to_win": state.target,
                "blank": state.blank, "turn_seconds": state.turn_seconds}
        _, events = new_game(state.n, state.teams, opts, state.seed)
        return events

    def to_act(self, state: WordsState) -> tuple[int, ...]:
        """The seat whose turn it is; ``()`` once the game is over."""
        return () if state.turn < 0 else (state.turn,)

    def legal_actions(self, state: WordsState, seat: int) -> list[dict]:
        """Every legal action of ``seat`` (legal.py): end_turn, the matches, every steal."""
        return legal_actions(state, seat)

    def apply(self, state: WordsState, seat: int, action: dict) -> tuple[WordsState, list[dict]]:
        """Next state and events; raises ``IllegalAction``; never mutates ``state``. The
        ``game_over`` event carries the result."""
        new, events = apply_action(state, seat, action)
        if new.turn < 0 and (result := result_of(new)) is not None:
            events[-1]["result"] = result.to_json()
        return new, events

    def view(self, state: WordsState, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator); see view.py."""
        res = result_of(state)
        return build_view(state, seat, res.to_json() if res else None)

    def view_texts(self, state: WordsState, seat: int | None) -> dict[str, dict]:
        """Where the player texts of ``view(state, seat)`` are (``EngineBase.view_texts``)."""
        return view_texts(state, seat)

    def result(self, state: WordsState) -> Result | None:
        """None while running, then ranks and scores (``result_of``)."""
        return result_of(state)

    def encode(self, state: WordsState) -> dict:
        """JSON-able dict; ``decode(encode(s)) == s``."""
        return encode(state)

    def decode(self, data: dict) -> WordsState:
        """Inverse of ``encode``."""
        return decode(data)

    # ------------------------------------------------------------ hooks
    def client_legal_actions(self, state: WordsState, seat: int) -> list[dict]:
        """What a person's client is shown (legal.client_templates): ``end_turn`` and one
        template each for a match and a steal, fields None for the player to fill in, so the
        list never tells which card a board letter completes nor which steals exist (the
        dictionary search is the player's part of the game). Bots use ``legal_actions``."""
        return client_templates(state, seat)

    def clock_seconds(self, options: Mapping) -> int:
        """The hourglass: the lobby option ``turn_seconds`` (30-180, default 60) is the time
        of every turn (rule 3B "Set the hourglass timer to begin your turn"), in place of the
        lobby's time per turn."""
        value = options.get("turn_seconds", DEFAULT_TURN_SECONDS) if isinstance(options, Mapping) else None
        if isinstance(value, bool) or not isinstance(value, int):
            return DEFAULT_TURN_SECONDS
        return min(MAX_TURN_SECONDS, max(MIN_TURN_SECONDS, value))

    def static_data(self) -> dict:
        """Fixed public data the web UI draws from: ``messages`` (errors.client_messages: the
        steal composer explains a refusal before the move is sent), ``max_word`` (the longest
        word a steal may name) and ``tile_counts`` (the 126 tiles by letter, for the help
        texts)."""
        return {"messages": E.client_messages(), "max_word": MAX_WORD, "tile_counts": dict(TILE_COUNTS)}

    def timeout_action(self, state: WordsState, seat: int) -> dict:
        """The hourglass ran out: the turn ends (interpretation, "Time out": "the turn ends
        (the tile stays on the board; the next hidden tile is drawn)"). Raises
        ``IllegalAction`` when ``seat`` is not to act."""
        if state.turn < 0:
            raise E.GAME_OVER.error()
        if seat != state.turn:
            raise E.NOT_YOUR_TURN.error()
        return dict(END_TURN)

    def clock_restarts(self, before: WordsState, after: WordsState, seat: int, events) -> bool:
        """The hourglass turns again when the turn passes to another seat or a word was
        completed or stolen (rules 4D "Reset the hourglass timer", 5C-5D); a plain match ends
        the turn, so it restarts too. False otherwise."""
        if after.turn_number != before.turn_number or after.turn < 0:
            return True
        return any(ev.get("type") in WORD_EVENTS for ev in events)

    def redeal(self, state: WordsState, seat: int, rng: random.Random) -> WordsState:
        """``state`` as ``seat`` may imagine it (protocol ``redeal``): the other seats' hidden
        tiles and the bag shuffled together and dealt back in the same places, the word-card
        deck shuffled, and a fresh seed."""
        others = [s for s in range(state.n) if s != seat and state.hands[s] is not None]
        hidden: list[list[str]] = [[tile] for s in others if (tile := state.hands[s]) is not None]
        dealt = reshuffle(hidden + [list(state.bag)], rng)
        hands: list[str | None] = list(state.hands)
        for s, tiles in zip(others, dealt, strict=False):
            hands[s] = tiles[0]
        (deck,) = reshuffle([state.deck], rng)
        new = state.copy()
        new.hands, new.bag, new.deck, new.seed = tuple(hands), dealt[-1], deck, fresh_seed(rng)
        return new

    def secrets(self, state: WordsState, seat: int | None) -> list:
        """Hidden from ``seat``: the codes of the tiles in the bag and of the other seats'
        hidden tiles, the bag order and the deck order (tuples), and the suggestions of the
        cards around the board (tuples: each word may also legitimately be on the table)."""
        out: list = list(state.bag)
        out += [t for s, t in enumerate(state.hands) if t is not None and s != seat]
        if state.bag:
            out.append(tuple(state.bag))
        if state.deck:
            out.append(tuple(state.deck))
        sugg = suggestions()
        out += [sugg[c[0]] for c in state.slots if c is not None]
        return out

    def warm_up(self) -> None:
        """Maps every list's pack (words.py, packed.py), building it first when this machine
        has none yet (1-5 s a list, once per machine), so no first move waits for it."""
        for level in LEVELS:
            lexicon(level)

    def bots(self) -> dict:
        """``{"random", "junior", "strong"}`` factories, weakest first (bots.py)."""
        return bot_factories()


__all__ = ["HexBoardWordsEngine", "OPTIONS_SCHEMA", "result_of"]
