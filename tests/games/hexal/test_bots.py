"""Bots (issue 10, point 4): random, greedy and strong, each from its seat's view only; the
time-out play."""
from __future__ import annotations

import random

import pytest

from games.hexal.engine.bots import GreedyBot
from tests.games.hexal.helpers import ENGINE, act, position, seats


def test_three_kinds_weakest_first_with_lobby_words():
    kinds = ENGINE.bots()
    assert list(kinds) == ["random", "greedy", "strong"]
    for factory in kinds.values():
        bot = factory()
        assert bot.name and isinstance(bot.description, str) and bot.description.endswith(".")


@pytest.mark.parametrize("kind", ["greedy", "strong"])
@pytest.mark.parametrize("n", [2, 3])
def test_every_choice_is_legal_until_the_end(kind, n):
    bot = ENGINE.bots()[kind]()
    st = ENGINE.setup({"target_score": 50}, seats(n), 17 + n)
    rng = random.Random(1)
    for _ in range(2000):
        if not ENGINE.to_act(st):
            break
        legal = ENGINE.legal_actions(st, st.current)
        action = bot.choose(ENGINE.view(st, st.current), legal, rng)
        assert action in legal
        st, _ = ENGINE.apply(st, st.current, action)
    assert st.ended


def test_greedy_plays_the_best_score_this_turn():
    """Greedy: "best score this turn" (issue 10). Around RC1, RC2 and RT2 on neighbouring sides
    score 2 + (1 + 2) = 5; around OH6 only PH6 fits, for 2 points."""
    hand = ["RC2", "RT2", "PH6", "GS4", "YX3", "BP5"]
    st = position(2, table={(0, 0): ["RC1"], (4, 0): ["OH6"]}, hands={0: hand})
    bot, rng = GreedyBot(), random.Random(0)
    points = 0
    while st.current == 0:
        action = bot.choose(ENGINE.view(st, 0), ENGINE.legal_actions(st, 0), rng)
        st, events = ENGINE.apply(st, 0, action)
        if action["type"] == "target":
            assert action["card"] == "RC1"
        points += sum(e["points"] for e in events if e["type"] == "turn_scored")
    assert points == 5


def test_bots_decide_from_the_view_only():
    """Two deals that look the same to seat 0 (same table, hand and counts) but hide different
    cards get the same decision."""
    hand = ["RC2", "RT2", "PH6", "GS4", "YX3", "BP5"]
    a = position(2, table={(0, 0): ["RC1"]}, hands={0: hand, 1: ["OT1", "OT2", "OT3", "OT4", "OT5", "OT6"]})
    b = position(2, table={(0, 0): ["RC1"]}, hands={0: hand, 1: ["GC1", "GC2", "GC3", "GC4", "GC5", "GC6"]})
    va, vb = ENGINE.view(a, 0), ENGINE.view(b, 0)
    for kind in ("greedy", "strong"):
        bot = ENGINE.bots()[kind]()
        first = bot.choose(va, ENGINE.legal_actions(a, 0), random.Random(3))
        assert first == bot.choose(vb, ENGINE.legal_actions(b, 0), random.Random(3))


def test_the_time_out_plays_the_greedy_choice():
    """Interpretation: "Time out: the heuristic bot's play for the seat." (RULES.md: the greedy
    bot's play)."""
    st = ENGINE.setup({}, seats(3), 8)
    for _ in range(40):
        if not ENGINE.to_act(st):
            break
        seat = st.current
        legal = ENGINE.legal_actions(st, seat)
        timeout = ENGINE.timeout_action(st, seat)
        assert timeout in legal
        assert timeout == GreedyBot().choose(ENGINE.view(st, seat), legal, random.Random(0))
        st, _ = act(st, timeout)


