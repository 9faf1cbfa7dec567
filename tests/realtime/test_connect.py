"""Who may open ws/matches/<id>/ and what the first message shows (contracts.md, "WebSocket")."""
import pytest
from channels.db import database_sync_to_async

from gameplatform.realtime.auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from games.registry import get_engine
from tests.realtime.conftest import first_state

pytestmark = pytest.mark.django_db(transaction=True)

SNAPSHOT_KEYS = {
    "type", "match", "version", "status", "seat", "view", "legal_actions", "events", "actor", "deadline", "clocks",
    "seats", "seed_commitment", "seed", "result",
}


@pytest.fixture
def table(race_match, member, other_member, user_factory):
    """alice at seat 0, bob at seat 1, carol a member watching."""
    match = race_match([member, other_member])
    return match, member, other_member, user_factory("carol")


def engine_state(match):
    match.refresh_from_db()
    engine = get_engine(match.game)
    return engine, engine.decode(match.state)


async def test_seat_owner_gets_own_view_with_hand_and_legal_actions(table, connect_socket):
    match, alice, _, _ = table
    accepted, code, sock = await connect_socket(alice, match)
    assert (accepted, code) == (True, None)
    state = first_state(sock)
    assert set(state) == SNAPSHOT_KEYS
    engine, game = await database_sync_to_async(engine_state)(match)
    assert state["seat"] == 0
    assert state["version"] == match.version
    assert state["view"] == engine.view(game, 0)
    assert state["view"]["hand"] == game["hands"][0]
    if 0 in engine.to_act(game):
        assert state["legal_actions"] == engine.legal_actions(game, 0)
    else:
        assert state["legal_actions"] == []
    assert state["seed"] is None and len(state["seed_commitment"]) == 64
    # Setup events: alice's own private hand event only.
    assert [e for e in state["events"] if e["type"] == "hand"] == [
        {"type": "hand", "seat": 0, "cards": game["hands"][0]}
    ]


async def test_spectator_gets_the_public_view_without_any_hand(table, connect_socket):
    match, _, _, carol = table
    accepted, code, sock = await connect_socket(carol, match)
    assert (accepted, code) == (True, None)
    state = first_state(sock)
    engine, game = await database_sync_to_async(engine_state)(match)
    assert state["seat"] is None
    assert state["view"] == engine.view(game, None)
    assert "hand" not in state["view"]
    assert state["legal_actions"] == []
    assert all(e["type"] != "hand" for e in state["events"])
    assert state["seed"] is None


async def test_anonymous_visitor_is_refused_with_4403(table, connect_socket):
    match = table[0]
    accepted, code, sock = await connect_socket(None, match)
    assert (accepted, code) == (True, CLOSE_FORBIDDEN)
    assert sock.received == []


async def test_suspended_user_is_refused_with_4403(table, connect_socket, user_factory):
    match = table[0]
    dave = await database_sync_to_async(user_factory)("dave")
    cookie = await database_sync_to_async(_cookie)(dave)
    await database_sync_to_async(_suspend)(dave)
    accepted, code, sock = await connect_socket(dave, match, cookie=cookie)
    assert (accepted, code) == (True, CLOSE_FORBIDDEN)
    assert sock.received == []


async def test_non_member_of_an_invite_only_tenant_is_refused_with_4403(
    connect_socket, race_match, other_tenant, user_factory
):
    match = await database_sync_to_async(_other_match)(race_match, user_factory, other_tenant)
    outsider = await database_sync_to_async(user_factory)("outsider")  # member of the default tenant only
    accepted, code, sock = await connect_socket(outsider, match, host="elsewhere.test", origin="http://elsewhere.test")
    assert (accepted, code) == (True, CLOSE_FORBIDDEN)
    assert sock.received == []


async def test_another_tenants_match_is_404_like_a_missing_one(
    table, connect_socket, race_match, other_tenant, user_factory
):
    """The other tenant's player asks, through the default (open) tenant's host, for their
    match: the same 4404 as for an id that does not exist."""
    theirs = await database_sync_to_async(_other_match)(race_match, user_factory, other_tenant)
    owner = await database_sync_to_async(lambda: theirs.created_by)()
    accepted, code, _ = await connect_socket(owner, theirs)
    assert (accepted, code) == (True, CLOSE_NOT_FOUND)
    accepted, code, _ = await connect_socket(owner, theirs.pk + 1000)
    assert (accepted, code) == (True, CLOSE_NOT_FOUND)
    # ...and through the other tenant's host the default tenant's match is not there either.
    ours = table[0]
    accepted, code, _ = await connect_socket(owner, ours, host="elsewhere.test", origin="http://elsewhere.test")
    assert (accepted, code) == (True, CLOSE_NOT_FOUND)
    # Through its own host, the owner watches their match.
    accepted, code, sock = await connect_socket(owner, theirs, host="elsewhere.test", origin="http://elsewhere.test")
    assert (accepted, code) == (True, None)
    assert first_state(sock)["seat"] == 0


async def test_unknown_host_is_404(table, connect_socket):
    match, alice, _, _ = table
    # The page is ours (a default host); the socket names a host no community serves.
    accepted, code, _ = await connect_socket(alice, match, host="nowhere.test", origin="http://testserver")
    assert (accepted, code) == (True, CLOSE_NOT_FOUND)


async def test_cross_site_origin_fails_the_handshake(table, connect_socket):
    """Every case of the rule is in test_origin.py; here the consumer applies it."""
    match, alice, _, _ = table
    for origin in ("http://evil.test", "http://testserver.evil.test", "null", None, "http://[bad"):
        accepted, code, _ = await connect_socket(alice, match, origin=origin)
        assert (accepted, code) == (False, CLOSE_FORBIDDEN), origin


async def test_trusted_origin_from_settings_is_accepted(table, connect_socket, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.hexagora.test", "https://play.example.test"]
    match, alice, _, _ = table
    for origin in ("https://play.example.test", "https://eu.hexagora.test"):
        accepted, code, _ = await connect_socket(alice, match, origin=origin)
        assert (accepted, code) == (True, None), origin
    accepted, code, _ = await connect_socket(alice, match, origin="http://eu.hexagora.test")
    assert (accepted, code) == (False, CLOSE_FORBIDDEN)


def _other_match(race_match, user_factory, other_tenant):
    owner, guest = user_factory("owner", tenant=other_tenant), user_factory("guest", tenant=other_tenant)
    return race_match([owner, guest], tenant=other_tenant)


def _cookie(user):
    from tests.realtime.conftest import session_cookie

    return session_cookie(user)


def _suspend(user):
    user.is_active = False
    user.save(update_fields=["is_active"])


@pytest.mark.parametrize("path", ["/ws/matches/-1/", "/ws/matches/abc/", "/ws/matches/5", "/ws/matches/5/extra/", "/ws/nothing/"])
async def test_a_path_no_route_matches_is_refused_like_a_missing_match(ws_app, path):
    """Bad input never answers 500: a WebSocket path outside the routes closes with 4404."""
    from channels.testing import WebsocketCommunicator

    from tests.realtime.conftest import ws_headers

    comm = WebsocketCommunicator(ws_app, path, headers=ws_headers(cookie=None))
    accepted, _ = await comm.connect(timeout=5)
    assert accepted
    out = await comm.receive_output(5)
    assert (out["type"], out.get("code")) == ("websocket.close", CLOSE_NOT_FOUND)
    await comm.disconnect()
