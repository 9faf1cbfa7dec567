"""Hextopia bots. They decide from a seat's view and legal actions only, never the state.

``HeuristicBot`` scores every legal action by the position it leaves: progress of its own and
its teammates' pieces (HEXTOPIA counts most: it is safe), minus the risk that an opponent
piece behind (or three spaces ahead, with a THREE) or an opponent entering on its START lands
on them, minus the opponents' progress; spending a card it would rather keep (JACK, JOKER,
KING, ACE, TWO) costs a little. It reads piece positions and the ``moves`` list of the view.
"""
from __future__ import annotations

import random

from games.protocol import Action, RandomBot

# Worth of a piece by where it stands (progress is 0..L-1 on the track).
ON_TRACK_WORTH = 15  # leaving HOME is worth this much, plus the progress made
HEXTOPIA_WORTH = 30  # extra for being safe in HEXTOPIA
HEXTOPIA_SLOT_WORTH = 2  # per lane slot: deeper slots leave room for the next piece
OPPONENT_WEIGHT = 0.8  # how much an opponent's progress counts against us
RISK_WEIGHT = 0.7  # share of a piece's worth at stake when it may be hit
HIT_CHANCE = 0.25  # chance an opponent holds the one card rank that lands on a piece
START_HIT_CHANCE = 0.5  # an opponent with pieces at HOME entering on its START (K, A, 2)
MAX_FORWARD = 12  # the longest forward move (QUEEN)
FORWARD_DISTANCES = frozenset({1, 2, 4, 5, 6, 7, 8, 9, 10, 12})  # A, 2, 4-10, Q
BACK_DISTANCE = 3
# Value of keeping a card by rank: spending it costs this much.
KEEP_VALUE = {"X": 8.0, "J": 6.0, "K": 3.0, "A": 3.0, "2": 2.0, "Q": 1.0, "3": 1.0}


class HeuristicBot:
    """Greedy one-move look-ahead over the view (see the module docstring)."""

    name = "heuristic"
    description = "Weighs every move by the progress it makes and the risk it leaves; plays a fair game."

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """The legal action with the best score; ties go to the first listed."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        me = view["to_act"][0] if view.get("to_act") else view["viewer"]
        described = {_key(m["action"]): m for m in view.get("moves", [])}
        board = _Board(view, me)
        base = board.evaluate(board.positions)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = self._score(board, base, action, described.get(_key(action)))
            if score > best_score:
                best, best_score = action, score
        return best

    def _score(self, board: _Board, base: float, action: Action, move: dict | None) -> float:
        if action["type"] == "sit_out":
            return -KEEP_VALUE["X"] * 2  # keep discarding one at a time while it costs nothing
        card = action.get("card", "")
        keep = KEEP_VALUE.get(card[:1], 0.0)
        if action["type"] == "discard" or move is None:
            return -keep
        after = dict(board.positions)
        after[(move["seat"], move["piece"])] = _loc(move["to"])
        target = move.get("target")
        if target:
            after[(target["seat"], target["piece"])] = _loc(target["to"])
        for s, i in move["captures"]:
            after[(s, i)] = None
        return board.evaluate(after) - base - keep


def _key(action: dict) -> tuple:
    return tuple(sorted(action.items()))


def _loc(loc: dict) -> tuple[str, int] | None:
    """(where, progress) or None at HOME."""
    if loc is None or loc["where"] == "home":
        return None
    return (loc["where"], loc["progress"])


class _Board:
    """Piece positions and sides read from a view."""

    def __init__(self, view: dict, me: int):
        self.track = view["track_length"]
        seats = view["seats"]
        team = seats[me]["team"]
        self.friends = {s["seat"] for s in seats if s["seat"] == me or (team is not None and s["team"] == team)}
        self.starts = {s["seat"]: s["start"] for s in seats}
        self.positions = {
            (s["seat"], p["piece"]): _loc(p) for s in seats for p in s["pieces"]
        }

    def worth(self, loc: tuple[str, int] | None) -> float:
        if loc is None:
            return 0.0
        where, progress = loc
        if where == "hextopia":
            slot = progress - self.track + 1
            return ON_TRACK_WORTH + self.track + HEXTOPIA_WORTH + HEXTOPIA_SLOT_WORTH * slot
        return ON_TRACK_WORTH + progress

    def evaluate(self, positions: dict) -> float:
        """Friends' worth minus their risk, minus the opponents' weighted worth."""
        track, starts, friends = self.track, self.starts, self.friends
        opp_on_track = []
        opp_home = set()
        total = 0.0
        for (s, _i), loc in positions.items():
            if s in friends:
                continue
            total -= OPPONENT_WEIGHT * self.worth(loc)
            if loc is None:
                opp_home.add(s)
            elif loc[0] == "track":
                opp_on_track.append(((starts[s] + loc[1]) % track, loc[1]))
        opp_starts = {starts[s] for s in opp_home}
        for (s, _i), loc in positions.items():
            if s not in friends:
                continue
            worth = self.worth(loc)
            total += worth
            if loc is None or loc[0] != "track":
                continue
            here = (starts[s] + loc[1]) % track
            chance = START_HIT_CHANCE if here in opp_starts else 0.0
            for there, progress in opp_on_track:
                ahead = (here - there) % track
                if ahead in FORWARD_DISTANCES and progress + ahead < track:
                    chance += HIT_CHANCE
                elif (there - here) % track == BACK_DISTANCE:
                    chance += HIT_CHANCE
            total -= worth * RISK_WEIGHT * min(1.0, chance)
        return total


def bot_factories() -> dict:
    """Bot kinds for the lobby: ``random`` and ``heuristic``."""
    return {"random": RandomBot, "heuristic": HeuristicBot}
