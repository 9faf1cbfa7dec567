"""Issue 10, point 6, over HTTP (REST ``actions/``, which the page also uses while its socket
is down): "an unsupported place, a card sharing nothing with a neighbour, a card not in the
hand, a second card on top, a move out of turn or out of phase, a malformed payload: a 4xx or
WebSocket error naming the rule, state unchanged."
"""
from __future__ import annotations

import pytest

from gameplatform.matches.models import Match, MoveRecord
from gameplatform.matches.turns import NOT_YOUR_TURN
from games.hexal.engine import errors as E
from games.hexal.engine.cards import CODE
from tests.games.hexal.helpers import position

pytestmark = pytest.mark.django_db


def stored(match):
    m = Match.unscoped.get(pk=match.pk)
    return m.version, m.state, MoveRecord.objects.filter(match_id=match.pk).count()


def refused(api, match, action, status, code, message=None):
    """POSTs ``action``; asserts the refusal and that nothing changed."""
    before = stored(match)
    answer = api.post(f"/api/v1/matches/{match.pk}/actions/",
                      {"action": action, "expected_version": before[0]}, format="json")
    assert answer.status_code == status, answer.content
    body = answer.json()
    assert body["error"] == code, body
    if message is not None:
        assert body["message"] == message
    assert stored(match) == before
    return body


@pytest.fixture
def first_turn(hexal_table, api_for):
    """A 2-player table at its first action: (table, state, the seat to act, its api, the other's api)."""
    table = hexal_table()
    st = table.state()
    seat = st.current
    return table, st, seat, api_for(table.users[seat]), api_for(table.users[1 - seat])


def test_malformed_payloads_name_the_field(first_turn):
    table, st, seat, api, _ = first_turn
    for action in ({}, {"type": 3}, "end my turn"):  # the platform's parser: not an action at all
        refused(api, table.match, action, 400, "invalid_action")
    refused(api, table.match, {"type": "fly"}, 400, E.NOT_AN_ACTION.code, E.NOT_AN_ACTION.message)
    refused(api, table.match, {"type": "target"}, 400, E.BAD_KEYS.code, E.BAD_KEYS.message)
    refused(api, table.match, {"type": "target", "card": "ZZ9"}, 400, E.BAD_CARD.code, E.BAD_CARD.message)
    refused(api, table.match, {"type": "target", "card": ["RC1"]}, 400, E.BAD_CARD.code, E.BAD_CARD.message)
    refused(api, table.match, {"type": "end_turn", "points": 99}, 400, E.BAD_KEYS.code, E.BAD_KEYS.message)


def test_out_of_turn_and_out_of_phase(first_turn):
    table, st, seat, api, other = first_turn
    initial = CODE[st.initial]
    refused(other, table.match, {"type": "target", "card": initial}, 409, "not_your_turn", NOT_YOUR_TURN)
    card = CODE[st.hands[seat][0]]
    refused(api, table.match, {"type": "place", "card": card, "q": 1, "r": 0}, 400, E.TARGET_FIRST.code, E.TARGET_FIRST.message)
    refused(api, table.match, {"type": "end_turn"}, 400, E.NOTHING_PLACED.code, E.NOTHING_PLACED.message)
    refused(api, table.match, {"type": "take_back", "card": card}, 400, E.NOT_PLACED_THIS_TURN.code)


def test_bad_places_name_the_rule(hexal_table, api_for):
    """Rules 7-9: in direct contact with the target, on a free supported side or one card on
    top, sharing an attribute with every card touched; a card from the player's own hand."""
    table = hexal_table()
    table.put(position(2, current=0, table={(0, 0): ["RC1", "RC2"], (1, 0): ["RT1"], (-1, 0): ["GS5"]},
                       hands={0: ["RC3", "RT3", "BH6", "RS4", "RP1", "OC2"]}))
    api = api_for(table.users[0])
    m = table.match
    table.submit(0, {"type": "target", "card": "RC1"})  # buried at level 0
    refused(api, m, {"type": "place", "card": "RC3", "q": 1, "r": 0}, 400, E.SIDE_TAKEN.code, E.SIDE_TAKEN.message)
    refused(api, m, {"type": "place", "card": "RC3", "q": 0, "r": 0}, 400, E.TOP_TAKEN.code, E.TOP_TAKEN.message)
    refused(api, m, {"type": "place", "card": "RC3", "q": 2, "r": 0}, 400, E.NOT_TOUCHING_TARGET.code,
            E.NOT_TOUCHING_TARGET.message)
    refused(api, m, {"type": "target", "card": "RC2"}, 400, E.TARGET_ALREADY.code, E.TARGET_ALREADY.message)
    table.submit(0, {"type": "clear_target"})
    table.submit(0, {"type": "target", "card": "RC2"})  # the top of the stack, level 1
    refused(api, m, {"type": "place", "card": "RC3", "q": 0, "r": 1}, 400, E.SIDE_UNSUPPORTED.code,
            E.SIDE_UNSUPPORTED.message)
    refused(api, m, {"type": "place", "card": "BH6", "q": 1, "r": 0}, 400, E.NO_MATCH.code, E.NO_MATCH.message)
    refused(api, m, {"type": "place", "card": "GS5", "q": 1, "r": 0}, 400, E.NOT_IN_HAND.code, E.NOT_IN_HAND.message)
    refused(api, m, {"type": "place", "card": "RC3", "q": "1", "r": 0}, 400, E.BAD_CELL.code, E.BAD_CELL.message)
    refused(api, m, {"type": "place", "card": "RC3", "q": 10**9, "r": 0}, 400, E.NOT_TOUCHING_TARGET.code)
    table.submit(0, {"type": "place", "card": "RC3", "q": 0, "r": 0})  # one card on top
    refused(api, m, {"type": "place", "card": "RT3", "q": 0, "r": 0}, 400, E.TOP_TAKEN.code, E.TOP_TAKEN.message)
    refused(api, m, {"type": "discard", "card": "RT3"}, 400, E.ALREADY_PLACED.code, E.ALREADY_PLACED.message)
    refused(api, m, {"type": "clear_target"}, 400, E.ALREADY_PLACED.code, E.ALREADY_PLACED.message)
    refused(api, m, {"type": "pass"}, 400, E.ALREADY_PLACED.code, E.ALREADY_PLACED.message)
    assert table.submit(0, {"type": "end_turn"}).events[0]["points"] == 2  # circle and red with the card below
