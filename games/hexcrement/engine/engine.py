"""The Hexcrement engine: games/protocol.py's ``EngineBase`` over the rules of apply.py.

Options: ``{"length": "long" | "quick"}`` (default "long"). Seats: 2-6, no teams.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.dealing import fresh_seed, reshuffle
from games.hexcrement.engine import errors as E
from games.hexcrement.engine import texts as T
from games.hexcrement.engine.apply import apply_action, new_game
from games.hexcrement.engine.board import BOARD
from games.hexcrement.engine.bots import StrongBot, bot_factories
from games.hexcrement.engine.cards import (
    COLOURS,
    COUNTS,
    CSS,
    LONG,
    MAX_SEATS,
    MIN_SEATS,
    NAME,
    QUICK,
    SLUG,
    TYPES,
)
from games.hexcrement.engine.moves import legal_actions
from games.hexcrement.engine.state import OVER, State, decode, encode
from games.hexcrement.engine.view import build_view, secrets, view_texts
from games.protocol import EngineBase, GameUI, OptionsError, Result, ScoreColumn, SeatSpec

OPTIONS_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "length": {
            "type": "string", "enum": [LONG, QUICK], "default": LONG, "shortest": QUICK,
            "title": "Game length",
            "description": "Long: come home with the dung of your colour, or dung of two other "
                           "colours. Quick: come home with any dung.",
        },
    },
    "additionalProperties": False,
}
# What the renderer reads of board.json, per cell (the neighbour lists stay with the engine).
STATIC_CELL_KEYS = ("cell", "mat", "column", "depth", "ring_column", "x", "y", "card", "start")
# The timeout decision depends on the view only: a fixed bot RNG.
TIMEOUT_RNG_SEED = 0


def result_of(st: State) -> Result | None:
    """None while running. Then the winner ranks 1 and the others by dung carried (ties share
    a rank); at the round limit everyone by dung carried, the most dung winning (nobody when
    no beetle carries any). Scores: dung cards carried."""
    if st.phase != OVER:
        return None
    scores = [len(d) for d in st.dung]
    if st.winner >= 0:
        winners: tuple[int, ...] = (st.winner,)
        ranks = [1 if s == st.winner else
                 2 + sum(1 for o in range(st.n) if o != st.winner and scores[o] > scores[s])
                 for s in range(st.n)]
    else:
        top = max(scores)
        winners = tuple(s for s in range(st.n) if scores[s] == top) if top > 0 else ()
        ranks = [1 + sum(1 for o in range(st.n) if scores[o] > scores[s]) for s in range(st.n)]
    return Result(ranks=tuple(ranks), scores=tuple(float(x) for x in scores), winners=winners)


class HexcrementEngine(EngineBase):
    """Hexcrement for 2-6 players (see games/hexcrement/RULES.md)."""

    slug = SLUG
    name = NAME
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    simultaneous = False
    hidden_information = True
    ui = GameUI(board_template="hexcrement/board.html", hand_template="hexcrement/hand.html",
                play_module="hexcrement/play.js", replay_module="hexcrement/replay.js",
                stylesheet="hexcrement/hexcrement.css", rules_template="hexcrement/rules.html", keys_template="hexcrement/keys.html")

    def score_column(self, options: Mapping) -> ScoreColumn:
        """The result's scores: dung cards carried, the most first (the note says who wins)."""
        return ScoreColumn(label=T.SCORE_LABEL, note=T.SCORE_NOTE)

    def options_schema(self) -> dict:
        """``{"length": "long" | "quick"}``, long by default (issue 12: "long by default")."""
        return OPTIONS_SCHEMA

    def option_value_labels(self) -> dict[str, dict[str, str]]:
        """Lobby words for the game lengths."""
        return {"length": {LONG: "Long game: your own colour's dung, or two other colours",
                           QUICK: "Quick game: home with any dung"}}

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        """2-6 seats, no teams; raises ``OptionsError("seats", ...)``."""
        super().validate_seats(options, seats)
        if any(s.team is not None for s in seats):
            raise OptionsError("seats", E.SEATS_NO_TEAMS)

    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> State:
        """Cards dealt, directions flipped, the first player found (apply.new_game); raises
        ``OptionsError``."""
        opts = self.validate_options(options)
        self.validate_seats(opts, seats)
        state, _ = new_game(len(seats), opts["length"] == QUICK, int(seed))
        return state

    def setup_events(self, state: State) -> list[dict]:
        """The public setup: directions, the who-starts rolls and the first player (only
        meaningful for the state ``setup`` returned)."""
        return [{"type": "setup", "directions": ["cw" if d > 0 else "ccw" for d in state.dirs],
                 "who_starts": [list(r) for r in state.who_starts], "first": state.seat,
                 "cards_on_mats": sum(1 for c in state.cards if c is not None), "pool": len(state.pool)}]

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seat whose turn it is; ``()`` once over."""
        return () if state.phase == OVER else (state.seat,)

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        """Every legal action of ``seat`` (moves.legal_actions)."""
        return legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: dict) -> tuple[State, list[dict]]:
        """Next state and events; raises ``IllegalAction``; never mutates ``state``. The
        ``game_over`` event carries the result."""
        new, events = apply_action(state, seat, action)
        if new.phase == OVER and events and events[-1]["type"] == "game_over" and (result := result_of(new)):
            events[-1]["result"] = result.to_json()
        return new, events

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (view.py)."""
        res = result_of(state)
        return build_view(state, seat, res.to_json() if res else None)

    def view_texts(self, state: State, seat: int | None) -> dict[str, dict]:
        """Where the player texts of ``view(state, seat)`` are (``EngineBase.view_texts``)."""
        return view_texts(state, seat)

    def redeal(self, state: State, seat: int, rng: random.Random) -> State:
        """``state`` as any seat may imagine it (protocol ``redeal``; Hexcrement has no private
        hand): the codes nobody has seen where they are (face-down cells not known or up, the
        pool's unseen cards) shuffled among those places, and a fresh seed for the dice."""
        down = [(c, code) for c, code in enumerate(state.cards)
                if code is not None and c not in state.known and c not in state.up]
        cells = [c for c, _ in down]
        slots = [i for i, code in enumerate(state.pool) if code not in state.seen]
        (dealt,) = reshuffle([[code for _, code in down] + [state.pool[i] for i in slots]], rng)
        cards: list[str | None] = list(state.cards)
        pool = list(state.pool)
        for c, code in zip(cells, dealt, strict=False):
            cards[c] = code
        for i, code in zip(slots, dealt[len(cells):], strict=True):
            pool[i] = code
        new = state.copy()
        new.cards, new.pool, new.seed = tuple(cards), tuple(pool), fresh_seed(rng)
        return new

    def secrets(self, state: State, seat: int | None) -> list:
        """Codes of the cards nobody has seen where they are (view.secrets)."""
        return secrets(state, seat)

    def timeout_action(self, state: State, seat: int) -> dict:
        """Interpretation, "Time out: the bot's move for the seat": the strong bot's choice
        from ``view(state, seat)``; raises ``IllegalAction`` when ``seat`` is not to act."""
        if state.phase == OVER:
            raise E.GAME_OVER.error()
        legal = legal_actions(state, seat)
        if not legal:
            raise E.NOT_YOUR_TURN.error()
        return StrongBot().choose(self.view(state, seat), legal, random.Random(TIMEOUT_RNG_SEED))

    def result(self, state: State) -> Result | None:
        """None while running, then ranks and scores (``result_of``)."""
        return result_of(state)

    def encode(self, state: State) -> dict:
        """JSON-able dict; ``decode(encode(s)) == s``."""
        return encode(state)

    def decode(self, data: dict) -> State:
        """Inverse of ``encode``."""
        return decode(data)

    def static_data(self) -> dict:
        """The board the web UI draws, from board.json (the engine's own data file):
        ``{"board": {"mats", "column_lengths", "central_columns", "ring_columns", "starts",
        "cells": [{"cell", "mat", "column", "depth", "ring_column", "x", "y", "card",
        "start"}]}, "colours": [{"name", "css"}] (by mat), "cards": [{"type", "count"}]}``.
        Pixel ``x``/``y`` are in hex sizes (flat-top hexes, y down, the dice tray at 0, 0)."""
        board = {k: BOARD[k] for k in ("mats", "column_lengths", "central_columns", "ring_columns", "starts")}
        board["cells"] = [{k: c[k] for k in STATIC_CELL_KEYS} for c in BOARD["cells"]]
        return {"board": board, "colours": [{"name": c, "css": CSS[c]} for c in COLOURS],
                "cards": [{"type": t, "count": COUNTS[t]} for t in TYPES] + [{"type": "DUNG", "count": len(COLOURS)}]}

    def bots(self) -> dict:
        """``{"random": RandomBot, "strong": StrongBot}``, weakest first (bots.py)."""
        return bot_factories()
