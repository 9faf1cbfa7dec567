"""The Hextopia engine: the protocol of games/protocol.py over the rules in rules.py
and the moves in moves.py.

Options: ``{"jokers": bool}`` (default false). Seats: 2-6, teams only in the layouts of
``team_layouts`` (4 players "2v2"; 6 players "3x2" partners across, "2x3" alternating).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.dealing import fresh_seed, reshuffle
from games.hextopia.engine import errors as E
from games.hextopia.engine import texts as T
from games.hextopia.engine.bots import HeuristicBot, bot_factories
from games.hextopia.engine.constants import (
    CARD_ORDER,
    LAYOUT_NONE,
    MAX_SEATS,
    MIN_SEATS,
    NAME,
    PIECES,
    SLUG,
    STATIONS_USED,
    TEAM_LAYOUT_LABELS,
    TEAM_LAYOUTS,
)
from games.hextopia.engine.moves import legal_actions
from games.hextopia.engine.rules import apply_action, dealer_draw_event, new_game
from games.hextopia.engine.state import HextopiaState, decode, encode
from games.hextopia.engine.view import build_view, progress_total, view_texts
from games.protocol import EngineBase, GameUI, IllegalAction, OptionsError, Result, ScoreColumn, SeatSpec

DEFAULT_OPTIONS = {"jokers": False}
OPTIONS_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "jokers": {
            "type": "boolean",
            "default": False,
            "shortest": False,  # a JOKER sends a piece back to its START: a longer race
            "title": "JOKER variant",
            "description": "Play with the two JOKERs: a JOKER sends another player's piece "
                           "IN-PLAY back to its START.",
        },
    },
    "additionalProperties": False,
}
# The timeout decision must not depend on anything but the view: a fixed bot RNG.
TIMEOUT_RNG_SEED = 0


def _pieces_alike(st: HextopiaState) -> dict:
    """``encode(st)`` with each colour's piece positions sorted: where its pieces are, not which."""
    out = encode(st)
    out["pieces"] = [sorted(st.pieces[k:k + PIECES]) for k in range(0, len(st.pieces), PIECES)]
    return out


def result_of(st: HextopiaState) -> Result | None:
    """Winners rank 1; the other players (teams) by total progress, ties sharing a rank.

    A team's progress is the sum of its members'; every member gets the team's rank. A seat's
    score is its own total progress.
    """
    if not st.winners:
        return None
    n = st.seats
    group = [st.teams[s] if st.teams[s] is not None else ("seat", s) for s in range(n)]
    scores = [progress_total(st, s) for s in range(n)]
    totals: dict = {}
    for s in range(n):
        totals[group[s]] = totals.get(group[s], 0) + scores[s]
    win_group = group[st.winners[0]]
    others = [g for g in totals if g != win_group]
    rank_of = {win_group: 1}
    for g in others:
        rank_of[g] = 2 + sum(1 for h in others if totals[h] > totals[g])
    return Result(
        ranks=tuple(rank_of[group[s]] for s in range(n)),
        scores=tuple(float(x) for x in scores),
        winners=tuple(st.winners),
    )


