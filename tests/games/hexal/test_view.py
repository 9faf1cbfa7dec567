"""Views (issue 10, point 3): other hands as counts, deck and stacks as counts, no seed; the
acting seat's help for a UI (targets, places with their points, the running total)."""
from __future__ import annotations

import json

from games.conformance import check_envelope, find_secrets
from games.hexal.engine.cards import CODE
from games.hexal.engine.view import SEAT_COLOURS
from tests.games.hexal.helpers import ENGINE, act, position, seats

HAND = ["RC2", "RT2", "BX5", "GH4", "YS3", "PP6"]


def test_other_hands_are_counts_and_the_own_hand_is_shown():
    st = ENGINE.setup({"personal_stack": True}, seats(3), 21)
    for seat in range(3):
        view = ENGINE.view(st, seat)
        text = json.dumps(view)
        assert view["hand"] == [CODE[c] for c in st.hands[seat]]
        for other in range(3):
            assert view["seats"][other]["hand_count"] == 6 and view["seats"][other]["stack_count"] == 6
            if other != seat:
                assert not any(f'"{CODE[c]}"' in text for c in st.hands[other])
        assert not any(f'"{CODE[c]}"' in text for s in st.stacks for c in s)
        assert view["deck_count"] == len(st.deck) and "deck" not in view and "seed" not in text
        assert find_secrets(view, [*ENGINE.secrets(st, seat), st.seed]) is None


def test_a_spectator_sees_no_hand():
    st = ENGINE.setup({}, seats(2), 4)
    view = ENGINE.view(st, None)
    assert view["hand"] is None and view["moves"] is None and view["viewer"] is None
    assert find_secrets(view, ENGINE.secrets(st, None)) is None
    assert {CODE[c] for h in st.hands for c in h} <= set(ENGINE.secrets(st, None))


def test_the_envelope():
    st = ENGINE.setup({}, seats(8), 4)
    view = json.loads(json.dumps(ENGINE.view(st, 3)))
    check_envelope(ENGINE, view, 8, 3, [st.current])
    assert view["game"] == "hexal" and view["phase"] == "target" and view["turn"] == 0
    assert len({s["colour"] for s in view["seats"]}) == 8 == len(SEAT_COLOURS)
    assert view["seats"][0]["summary"] == "6 cards · 0 points"


def test_the_acting_seat_sees_its_targets():
    st = position(2, table={(0, 0): ["RC1"], (3, 0): ["OH6"]}, hands={0: HAND})
    view = ENGINE.view(st, 0)
    assert view["moves"] == {"targets": ["RC1", "OH6"]}
    assert ENGINE.view(st, 1)["moves"] is None
    assert view["phase_text"] == "Teal names a target card, or discards and draws."


def test_the_acting_seat_sees_every_place_with_its_points():
    """Issue 10: "the acting seat's view should list, for the chosen target, each legal place
    per hand card with the points it would score there, and the running total of the turn." """
    st = position(2, table={(0, 0): ["RC1"], (0, 1): ["OC1"]}, hands={0: HAND})
    st, _ = act(st, {"type": "target", "card": "RC1"}, {"type": "place", "card": "RT2", "q": 1, "r": -1})
    view = ENGINE.view(st, 0)
    assert view["phase_text"] == "Teal places cards around the red circle 1."
    places = view["moves"]["places"]
    assert set(places) == {"RC2", "BX5", "GH4", "YS3", "PP6"}
    assert places["BX5"] == [] and places["GH4"] == []
    by_cell = {(p["q"], p["r"]): p for p in places["RC2"]}
    # (1, 0) touches RC1 (2), OC1 (1) and RT2 (red, 2: 2); on top of RC1 only RC1 (2)
    assert by_cell[(1, 0)] == {"q": 1, "r": 0, "level": 0, "points": 5}
    assert by_cell[(0, 0)] == {"q": 0, "r": 0, "level": 1, "points": 2}
    assert view["turn_points"] == 1 and view["placed"] == [{"card": "RT2", "q": 1, "r": -1, "level": 0}]
    assert view["target"] == {"card": "RC1", "q": 0, "r": 0, "level": 0}
    new, events = act(st, {"type": "place", "card": "RC2", "q": 1, "r": 0})
    assert events[0]["points"] == 5 and ENGINE.view(new, 1)["turn_points"] == 6
    assert ENGINE.view(new, 1)["moves"] is None


def test_cards_taken_back_are_no_longer_secret():
    """Everyone saw a card on the table before it was taken back: it is public, not a secret."""
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: HAND})
    st, events = act(st, {"type": "target", "card": "RC1"}, {"type": "place", "card": "RC2", "q": 1, "r": 0},
                     {"type": "take_back", "card": "RC2"})
    assert "RC2" not in ENGINE.secrets(st, 1) and "RT2" in ENGINE.secrets(st, 1)
    assert ENGINE.view(st, 1)["seats"][0]["shown"] == ["RC2"]
    st, _ = act(st, {"type": "place", "card": "RC2", "q": 1, "r": 0})
    assert ENGINE.view(st, 1)["seats"][0]["shown"] == []


def test_draws_are_private_and_their_counts_public():
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: HAND}, deck=["OH1", "YH2"])
    st, events = act(st, {"type": "target", "card": "RC1"}, {"type": "place", "card": "RC2", "q": 1, "r": 0},
                     {"type": "end_turn"})
    private = [e for e in events if "visible_to" in e]
    assert private == [{"type": "drew_cards", "seat": 0, "cards": ["OH1"], "visible_to": [0]}]
    from games.protocol import visible_events

    assert "OH1" not in json.dumps(visible_events(events, 1))
    assert "OH1" not in json.dumps(visible_events(events, None))
