"""Issue 13, point 3: the count "live over the WebSocket" and the alerts behind the browser
notifications: ``ws/me/`` (docs/contracts.md). Points 8-9: bad messages get an error naming
the field and change nothing; nothing of one community reaches a page of another."""
import pytest
from channels.db import database_sync_to_async

from gameplatform.alerts import services as alert_services
from gameplatform.matches import services
from gameplatform.matches.models import Match
from gameplatform.players.models import Preferences
from gameplatform.realtime.auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from gameplatform.tenants.models import Membership

from .conftest import play, to_act

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def race(race_engine, match_factory, member, other_member):
    """A started race: alice (seat 0) and bob (seat 1); returns (match, {seat: user}, seat to act)."""
    match = match_factory("race", [member, other_member])
    return match, {0: member, 1: other_member}, to_act(match)[0]


async def test_the_count_comes_on_connect_and_follows_each_move(race, connect_me):
    match, users, first = race
    accepted, code, mover = await connect_me(users[first])
    assert (accepted, code) == (True, None)
    assert mover.received == [{"type": "waiting", "count": 1}]
    _, _, other = await connect_me(users[1 - first])
    assert other.received == [{"type": "waiting", "count": 0}]
    await database_sync_to_async(play)(match, users)
    alert = await other.recv_type("alert")
    assert alert == {
        "type": "alert", "kind": "turn", "match": match.pk, "url": f"/matches/{match.pk}/",
        "title": "Your turn", "body": "It is your turn in Race (test game).", "notify": False, "count": 1,
    }
    assert await mover.recv() == {"type": "waiting", "count": 0}
    assert await other.quiet() and await mover.quiet()


async def test_sync_answers_the_count(race, connect_me):
    _, users, first = race
    _, _, sock = await connect_me(users[first])
    assert await sock.request({"type": "sync"}) == {"type": "waiting", "count": 1}


async def test_the_alert_says_whether_to_notify(race, connect_me):
    match, users, first = race
    await database_sync_to_async(Preferences.objects.create)(user=users[1 - first], browser_notifications=True)
    _, _, sock = await connect_me(users[1 - first])
    await database_sync_to_async(play)(match, users)
    alert = await sock.recv_type("alert")
    assert alert["notify"] is True and alert["kind"] == "turn"


async def test_the_end_of_the_match_is_an_alert_for_every_player(race_engine, match_factory, member, other_member,
                                                                connect_me):
    match = await database_sync_to_async(match_factory)("race", [member, other_member], options={"target": 5})
    users = {0: member, 1: other_member}
    _, _, alice = await connect_me(member)
    _, _, bob = await connect_me(other_member)

    def play_to_the_end():
        while Match.unscoped.get(pk=match.pk).status == Match.Status.ACTIVE:
            play(match, users)
        return Match.unscoped.get(pk=match.pk).result

    result = await database_sync_to_async(play_to_the_end)()
    winner = result["winners"][0] if result.get("winners") else result["ranks"].index(1)
    for seat, sock in ((0, alice), (1, bob)):
        while True:
            msg = await sock.recv()
            if msg["type"] == "alert" and msg["kind"] == "match_end":
                break
        assert msg["match"] == match.pk and msg["count"] == 0
        assert msg["body"] == ("Race (test game) is over: you won!" if seat == winner else "Race (test game) is over.")


async def test_a_called_off_match_is_an_alert(race, connect_me):
    match, users, _ = race
    _, _, alice = await connect_me(users[0])
    await database_sync_to_async(services.match_abort)(match_id=match.pk, by=None)
    while (msg := await alice.recv())["type"] != "alert":
        pass
    assert msg["kind"] == "match_end" and msg["title"] == "Match called off"


async def test_an_invitation_is_an_alert_for_the_invitee_only(race_engine, match_factory, member, other_member,
                                                             user_factory, tenant, connect_me):
    carol = await database_sync_to_async(user_factory)("carol")
    match = await database_sync_to_async(_open_match)(member, tenant)
    _, _, bob = await connect_me(other_member)
    _, _, carol_sock = await connect_me(carol)
    await database_sync_to_async(alert_services.match_invite)(tenant=tenant, user=member, match_id=match.pk,
                                                              username="bob")
    alert = await bob.recv_type("alert")
    assert alert["kind"] == "invitation" and alert["body"] == "alice invites you to Race (test game)."
    assert await carol_sock.quiet()


