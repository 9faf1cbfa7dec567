"""The match socket's ``{"type": "hint"}`` (issue 30, point 4): answered with the hint on one's
turn in a match that offers them, refused by name in a rated one, and the move made after it is
marked "hint" for every seat's socket to show."""
import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache

from gameplatform.matches.models import Match
from games.registry import get_engine
from tests.bots.test_hints import offer_hints, to_my_turn

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hint_table(match_factory, member):
    cache.clear()
    match = offer_hints(match_factory("hextopia", [member, "random"]))
    to_my_turn(match)
    match.refresh_from_db()
    return match, member


async def test_a_hint_by_socket_then_the_move_is_marked_for_everyone(hint_table, connect_socket, user_factory):
    match, alice = hint_table
    _, _, sock = await connect_socket(alice, match)
    watcher = await database_sync_to_async(user_factory)("carol")
    _, _, public = await connect_socket(watcher, match)
    hint = await sock.request({"type": "hint"})
    assert hint["type"] == "hint", hint
    engine = get_engine("hextopia")
    state = await database_sync_to_async(lambda: engine.decode(Match.unscoped.get(pk=match.pk).state))()
    assert hint["action"] in engine.legal_actions(state, 0)
    await sock.send({"type": "action", "action": hint["action"], "expected_version": hint["version"],
                     "client_action_id": "after-hint"})
    seen = await public.recv_type("state")
    while seen["version"] != hint["version"] + 1:
        seen = await public.recv_type("state")
    assert seen["actor"] == "hint"


async def test_a_rated_match_refuses_the_socket_s_hint_by_name(hint_table, connect_socket):
    match, alice = hint_table
    await database_sync_to_async(Match.unscoped.filter(pk=match.pk).update)(rated=True)
    _, _, sock = await connect_socket(alice, match)
    error = await sock.request({"type": "hint"})
    assert (error["type"], error["code"], error["field"]) == ("error", "hints_off", "hints")
    assert "unrated" in error["message"]
    refused = await sock.request({"type": "hint", "seat": 1})
    assert (refused["type"], refused["code"]) == ("error", "unexpected_field")
