"""Issue 3, point 7, over HTTP (REST ``actions/``, which the page also uses while its socket is
down): "an illegal build, a trade with resources the player lacks, a play of a card bought
this turn, an action out of phase or out of turn, a malformed payload: each gets a 4xx ...
naming the rule, and the state is unchanged."
"""
from __future__ import annotations

import json

import pytest

from gameplatform.matches.models import Match, MoveRecord
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.actions import distance_ok, road_connects
from tests.games.hexfolk_web.conftest import ENGINE

pytestmark = pytest.mark.django_db

SETTLEMENT = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
PLAY = {  # a well-formed play of each development card
    "knight": {"type": "play_knight"},
    "road_building": {"type": "play_road_building"},
    "year_of_plenty": {"type": "play_year_of_plenty", "resources": ["ore", "grain"]},
    "monopoly": {"type": "play_monopoly", "resource": "ore"},
}


def stored(match):
    m = Match.unscoped.get(pk=match.pk)
    return m.version, m.state, MoveRecord.objects.filter(match_id=match.pk).count()


def post(api, match, action, version=None):
    version = Match.unscoped.get(pk=match.pk).version if version is None else version
    return api.post(f"/api/v1/matches/{match.pk}/actions/", {"action": action, "expected_version": version}, format="json")


def refused(api, table, action, status, code, message=None):
    """POSTs ``action``; asserts the refusal and that nothing changed."""
    before = stored(table.match)
    answer = post(api, table.match, action)
    assert answer.status_code == status, answer.content
    body = answer.json()
    assert body["error"] == code
    if message is not None:
        assert body["message"] == message
    assert stored(table.match) == before
    return body


@pytest.fixture
def main_phase(hexfolk_table, api_for):
    """A 3-player table whose active player has rolled: (table, seat, api of that seat)."""
    table = hexfolk_table(n=3)
    st = table.drive(lambda s: s.phase == "main")
    return table, st.turn, api_for(table.users[st.turn])


def test_an_illegal_build_names_the_rule(main_phase):
    """ "New settlements need one of your own roads leading up to their intersection";
    "Roads must connect to one of your own roads, settlements or cities"; the distance rule."""
    table, seat, api = main_phase
    table.give(seat, {**SETTLEMENT})
    st = table.state()
    topo = st.board.topo
    lonely = next(n for n in range(topo.n_nodes) if distance_ok(st, n)
                  and all(st.edge_owner[e] != seat for e in topo.node_edge_ids[n]))
    refused(api, table, {"type": "build_settlement", "node": lonely}, 400, E.SETTLEMENT_NEEDS_ROAD.code,
            E.SETTLEMENT_NEEDS_ROAD.message)
    crowded = next(n for n in range(topo.n_nodes) if st.node_owner[n] == -1 and not distance_ok(st, n))
    refused(api, table, {"type": "build_settlement", "node": crowded}, 400, E.DISTANCE_RULE.code,
            E.DISTANCE_RULE.message)
    far = next(e for e in range(topo.n_edges) if st.edge_owner[e] == -1 and not road_connects(st, seat, e))
    refused(api, table, {"type": "build_road", "edge": list(topo.edge_nodes[far])}, 400, E.ROAD_NOT_CONNECTED.code,
            E.ROAD_NOT_CONNECTED.message)
    own = next(n for n, o in enumerate(st.node_owner) if o == seat)
    refused(api, table, {"type": "build_city", "node": own}, 400, E.CANNOT_AFFORD.code, E.CANNOT_AFFORD.message)


def test_a_trade_with_cards_the_player_lacks_names_the_rule(main_phase):
    """ "With the bank: 4 identical resources for 1 of your choice"; player offers give only
    what one holds."""
    table, seat, api = main_phase
    hand = table.state().hands[seat]
    poor = next(r for r, name in enumerate(("lumber", "brick", "wool", "grain", "ore")) if hand[r] < 4)
    name = ("lumber", "brick", "wool", "grain", "ore")[poor]
    other = "ore" if name != "ore" else "wool"
    refused(api, table, {"type": "bank_trade", "give": name, "get": other, "rate": 4}, 400, E.NOT_IN_HAND.code,
            E.NOT_IN_HAND.message)
    refused(api, table, {"type": "bank_trade", "give": name, "get": other, "rate": 2}, 400, E.BANK_RATE.code,
            E.BANK_RATE.message)
    refused(api, table, {"type": "offer_trade", "give": {name: hand[poor] + 1}, "get": {other: 1}}, 400,
            E.NOT_IN_HAND.code, E.NOT_IN_HAND.message)