def test_bots_discard_or_pass_when_nothing_fits():
    # a hand sharing nothing with the lone RC1
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: ["OT2", "YS3", "GP4", "BH5", "PX6", "OS4"]})
    for kind in ("greedy", "strong"):
        action = ENGINE.bots()[kind]().choose(ENGINE.view(st, 0), ENGINE.legal_actions(st, 0), random.Random(0))
        assert action["type"] == "discard"
    empty = position(2, table={(0, 0): ["RC1"]}, hands={0: ["OT2", "YS3"]}, deck=[])
    for kind in ("greedy", "strong"):
        action = ENGINE.bots()[kind]().choose(ENGINE.view(empty, 0), ENGINE.legal_actions(empty, 0), random.Random(0))
        assert action == {"type": "pass"}


def _play_turn(st, bot, seat, *, forget=False):
    """The actions ``bot`` takes for ``seat``'s whole turn; ``forget`` drops the memoised plan
    before every action (as when each action is decided by another worker process)."""
    from games.hexal.engine import bot_strong

    actions = []
    while seat in ENGINE.to_act(st):
        if forget:
            bot_strong._PLANS.clear()
        action = bot.choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), random.Random(len(actions)))
        actions.append(action)
        st, _ = ENGINE.apply(st, seat, action)
        if action["type"] in ("end_turn", "discard", "pass"):
            break
    return actions


@pytest.mark.parametrize("totals", [(10, 12), (88, 84)])
def test_strong_plans_the_whole_turn_deterministically_from_the_view(totals):
    """The strong bot plans a turn once, from the view and a seed derived from it (issue 10,
    point 4): the same position gives the same actions whatever ``rng`` it is handed, whether
    the plan is remembered or recomputed for each action, and whatever the hidden cards are
    (the same view from seat 0 over two different deals). In the middle of the game (10-12)
    and near the end (88-84, where it plays the end out on sampled deals)."""

    table = {(0, 0): ["RC1"], (1, 0): ["RT2"], (0, 1): ["GC3"], (-1, 0): ["BS1"], (3, -1): ["OH6"]}
    hand = ["RC2", "RT4", "GC1", "BS2", "PH6", "YX3"]
    a = position(2, table=table, hands={0: hand, 1: ["OT1", "OT3", "OT4", "OT5", "YT6", "GS6"]}, totals=totals)
    b = position(2, table=table, hands={0: hand, 1: ["PC1", "PC2", "PC3", "PC4", "PC5", "PT6"]}, totals=totals)
    assert ENGINE.view(a, 0) == ENGINE.view(b, 0)
    bot = ENGINE.bots()["strong"]()
    first = _play_turn(a, bot, 0)
    assert first[0]["type"] == "target" and first[-1] == {"type": "end_turn"}
    assert len(first) >= 3  # a target, at least one card, the end of the turn
    assert _play_turn(a, bot, 0, forget=True) == first
    assert _play_turn(b, ENGINE.bots()["strong"](), 0, forget=True) == first


def test_strong_takes_the_most_points_on_the_last_turn():
    """Rule 13 ("The player with the highest score wins") with the interpretation's finished
    round: on the last turn of the game (seat 1, the seat before the first player, with the
    final round on) the strong bot, playing for the win, plays the best-scoring turn, as greedy
    would: around RC1, RC2 and RT2 on neighbouring sides score 5."""
    hand = ["RC2", "RT2", "PH6", "GS4", "YX3", "BP5"]
    st = position(2, table={(0, 0): ["RC1"], (4, 0): ["OH6"]}, hands={1: hand}, current=1, totals=(103, 99))
    st.first, st.final_round = 0, True
    points = 0
    bot = ENGINE.bots()["strong"]()
    while st.current == 1 and ENGINE.to_act(st):
        action = bot.choose(ENGINE.view(st, 1), ENGINE.legal_actions(st, 1), random.Random(0))
        st, events = ENGINE.apply(st, 1, action)
        points += sum(e["points"] for e in events if e["type"] == "turn_scored")
    assert points == 5 and st.ended
