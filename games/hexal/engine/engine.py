"""The Hexal Classic engine: the contract of games/protocol.py over apply.py, legal.py and view.py.

Options: ``{"target_score": 50-200 (default 100), "personal_stack": bool (default false)}``.
Seats: 2-8, no teams. Rules and our readings: games/hexal/RULES.md.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.dealing import fresh_seed, reshuffle
from games.hexal.engine import errors as E
from games.hexal.engine import texts as T
from games.hexal.engine.apply import apply_action, new_game, turn_points
from games.hexal.engine.board import qr_of
from games.hexal.engine.bots import bot_factories, timeout_bot
from games.hexal.engine.cards import CODE
from games.hexal.engine.legal import legal_actions
from games.hexal.engine.state import HexalState, decode, encode
from games.hexal.engine.view import SLUG, build_view, secrets, view_texts
from games.protocol import EngineBase, GameUI, Result, ScoreColumn, SeatSpec

OPTIONS_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "target_score": {
            "type": "integer", "minimum": 50, "maximum": 200, "default": 100, "shortest": 50,
            "title": "Target score",
            "description": "The game ends when a player reaches this many points and the round is finished.",
        },
        "personal_stack": {
            "type": "boolean", "default": False,
            "title": "Personal stack",
            # Rules 14-15 (RULES.md, "Personal stack").
            "description": "Each player is also dealt a face-down stack of 6 cards, which nobody sees, "
                           "and draws from it before the deck.",
        },
    },
    "additionalProperties": False,
}
# The timeout decision depends on the view only: a fixed bot RNG.
TIMEOUT_RNG_SEED = 0


def result_of(st: HexalState) -> Result | None:
    """None while the game runs; then ranks by total points (equal totals share the rank:
    1 + the number of seats with more) and the totals as scores; winners: the top total.

    Source: rule 13, "The player with the highest score wins"; interpretation, "equal totals
    share the rank"."""
    if not st.ended:
        return None
    totals = st.totals
    ranks = tuple(1 + sum(1 for u in totals if u > t) for t in totals)
    return Result(ranks=ranks, scores=tuple(float(t) for t in totals),
                  winners=tuple(s for s, r in enumerate(ranks) if r == 1))


