"""Issue 26, point 7: "The header's 'Your turn' badge ignores invitations: 0 while /your-turn/
lists one." The badge counts what the page lists (``selectors.alerts_count``: the matches
waiting for the person and their open invitations, from the same queries), on the page and
live over ``ws/me/``, and an invitee's count follows the invitation (a seat taken, the
start)."""
import re

import pytest
from channels.db import database_sync_to_async

from gameplatform.alerts import notify, selectors
from gameplatform.alerts import services as alert_services
from gameplatform.matches import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def invited(race_engine, member, other_member, tenant):
    """An open 3-seat race of alice's to which bob is invited."""
    match = services.match_create(tenant=tenant, user=member, game="race", seats=3, title="Friday race")
    alert_services.match_invite(tenant=tenant, user=member, match_id=match.pk, username="bob")
    return match


def badge(client) -> int:
    """The header's "Your turn" count on the lobby page."""
    html = client.get("/").content.decode()
    return int(re.search(r'id="waiting-count">(\d+)<', html).group(1))


def listed(client) -> tuple[int, int, int]:
    """(waiting matches, invitations, data-count) as /your-turn/ shows them."""
    html = client.get("/your-turn/").content.decode()
    waiting = html.count('<li data-match=', html.index('id="waiting-panel"'), html.index('id="invitations-panel"'))
    invitations = html.count('<li data-match=', html.index('id="invitations-panel"'))
    return waiting, invitations, int(re.search(r'data-count="(\d+)"', html).group(1))


def test_the_badge_counts_what_the_your_turn_page_lists(client, invited, other_member, tenant, waiting_match):
    client.force_login(other_member)
    assert listed(client) == (0, 1, 1)
    assert badge(client) == 1  # was 0: the invitation was not counted
    waiting_match(other_member)
    assert listed(client) == (1, 1, 2)
    assert badge(client) == 2
    assert selectors.alerts_count(tenant=tenant, user=other_member) == 2


def test_an_invitation_leaves_the_count_once_the_invitee_sits_down(client, invited, other_member, tenant):
    services.match_join(tenant=tenant, user=other_member, match_id=invited.pk)
    client.force_login(other_member)
    assert listed(client) == (0, 0, 0)
    assert badge(client) == 0


async def test_the_socket_counts_the_invitation_on_connect(invited, other_member, connect_me):
    _, _, sock = await connect_me(other_member)
    assert sock.received == [{"type": "waiting", "count": 1}]


async def test_the_invitation_alert_carries_the_count(race_engine, member, other_member, tenant, connect_me):
    match = await database_sync_to_async(services.match_create)(tenant=tenant, user=member, game="race", seats=2)
    _, _, sock = await connect_me(other_member)
    assert sock.received == [{"type": "waiting", "count": 0}]
    await database_sync_to_async(alert_services.match_invite)(tenant=tenant, user=member, match_id=match.pk,
                                                              username="bob")
    alert = await sock.recv_type("alert")
    assert (alert["kind"], alert["count"]) == ("invitation", 1)


def test_the_invitee_is_told_when_the_match_starts(invited, member, other_member, user_factory, tenant, monkeypatch):
    """Live: the start takes the invitation off the list, so the invitee's sockets get their
    count again (the seats' people only were told before)."""
    sent = []
    monkeypatch.setattr(notify, "groups_send", lambda sends: sent.extend(sends))
    carol = user_factory("carol", tenant=tenant)
    services.match_join(tenant=tenant, user=carol, match_id=invited.pk)  # still open: bob is told
    bob_group = notify.user_group(other_member.pk, tenant.pk)
    assert (bob_group, {"type": notify.MESSAGE_TYPE, "alert": None}) in sent
    sent.clear()
    services.seat_assign_bot(tenant=tenant, user=member, match_id=invited.pk, seat_index=2, kind="random")
    sent.clear()
    services.match_start(tenant=tenant, user=member, match_id=invited.pk)
    assert (bob_group, {"type": notify.MESSAGE_TYPE, "alert": None}) in sent
    assert selectors.alerts_count(tenant=tenant, user=other_member) == 0


def test_a_move_of_a_match_in_play_costs_the_invitations_no_query(race_engine, match_factory, member, other_member,
                                                                  django_assert_num_queries):
    """Only open matches list invitations: a move of a match in play reads none."""
    from gameplatform.core import events

    match = match_factory("race", [member, other_member])
    event = events.MoveApplied(match_id=match.pk, tenant_id=match.tenant_id, version=match.version)
    with django_assert_num_queries(0):
        alert_services.invitations_changed(match, started=isinstance(event, events.MatchStarted))