def test_a_card_bought_this_turn_cannot_be_played(main_phase):
    """ "Per turn you may play at most one card, and never one that you bought during the same
    turn." """
    table, seat, api = main_phase
    table.give(seat, {"wool": 1, "grain": 1, "ore": 1})
    answer = post(api, table.match, {"type": "buy_dev"})
    assert answer.status_code == 200, answer.content
    card = next(e["card"] for e in answer.json()["events"] if e["type"] == "dev_card")
    if card == "victory_point":
        refused(api, table, {"type": "play_victory_point"}, 400, E.VICTORY_POINT_NOT_PLAYED.code,
                E.VICTORY_POINT_NOT_PLAYED.message)
    else:
        refused(api, table, PLAY[card], 400, E.CARD_BOUGHT_THIS_TURN.code, E.CARD_BOUGHT_THIS_TURN.message)


def test_out_of_turn_and_out_of_phase(hexfolk_table, api_for):
    table = hexfolk_table(n=3)
    st = table.drive(lambda s: s.phase == "pre_roll")
    me = api_for(table.users[st.turn])
    other = api_for(table.users[(st.turn + 1) % 3])
    watcher = api_for(table.watcher)
    refused(other, table, {"type": "roll"}, 409, "not_your_turn")
    refused(watcher, table, {"type": "roll"}, 403, "not_seated")
    refused(me, table, {"type": "end_turn"}, 400, E.ROLL_FIRST.code, E.ROLL_FIRST.message)
    refused(me, table, {"type": "bank_trade", "give": "ore", "get": "wool"}, 400, E.ROLL_FIRST.code)
    refused(me, table, {"type": "discard", "cards": {}}, 400, E.NO_DISCARD_OWED.code, E.NO_DISCARD_OWED.message)


@pytest.mark.parametrize(("action", "code", "message"), [
    ({"type": "build_road", "edge": "north"}, E.BAD_EDGE.code, E.BAD_EDGE.message),
    ({"type": "build_road", "edge": [0, 999]}, E.BAD_EDGE.code, E.BAD_EDGE.message),
    ({"type": "build_settlement", "node": "12"}, E.BAD_NODE.code, E.BAD_NODE.message),
    ({"type": "build_settlement", "node": 5, "extra": 1}, E.BAD_KEYS.code, E.BAD_KEYS.message),
    ({"type": "bank_trade", "give": "gold", "get": "ore"}, E.BAD_RESOURCE.code, E.BAD_RESOURCE.message),
    ({"type": "offer_trade", "give": {"ore": -1}, "get": {}}, E.BAD_CARDS.code, E.BAD_CARDS.message),
    ({"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}, "to": [7]}, E.OFFER_TARGETS.code,
     E.OFFER_TARGETS.message),
    ({"type": "fly"}, E.NOT_AN_ACTION.code, E.NOT_AN_ACTION.message),
    (["roll"], "invalid_action", None),  # the shared parser (the WebSocket says the same)
    ({"kind": "roll"}, "invalid_action", None),
])
def test_a_malformed_action_names_the_field(main_phase, action, code, message):
    table, seat, api = main_phase
    body = refused(api, table, action, 400, code, message)
    assert body.get("field") == "action"


def test_garbage_bodies_are_4xx_and_change_nothing(main_phase):
    table, seat, api = main_phase
    before = stored(table.match)
    url = f"/api/v1/matches/{table.match.pk}/actions/"
    for body, content_type in [("{not json", "application/json"), (json.dumps([1, 2]), "application/json"),
                               (json.dumps({"action": {"type": "roll"}}), "application/json"),
                               (json.dumps({"action": {"type": "end_turn"}, "expected_version": "x"}), "application/json"),
                               ("x" * 70_000, "application/json")]:
        answer = api.generic("POST", url, body, content_type=content_type)
        assert 400 <= answer.status_code < 500, (body[:40], answer.status_code)
        assert "error" in answer.json()
    assert stored(table.match) == before


def test_a_stale_version_is_refused(main_phase):
    table, seat, api = main_phase
    version = Match.unscoped.get(pk=table.match.pk).version
    before = stored(table.match)
    answer = post(api, table.match, {"type": "end_turn"}, version=version - 1)
    assert answer.status_code == 409 and answer.json()["error"] == "stale_version"
    assert stored(table.match) == before
    assert ENGINE.decode(Match.unscoped.get(pk=table.match.pk).state).phase == "main"