class HexalEngine(EngineBase):
    """Hexal Classic for 2-8 players (see games/hexal/RULES.md)."""

    slug = SLUG
    name = "Hexal Classic"
    min_seats = 2
    max_seats = 8
    simultaneous = False
    hidden_information = True
    ui = GameUI(board_template="hexal/board.html", hand_template="hexal/hand.html",
                play_module="hexal/play.js", replay_module="hexal/replay.js",
                stylesheet="hexal/hexal.css", rules_template="hexal/rules.html", keys_template="hexal/keys.html")

    def score_column(self, options: Mapping) -> ScoreColumn:
        """The result's scores: total points, the most first."""
        return ScoreColumn(label=T.SCORE_LABEL)

    def options_schema(self) -> dict:
        """JSON schema of the lobby options (module docstring)."""
        return OPTIONS_SCHEMA

    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> HexalState:
        """Shuffle, deal and find the first player (apply.new_game); raises ``OptionsError``."""
        opts = self.validate_options(options)
        self.validate_seats(opts, seats)
        return new_game(len(seats), opts["target_score"], opts["personal_stack"], int(seed))

    def setup_events(self, state: HexalState) -> list[dict]:
        """The deal (counts), each seat's private ``hand``, the initial target and the first
        player with every seat's playable count. Only meaningful for the state of ``setup``."""
        st = state
        events = [{"type": "dealt", "dealer": st.dealer, "hand_counts": [len(h) for h in st.hands],
                   "stack_counts": [len(s) for s in st.stacks], "deck_count": len(st.deck)}]
        events += [{"type": "hand", "seat": s, "cards": [CODE[c] for c in st.hands[s]], "visible_to": [s]}
                   for s in range(st.n)]
        q, r = qr_of(st.where[st.initial][0])
        events.append({"type": "initial_target", "card": CODE[st.initial], "q": q, "r": r})
        events.append({"type": "first_player", "seat": st.first, "playable": list(st.playable)})
        return events

    def to_act(self, state: HexalState) -> tuple[int, ...]:
        """The seat whose turn it is; ``()`` once the game is over."""
        return () if state.ended else (state.current,)

    def legal_actions(self, state: HexalState, seat: int) -> list[dict]:
        """Every legal action of ``seat`` (shapes: legal.py)."""
        return legal_actions(state, seat)

    def apply(self, state: HexalState, seat: int, action: dict) -> tuple[HexalState, list[dict]]:
        """Next state and events; raises ``IllegalAction``; never mutates ``state``. The
        ``game_over`` event carries the result."""
        new, events = apply_action(state, seat, action)
        if new.ended and (result := result_of(new)) is not None:
            events[-1]["result"] = result.to_json()
        return new, events

    def view(self, state: HexalState, seat: int | None) -> dict:
        """What ``seat`` may see (None: spectator): view.py."""
        res = result_of(state)
        return build_view(state, seat, res.to_json() if res else None, turn_points(state, state.placed))

    def view_texts(self, state: HexalState, seat: int | None) -> dict[str, dict]:
        """Where the player texts of ``view(state, seat)`` are (``EngineBase.view_texts``)."""
        res = result_of(state)
        return view_texts(state, seat, res.to_json() if res else None)

    def redeal(self, state: HexalState, seat: int, rng: random.Random) -> HexalState:
        """``state`` as ``seat`` may imagine it (protocol ``redeal``): the other seats' hand
        cards not shown on the table this game, every personal stack (face down to its owner
        too) and the deck shuffled together and dealt back in the same sizes and places; a
        fresh seed."""
        others = [s for s in range(state.n) if s != seat]
        kept = {s: [i for i, c in enumerate(state.hands[s]) if c in state.shown[s]] for s in others}
        hidden = [[c for c in state.hands[s] if c not in state.shown[s]] for s in others]
        dealt = reshuffle(hidden + [list(stack) for stack in state.stacks] + [list(state.deck)], rng)
        hands = list(state.hands)
        for k, s in enumerate(others):
            fresh = iter(dealt[k])
            hands[s] = tuple(c if i in kept[s] else next(fresh) for i, c in enumerate(state.hands[s]))
        new = state.copy()
        new.hands, new.stacks, new.deck = tuple(hands), tuple(dealt[len(others):-1]), dealt[-1]
        new.seed = fresh_seed(rng)
        return new

    def playout_bot(self) -> str:
        """"greedy": the strong bot thinks up to 1.5 s a decision, too slow for play-outs."""
        return "greedy"

    def secrets(self, state: HexalState, seat: int | None) -> list:
        """Card codes hidden from ``seat``: view.secrets."""
        return secrets(state, seat)

    def result(self, state: HexalState) -> Result | None:
        """None while running, then ranks and total points."""
        return result_of(state)

    def encode(self, state: HexalState) -> dict:
        """JSON-able dict; ``decode(encode(s)) == s``."""
        return encode(state)

    def decode(self, data: dict) -> HexalState:
        """Inverse of ``encode``."""
        return decode(data)

    def timeout_action(self, state: HexalState, seat: int) -> dict:
        """What the greedy bot would play for ``seat``, from its view only (interpretation:
        "Time out: the heuristic bot's play for the seat"; RULES.md, "Bots and time-outs").
        One action: the clock does not restart within a turn (``clock_restarts``), so a
        timed-out turn is played out at once. Raises ``IllegalAction`` when ``seat`` is not to
        act."""
        if state.ended:
            raise E.GAME_OVER.error()
        legal = legal_actions(state, seat)
        if not legal:
            raise E.NOT_YOUR_TURN.error()
        return timeout_bot().choose(self.view(state, seat), legal, random.Random(TIMEOUT_RNG_SEED))

    def clock_restarts(self, before: HexalState, after: HexalState, seat: int, events) -> bool:
        """Only when the turn passes (or the game ends): a turn is several actions, and
        placing or taking back a card must not buy the player a fresh clock."""
        return after.current != before.current or bool(after.ended)

    def bots(self) -> dict:
        """Bot kinds from the weakest: random, greedy, strong (bots.py)."""
        return bot_factories()