class HextopiaEngine(EngineBase):
    """Hextopia for 2-6 players (see games/hextopia/RULES.md)."""

    slug = SLUG
    name = NAME
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    simultaneous = False
    hidden_information = True
    ui = GameUI(board_template="hextopia/board.html", hand_template="hextopia/hand.html",
                play_module="hextopia/play.js", replay_module="hextopia/replay.js",
                stylesheet="hextopia/hextopia.css", rules_template="hextopia/rules.html", keys_template="hextopia/keys.html")

    # ------------------------------------------------------------ lobby
    def score_column(self, options: Mapping) -> ScoreColumn:
        """The result's scores: progress of the pieces, the most first (the note says who wins)."""
        return ScoreColumn(label=T.SCORE_LABEL, note=T.SCORE_NOTE)

    def options_schema(self) -> dict:
        """JSON schema of the lobby options: ``{"jokers": bool}`` (default false)."""
        return OPTIONS_SCHEMA

    def validate_options(self, raw: Mapping | None) -> dict:
        """``{"jokers": bool}`` with the default filled in; raises ``OptionsError``."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise OptionsError("", E.OPTIONS_NOT_OBJECT)
        for key in raw:
            if key not in DEFAULT_OPTIONS:
                raise OptionsError(str(key), E.OPTION_UNKNOWN)
        out = dict(DEFAULT_OPTIONS)
        if "jokers" in raw:
            if not isinstance(raw["jokers"], bool):
                raise OptionsError("jokers", E.OPTION_JOKERS_BOOL)
            out["jokers"] = raw["jokers"]
        return out

    def team_layouts(self, seats: int) -> dict[str, list[int | None]]:
        """Layout name -> team per seat index: always ``"none"``; 4 seats ``"2v2"``;
        6 seats ``"3x2"`` (partners across) and ``"2x3"`` (alternating)."""
        out: dict[str, list[int | None]] = {LAYOUT_NONE: [None] * seats}
        for name, teams in TEAM_LAYOUTS.get(seats, {}).items():
            out[name] = list(teams)
        return out

    def team_layout_labels(self) -> dict[str, str]:
        """Words for "2v2", "3x2" and "2x3"."""
        return dict(TEAM_LAYOUT_LABELS)

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        """Raises ``OptionsError("seats", ...)`` for a count outside 2-6 or a team layout not
        listed by ``team_layouts`` (team ids exactly as listed there)."""
        try:
            n = len(seats)
        except TypeError:
            raise OptionsError("seats", E.SEATS_COUNT)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise OptionsError("seats", E.SEATS_COUNT)
        if not all(isinstance(s, SeatSpec) for s in seats):
            raise OptionsError("seats", E.SEATS_NOT_SPEC)
        teams = [s.team for s in seats]
        if teams not in self.team_layouts(n).values():
            raise OptionsError("seats", E.TEAMS_LAYOUT)

    # ------------------------------------------------------------ play
    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> HextopiaState:
        """Draw the first dealer and deal the first HAND; raises ``OptionsError``."""
        opts = self.validate_options(options)
        self.validate_seats(opts, seats)
        n = len(seats)
        state, _ = new_game(n, STATIONS_USED[n], tuple(s.team for s in seats), opts["jokers"], int(seed))
        return state

    def setup_events(self, state: HextopiaState) -> list[dict]:
        """Events of the setup, for a platform that shows them: the public ``dealer_draw``
        and ``dealt``, and each seat's private ``hand`` (with ``visible_to``). Only meaningful
        for the state returned by ``setup``."""
        n = state.seats
        events = [dealer_draw_event(state),
                  {"type": "dealt", "dealer": state.dealer, "deal": state.deal,
                   "hand_number": state.hand_number, "hand_sizes": [len(h) for h in state.hands],
                   "new_deal": True}]
        events += [{"type": "hand", "seat": s, "cards": list(state.hands[s]), "visible_to": [s]}
                   for s in range(n)]
        return events

    def to_act(self, state: HextopiaState) -> tuple[int, ...]:
        """The one seat whose turn it is; ``()`` once the game is over."""
        return () if state.winners else (state.turn,)

    def apply(self, state: HextopiaState, seat: int, action: dict) -> tuple[HextopiaState, list[dict]]:
        """Next state and events; raises ``IllegalAction``; never mutates ``state``.

        When the game ends, the ``game_over`` event carries the result."""
        new, events = apply_action(state, seat, action)
        if new.winners and (result := result_of(new)) is not None:
            events[-1]["result"] = result.to_json()
        return new, events

    def view(self, state: HextopiaState, seat: int | None) -> dict:
        """What ``seat`` may see (None: spectator); see docs/contracts.md."""
        res = result_of(state)
        return build_view(state, seat, res.to_json() if res else None)

    def view_texts(self, state: HextopiaState, seat: int | None) -> dict[str, dict]:
        """Where the player texts of ``view(state, seat)`` are (``EngineBase.view_texts``)."""
        return view_texts(state, seat)

    def timeout_action(self, state: HextopiaState, seat: int) -> dict:
        """What the heuristic bot would play, decided from ``view(state, seat)`` only; raises
        ``IllegalAction`` when ``seat`` is not to act."""
        if state.winners:
            raise E.GAME_OVER.error()
        legal = legal_actions(state, seat)
        if not legal:
            raise E.NOT_YOUR_TURN.error()
        return HeuristicBot().choose(self.view(state, seat), legal, random.Random(TIMEOUT_RNG_SEED))

    def result(self, state: HextopiaState) -> Result | None:
        """None while running, then ranks (1 = best) and scores (total progress)."""
        return result_of(state)

    def bots(self) -> dict:
        """``{"random": RandomBot, "heuristic": HeuristicBot}`` factories."""
        return bot_factories()

    def secrets(self, state: HextopiaState, seat: int | None) -> list:
        """Card codes in other seats' hands (each card exists once; cards shown in the public
        dealer draw excluded) and the order of the undealt deck."""
        shown = {card for rnd in state.dealer_draw for _, card in rnd}
        if state.last_card:
            shown.add(state.last_card[1])
        hidden: list[str | tuple[str, ...]] = [
            c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in shown]
        if len(state.deck) > 1:
            hidden.append(tuple(state.deck))
        return hidden

    def redeal(self, state: HextopiaState, seat: int, rng: random.Random) -> HextopiaState:
        """``state`` as ``seat`` may imagine it (protocol ``redeal``): the other seats' cards
        it has not seen shown and the undealt deck shuffled together and dealt back in the
        same sizes, and a fresh seed for every later shuffle. Cards shown in the dealer draw
        or as the last card played stay where they are."""
        shown = {card for rnd in state.dealer_draw for _, card in rnd}
        if state.last_card:
            shown.add(state.last_card[1])
        others = [s for s in range(state.seats) if s != seat]
        groups = [tuple(c for c in state.hands[s] if c not in shown) for s in others] + [state.deck]
        dealt = reshuffle(groups, rng)
        new = state.copy()
        hands = list(state.hands)
        for s, cards in zip(others, dealt, strict=False):
            hands[s] = tuple(sorted([c for c in state.hands[s] if c in shown] + list(cards), key=CARD_ORDER.__getitem__))
        new.hands, new.deck, new.seed = tuple(hands), dealt[-1], fresh_seed(rng)
        return new

    def same_move(self, state: HextopiaState, seat: int, a: dict, b: dict) -> bool:
        """The same move when both lead to the same state but for which of a colour's pieces
        is where (four pieces at HOME are alike: entering "piece 1" or "piece 2" is one move)."""
        if a == b:
            return True
        try:
            after_a, _ = apply_action(state, seat, a)
            after_b, _ = apply_action(state, seat, b)
        except IllegalAction:
            return False
        return _pieces_alike(after_a) == _pieces_alike(after_b)

    # Pass-throughs to the rules and the state module (docs: those functions).
    legal_actions = staticmethod(legal_actions)
    encode = staticmethod(encode)
    decode = staticmethod(decode)
