"""Scoring a turn (rule 10) and the running total."""
from __future__ import annotations

from games.hexal.engine.cards import ID_OF
from tests.games.hexal.helpers import ENGINE, act, position


def place(card, q, r):
    return {"type": "place", "card": card, "q": q, "r": r}


TARGET = {"type": "target", "card": "RC1"}


def test_each_matching_attribute_counts_a_point():
    """Rule 10: "Each matching attribute from cards played in direct contact count as a point" """
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: ["RC2", "OT1", "YS3", "GH4", "BP5", "PX6"]})
    st, events = act(st, TARGET, place("RC2", 1, 0))
    assert events[-1]["points"] == 2  # red, circle
    st, events = act(st, place("OT1", -1, 0))
    assert events[-1]["points"] == 1  # the number 1


def test_cards_played_this_turn_count_each_pair_once():
    """Rule 10: "... including any card in play and cards played during the turn." (interpretation:
    "each pair of touching cards in which at least one was played this turn scores the number of
    attributes they share (0-3 points, each pair once)")."""
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: ["RC2", "RT2", "OH4", "GH4", "YS5", "BX6"]})
    st, events = act(st, TARGET, place("RC2", 1, 0), place("RT2", 1, -1))
    # RC2-RC1: 2; RT2-RC1: 1; RT2-RC2: red and 2 = 2 (counted once, when the second came)
    assert [e["points"] for e in events if e["type"] == "placed"] == [2, 3]
    assert ENGINE.view(st, 0)["turn_points"] == 5
    new, events = act(st, {"type": "end_turn"})
    assert events[0] == {"type": "turn_scored", "seat": 0, "cards": ["RC2", "RT2"], "points": 5, "total": 5}


def test_cards_already_in_play_count_but_old_pairs_do_not():
    """Rule 10: "including any card in play"; only pairs with a card played this turn score."""
    # OC1 already touches RC1 (circle, 1: 2 points, not scored again); RC2 at (1, 0) touches both
    st = position(2, table={(0, 0): ["RC1"], (0, 1): ["OC1"]}, hands={0: ["RC2", "RT3", "OH4", "GH4", "YS5", "BX6"]})
    st, events = act(st, TARGET, place("RC2", 1, 0), {"type": "end_turn"})
    assert events[1]["points"] == 2 + 1


def test_a_card_on_top_touches_the_target_and_its_level():
    """Interpretation: a card "touches the card directly below it and the cards at the same
    level in the six neighbouring cells" """
    st = position(2, table={(0, 0): ["RC1"], (1, 0): ["GT5", "RT6"], (0, 1): ["OS2"]},
                  hands={0: ["RT1", "RT3", "OH4", "GH4", "YS5", "BX6"]})
    st, events = act(st, TARGET, place("RT1", 0, 0))
    # below: RC1 (red, 1) = 2; level 1 of (1, 0): RT6 (red, triangle) = 2; OS2 is at level 0
    assert events[-1] == {"type": "placed", "seat": 0, "card": "RT1", "q": 0, "r": 0, "level": 1, "points": 4}


def test_turn_points_add_to_the_previous_total():
    """Rule 10: "Record the players score, adding this turn to their previous total." """
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: ["RC2", "RT3", "OH4", "GH4", "YS5", "BX6"]}, totals=(40, 7))
    new, events = act(st, TARGET, place("RC2", 1, 0), {"type": "end_turn"})
    assert new.totals == (42, 7) and new.history[0] == (2,)
    view = ENGINE.view(new, 1)
    assert [s["score"] for s in view["seats"]] == [42, 7]
    assert view["seats"][0]["turns"] == [2] and view["seats"][0]["best_turn"] == 2


def test_taking_back_removes_the_card_pairs():
    """A card taken back scores nothing: its pairs leave the running total (issue 10: "a card
    placed this turn may be taken back before the turn ends")."""
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: ["RC2", "RT2", "OH4", "GH4", "YS5", "BX6"]})
    st, _ = act(st, TARGET, place("RC2", 1, 0), place("RT2", 1, -1), {"type": "take_back", "card": "RC2"})
    assert ENGINE.view(st, 0)["turn_points"] == 1
    new, events = act(st, {"type": "end_turn"})
    assert events[0]["points"] == 1 and new.totals[0] == 1 and ID_OF["RC2"] in new.hands[0]
