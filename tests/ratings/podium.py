"""Podium: a test engine (pure Python) whose match ends on its first action with the ranks the
lobby chose, so rating tests can finish a match of 2-8 seats with any ranks, ties and teams
through the real ``submit_action``.

Options: ``{"ranks": [r0, r1, ...]}`` (one rank per seat, 1 = best, equal ranks tie; default:
seat order). Team layouts: "none"; for an even number of seats "halves" (the first half
against the second) and, from 4 seats, "pairs" (seats 0-1, 2-3, ...). Seat 0 acts once
(``{"type": "finish"}``) and the match is over.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from games.protocol import EngineBase, IllegalAction, OptionsError, Result, SeatSpec, seat_envelope

SLUG = "podium"


class PodiumEngine(EngineBase):
    slug = SLUG
    name = "Podium (test game)"
    min_seats = 2
    max_seats = 8
    hidden_information = False

    def validate_options(self, raw: Mapping | None) -> dict:
        raw = dict(raw or {})
        if set(raw) - {"ranks"}:
            raise OptionsError("ranks", "Only ranks.")
        ranks = raw.get("ranks")
        if ranks is not None and (not isinstance(ranks, list) or not all(
                isinstance(r, int) and not isinstance(r, bool) and r >= 1 for r in ranks)):
            raise OptionsError("ranks", "A list of ranks from 1.")
        return {"ranks": ranks}

    def team_layouts(self, seats: int) -> dict[str, list[int | None]]:
        layouts: dict[str, list[int | None]] = {"none": [None] * seats}
        if seats % 2 == 0:
            layouts["halves"] = [0] * (seats // 2) + [1] * (seats // 2)
            if seats >= 4:
                layouts["pairs"] = [i // 2 for i in range(seats)]
        return layouts

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        super().validate_seats(options, seats)
        ranks = options.get("ranks")
        if ranks is not None and len(ranks) != len(seats):
            raise OptionsError("ranks", "One rank per seat.")

    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> dict:
        n = len(seats)
        return {"n": n, "ranks": list(options.get("ranks") or range(1, n + 1)), "done": False, "seed": seed}

    def to_act(self, state: dict) -> tuple[int, ...]:
        return () if state["done"] else (0,)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return [{"type": "finish"}] if seat in self.to_act(state) else []

    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        if action != {"type": "finish"} or seat not in self.to_act(state):
            raise IllegalAction("bad_action", "Only seat 0 may finish.")
        new = copy.deepcopy(state)
        new["done"] = True
        return new, [{"type": "finished"}]

    def view(self, state: dict, seat: int | None) -> dict:
        result = self.result(state)
        return {
            "game": SLUG, "viewer": seat, "to_act": list(self.to_act(state)), "turn": 0, "phase": "play",
            "phase_text": "Play", "result": result.to_json() if result else None,
            "seats": [seat_envelope(i, colour="#888888") for i in range(state["n"])],
        }

    def result(self, state: dict) -> Result | None:
        if not state["done"]:
            return None
        ranks = tuple(state["ranks"])
        return Result(ranks=ranks, scores=tuple(float(-r) for r in ranks),
                      winners=tuple(i for i, r in enumerate(ranks) if r == 1))

    def encode(self, state: dict) -> dict:
        return copy.deepcopy(state)

    def decode(self, data: dict) -> dict:
        return copy.deepcopy(data)


ENGINE = PodiumEngine()
