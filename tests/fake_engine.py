"""Race: a tiny engine for platform tests (pure Python, conforms to games/protocol.py).

2-4 seats race along a track to ``target``. Each seat holds a hidden hand of cards (1-3).
On its turn a seat plays a card (moves that many spaces, draws a new card in secret) or
rolls a die (1-3, public). With option ``ready_phase`` every seat first says ``ready``, all
at once (``to_act`` names several seats), which exercises simultaneous timeouts. The first
seat (or team) to reach ``target`` wins; the others rank by position.

All chance comes from ``random.Random(f"{seed}/{draws}")`` with ``seed`` and ``draws`` in the
state. Tests register it as game ``"race"`` (see the ``race_engine`` fixture); it is never
part of the site.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence

from games.protocol import EngineBase, IllegalAction, OptionsError, RandomBot, Result, SeatSpec, seat_envelope

SLUG = "race"
MIN_SEATS, MAX_SEATS = 2, 4
CARD_VALUES = (1, 2, 3)
DIE_FACES = (1, 2, 3)
DEFAULTS = {"target": 20, "hand_size": 3, "ready_phase": False}
TARGET_RANGE = (5, 5000)
HAND_RANGE = (1, 5)

BAD_ACTION = "An action is {\"type\": \"play\", \"card\": <a card in your hand>}, {\"type\": \"roll\"} or {\"type\": \"ready\"}."
NOT_IN_HAND = "You can only play a card from your hand."
NOT_YOUR_TURN = "It is not your turn."
WRONG_PHASE = "That action is not possible now."


COLOURS = ("#d32f2f", "#1e63c4", "#2e8b3a", "#e3b505")


class RaceEngine(EngineBase):
    """The race game; state is a plain JSON dict (so encode/decode are copies)."""

    slug = SLUG
    name = "Race (test game)"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    simultaneous = True  # the ready phase

    def options_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "target": {"type": "integer", "minimum": TARGET_RANGE[0], "maximum": TARGET_RANGE[1],
                           "default": DEFAULTS["target"]},
                "hand_size": {"type": "integer", "minimum": HAND_RANGE[0], "maximum": HAND_RANGE[1],
                              "default": DEFAULTS["hand_size"]},
                "ready_phase": {"type": "boolean", "default": False},
            },
            "additionalProperties": False,
        }

    def validate_options(self, raw: Mapping) -> dict:
        if not isinstance(raw, Mapping):
            raise OptionsError("", "Options must be an object.")
        out = dict(DEFAULTS)
        for key, value in raw.items():
            if key not in DEFAULTS:
                raise OptionsError(str(key), "Unknown option.")
            if key == "ready_phase":
                if not isinstance(value, bool):
                    raise OptionsError(key, "Must be true or false.")
            else:
                lo, hi = TARGET_RANGE if key == "target" else HAND_RANGE
                if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                    raise OptionsError(key, f"Must be a whole number from {lo} to {hi}.")
            out[key] = value
        return out

    def team_layouts(self, seats: int) -> dict[str, list[int | None]]:
        layouts: dict[str, list[int | None]] = {"none": [None] * seats}
        if seats == 4:
            layouts["2v2"] = [0, 1, 0, 1]
        return layouts

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise OptionsError("seats", "Race is played by 2 to 4 players.")
        if [s.team for s in seats] not in self.team_layouts(len(seats)).values():
            raise OptionsError("seats", "No such team layout.")

    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> dict:
        opts = self.validate_options(options)
        self.validate_seats(opts, seats)
        n = len(seats)
        state = {
            "n": n, "teams": [s.team for s in seats], "target": opts["target"],
            "seed": int(seed), "draws": 0,
            "phase": "ready" if opts["ready_phase"] else "race",
            "ready": [False] * n, "turn": 0, "positions": [0] * n, "hands": [], "winners": [],
        }
        state["hands"] = [[_draw(state, CARD_VALUES) for _ in range(opts["hand_size"])] for _ in range(n)]
        state["turn"] = _draw(state, tuple(range(n)))
        return state

    def setup_events(self, state: dict) -> list[dict]:
        return [{"type": "dealt", "first": state["turn"]}] + [
            {"type": "hand", "seat": s, "cards": list(state["hands"][s]), "visible_to": [s]}
            for s in range(state["n"])
        ]

    def to_act(self, state: dict) -> tuple[int, ...]:
        if state["phase"] == "ready":
            return tuple(s for s in range(state["n"]) if not state["ready"][s])
        if state["phase"] == "race":
            return (state["turn"],)
        return ()

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "ready":
            return [{"type": "ready"}]
        return [{"type": "play", "card": c} for c in sorted(set(state["hands"][seat]))] + [{"type": "roll"}]

    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", BAD_ACTION)
        kind = action["type"]
        keys = {"ready": {"type"}, "roll": {"type"}, "play": {"type", "card"}}.get(kind)
        if keys is None or set(action) != keys:
            raise IllegalAction("bad_action", BAD_ACTION)
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn", NOT_YOUR_TURN)
        new = copy.deepcopy(state)
        if kind == "ready":
            if new["phase"] != "ready":
                raise IllegalAction("wrong_phase", WRONG_PHASE)
            new["ready"][seat] = True
            if all(new["ready"]):
                new["phase"] = "race"
            return new, [{"type": "ready", "seat": seat}]
        if new["phase"] != "race":
            raise IllegalAction("wrong_phase", WRONG_PHASE)
        events: list[dict] = []
        if kind == "play":
            card = action["card"]
            if isinstance(card, bool) or card not in new["hands"][seat]:
                raise IllegalAction("not_in_hand", NOT_IN_HAND)
            new["hands"][seat].remove(card)
            step = card
            drawn = _draw(new, CARD_VALUES)
            new["hands"][seat].append(drawn)
            events.append({"type": "played", "seat": seat, "card": card})
            events.append({"type": "drew", "seat": seat, "card": drawn, "visible_to": [seat]})
        else:
            step = _draw(new, DIE_FACES)
            events.append({"type": "rolled", "seat": seat, "die": step})
        new["positions"][seat] += step
        events.append({"type": "moved", "seat": seat, "position": new["positions"][seat]})
        if new["positions"][seat] >= new["target"]:
            team = new["teams"][seat]
            new["winners"] = [s for s in range(new["n"]) if s == seat or (team is not None and new["teams"][s] == team)]
            new["phase"] = "over"
            events.append({"type": "game_over", "winners": list(new["winners"])})
        else:
            new["turn"] = (seat + 1) % new["n"]
        return new, events

    def view(self, state: dict, seat: int | None) -> dict:
        res = self.result(state)
        n = state["n"]
        out = {
            "game": SLUG, "viewer": seat, "to_act": list(self.to_act(state)),
            "turn": sum(state["positions"]), "phase": state["phase"], "phase_text": state["phase"],
            "seats": [seat_envelope(s, colour=COLOURS[s], score=state["positions"][s],
                                    summary=f"{len(state['hands'][s])} cards") for s in range(n)],
            "target": state["target"], "current": state["turn"],
            "positions": list(state["positions"]), "ready": list(state["ready"]),
            "hand_counts": [len(h) for h in state["hands"]],
            "result": res.to_json() if res else None,
        }
        if seat is not None:
            out["hand"] = list(state["hands"][seat])
        return out

    def timeout_action(self, state: dict, seat: int) -> dict:
        return {"type": "ready"} if state["phase"] == "ready" else {"type": "roll"}

    def result(self, state: dict) -> Result | None:
        if not state["winners"]:
            return None
        n, pos, winners = state["n"], state["positions"], state["winners"]
        others = [s for s in range(n) if s not in winners]
        ranks = [1 if s in winners else 2 + sum(1 for o in others if pos[o] > pos[s]) for s in range(n)]
        return Result(ranks=tuple(ranks), scores=tuple(float(p) for p in pos), winners=tuple(winners))

    def redeal(self, state: dict, seat: int, rng: random.Random) -> dict:
        """The other seats' hidden hands drawn again (each card 1-3 at random, as drawn) and a
        fresh seed: what ``seat`` cannot tell from ``state``."""
        new = copy.deepcopy(state)
        new["seed"] = rng.getrandbits(62)
        for s in range(new["n"]):
            if s != seat:
                new["hands"][s] = [rng.choice(CARD_VALUES) for _ in new["hands"][s]]
        return new

    def encode(self, state: dict) -> dict:
        return copy.deepcopy(state)

    def decode(self, data: dict) -> dict:
        return copy.deepcopy(data)

    def bots(self) -> dict:
        return {"random": RandomBot, "greedy": GreedyBot}


class GreedyBot:
    """Plays its highest card (rolls with an empty hand); says ready when asked."""

    name = "greedy"

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
        plays = [a for a in legal if a["type"] == "play"]
        return max(plays, key=lambda a: a["card"]) if plays else legal[0]


def _draw(state: dict, values: tuple[int, ...]) -> int:
    """One uniform draw from ``values``; advances the draw counter (mutates ``state``)."""
    value = random.Random(f"{state['seed']}/{state['draws']}").choice(values)
    state["draws"] += 1
    return value


ENGINE = RaceEngine()

