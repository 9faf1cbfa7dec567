"""Issue 13, point 3: "the header shows how many matches wait for the user ... and a page lists
them oldest deadline first". The turn flow marks the seat of each person to act
(``Seat.waiting_since``, ``alerts.services.waiting_sync``); counts are per community."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.alerts import selectors
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from gameplatform.tenants.models import Membership

from .conftest import play, to_act

pytestmark = pytest.mark.django_db


def waiting(user, tenant) -> int:
    return selectors.waiting_count(tenant=tenant, user=user)


def test_the_person_to_act_is_waited_for_and_the_other_is_not(race_engine, match_factory, member, other_member,
                                                              tenant):
    match = match_factory("race", [member, other_member])
    users = {0: member, 1: other_member}
    first = to_act(match)[0]
    assert waiting(users[first], tenant) == 1
    assert waiting(users[1 - first], tenant) == 0
    play(match, users)
    assert waiting(users[first], tenant) == 0
    assert waiting(users[1 - first], tenant) == 1
    row = Seat.objects.get(waiting_since__isnull=False)
    assert (row.user_id, row.match_id, row.waiting_version) == (users[1 - first].pk, match.pk, match.version + 1)


def test_a_seat_still_to_act_keeps_its_since(race_engine, match_factory, member, other_member, tenant):
    """Simultaneous "ready" phase: both act; when one is done the other still waits, since the
    same moment (one turn, however many moves the others make)."""
    match = match_factory("race", [member, other_member], options={"ready_phase": True})
    users = {0: member, 1: other_member}
    assert sorted(to_act(match)) == [0, 1]
    since = Seat.objects.get(waiting_since__isnull=False, user=other_member).waiting_since
    play(match, users, {"type": "ready"})  # seat 0 first
    assert waiting(member, tenant) == 0
    assert Seat.objects.get(waiting_since__isnull=False, user=other_member).waiting_since == since


def test_bots_and_bot_played_seats_wait_for_nobody(race_engine, match_factory, member, tenant):
    match = match_factory("race", [member, "random"])
    users = {0: member}
    if to_act(match) == [0]:
        play(match, users)
    assert to_act(match) == [1]
    assert not Seat.objects.filter(waiting_since__isnull=False).exists()
    # A bot playing for the absent person (after time-outs): the person is not waited for.
    Seat.objects.filter(match=match, index=0).update(bot_takeover=True)
    match.refresh_from_db()
    from gameplatform.bots.services import bot_take_turn

    assert bot_take_turn(match_id=match.pk, version=match.version)
    assert to_act(match) == [0]
    assert waiting(member, tenant) == 0
    services.seat_resume(tenant=tenant, user=member, match_id=match.pk)  # "I'm back"
    assert waiting(member, tenant) == 1


def test_the_end_of_a_match_waits_for_nobody(race_engine, match_factory, member, other_member, tenant):
    match = match_factory("race", [member, other_member], options={"target": 5})
    users = {0: member, 1: other_member}
    while Match.unscoped.get(pk=match.pk).status == Match.Status.ACTIVE:
        play(match, users)
    assert not Seat.objects.filter(waiting_since__isnull=False).exists()
    other = match_factory("race", [member, other_member])
    assert Seat.objects.filter(waiting_since__isnull=False, match=other).exists()
    services.match_abort(match_id=other.pk, by=None)
    assert not Seat.objects.filter(waiting_since__isnull=False).exists()


def test_each_community_counts_its_own_matches(race_engine, match_factory, user_factory, tenant, other_tenant):
    ann = user_factory("ann")
    Membership.objects.create(user=ann, tenant=other_tenant)
    bea = user_factory("bea", tenant=other_tenant)
    here = match_factory("race", [ann, "random"])
    there = match_factory("race", [ann, bea], tenant=other_tenant)
    if to_act(here) != [0]:
        from gameplatform.bots.services import bot_take_turn

        bot_take_turn(match_id=here.pk, version=Match.unscoped.get(pk=here.pk).version)
    ann_there = 1 if to_act(there) == [0] else 0
    assert waiting(ann, tenant) == 1
    assert waiting(ann, other_tenant) == ann_there
    assert [row["match"] for row in selectors.waiting_list(tenant=tenant, user=ann)] == [here.pk]
    assert all(row["match"] == there.pk for row in selectors.waiting_list(tenant=other_tenant, user=ann))


def test_the_list_is_oldest_deadline_first_and_no_deadline_last(race_engine, match_factory, member, tenant):
    matches = [match_factory("race", [member, "random"]) for _ in range(4)]
    for match in matches:
        if to_act(match) != [0]:
            from gameplatform.bots.services import bot_take_turn

            bot_take_turn(match_id=match.pk, version=Match.unscoped.get(pk=match.pk).version)
    now = timezone.now()
    deadlines = [now + timedelta(hours=5), None, now + timedelta(hours=1), now + timedelta(days=2)]
    for match, deadline in zip(matches, deadlines, strict=True):
        Match.unscoped.filter(pk=match.pk).update(deadline=deadline)
    order = [row["match"] for row in selectors.waiting_list(tenant=tenant, user=member)]
    assert order == [matches[2].pk, matches[0].pk, matches[3].pk, matches[1].pk]
    assert selectors.waiting_count(tenant=tenant, user=member) == 4


def test_signed_out_and_strangers_count_nothing(tenant, other_tenant, user_factory):
    from django.contrib.auth.models import AnonymousUser

    assert selectors.waiting_count(tenant=tenant, user=AnonymousUser()) == 0
    assert selectors.waiting_list(tenant=tenant, user=None) == []
    assert selectors.waiting_count(tenant=None, user=user_factory()) == 0


def test_a_change_of_who_is_waited_for_costs_one_statement(race_engine, match_factory, member,
                                                                   other_member, monkeypatch):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from gameplatform.alerts import services as alert_services

    users = {0: member, 1: other_member}

    def statements(match, action=None) -> int:
        with CaptureQueriesContext(connection) as ctx:
            play(match, users, action)
        return len(ctx.captured_queries)

    match = match_factory("race", [member, other_member], options={"target": 5000})
    with_sync = statements(match)
    real = alert_services.waiting_sync
    monkeypatch.setattr(alert_services, "waiting_sync", lambda *a, **kw: None)
    without = statements(match)
    assert with_sync == without + 1
    # The ready phase: seat 0 is done, seat 1 still waits (and keeps its since): one UPDATE.
    monkeypatch.setattr(alert_services, "waiting_sync", real)
    ready = match_factory("race", [member, other_member], options={"ready_phase": True})
    assert statements(ready, {"type": "ready"}) == without + 1