def _open_match(creator, tenant):
    return services.match_create(tenant=tenant, user=creator, game="race", seats=2)


async def test_a_page_of_another_community_hears_nothing(race_engine, match_factory, user_factory, other_tenant,
                                                         tenant, connect_me):
    ann = await database_sync_to_async(user_factory)("ann")
    await database_sync_to_async(Membership.objects.create)(user=ann, tenant=other_tenant)
    bea = await database_sync_to_async(user_factory)("bea", tenant=other_tenant)
    match = await database_sync_to_async(match_factory)("race", [ann, bea], tenant=other_tenant)
    users = {0: ann, 1: bea}
    _, _, here = await connect_me(ann)  # the default community's page
    _, _, there = await connect_me(ann, host="elsewhere.test", origin="http://elsewhere.test")
    for _ in range(2):
        await database_sync_to_async(play)(match, users)
    assert here.received == [{"type": "waiting", "count": 0}]
    assert await here.quiet()
    heard = [await there.recv(), await there.recv()]  # ann's turn came and went (or went and came)
    assert sorted(m["type"] for m in heard) == ["alert", "waiting"]
    assert all(m.get("match", match.pk) == match.pk for m in heard)


async def test_who_may_connect(race, connect_me, user_factory, other_tenant):
    _, users, _ = race
    assert (await connect_me(None))[:2] == (True, CLOSE_FORBIDDEN)
    assert (await connect_me(users[0], host="nowhere.test"))[:2] == (True, CLOSE_NOT_FOUND)
    accepted, _, _ = await connect_me(users[0], origin="http://evil.test")
    assert not accepted
    owl = await database_sync_to_async(user_factory)("owl", tenant=other_tenant)
    # Not a member of the open default community: refused, and not made one by the socket.
    assert (await connect_me(owl))[:2] == (True, CLOSE_FORBIDDEN)
    assert not await database_sync_to_async(Membership.objects.filter(user=owl).exclude(tenant=other_tenant).exists)()
    assert (await connect_me(users[0], host="elsewhere.test", origin="http://elsewhere.test"))[:2] == (
        True, CLOSE_FORBIDDEN)


@pytest.mark.parametrize("frame, code, field", [
    ('{"type": "action"}', "unknown_type", "type"),
    ('{"kind": "sync"}', "missing_field", "type"),
    ('{"type": "sync", "count": 9}', "unexpected_field", "count"),
    ("[1, 2]", "malformed", None),
    ("not json", "malformed", None),
])
async def test_bad_messages_get_an_error_and_the_socket_stays(race, connect_me, frame, code, field):
    _, users, first = race
    _, _, sock = await connect_me(users[first])
    await sock.send_text(frame)
    error = await sock.recv_type("error")
    assert error["code"] == code and error.get("field") == field and error["message"]
    assert await sock.request({"type": "sync"}) == {"type": "waiting", "count": 1}


async def test_a_binary_or_huge_frame(race, connect_me):
    _, users, _ = race
    _, _, sock = await connect_me(users[0])
    await sock.send_bytes(b"\x00")
    assert (await sock.recv_type("error"))["code"] == "malformed"
    await sock.send_text("x" * 20_000)
    assert (await sock.recv_type("error"))["code"] == "message_too_large"
    assert await sock.closed_with() == 4009


async def test_a_session_that_ended_closes_the_socket(race, connect_me):
    from django.contrib.sessions.models import Session

    _, users, _ = race
    _, _, sock = await connect_me(users[0])
    await database_sync_to_async(lambda: Session.objects.all().delete())()
    error = await sock.request({"type": "sync"})
    assert error["code"] == "not_member"
    assert await sock.closed_with() == CLOSE_FORBIDDEN
