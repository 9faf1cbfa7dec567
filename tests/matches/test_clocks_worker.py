"""Clocks and vacation through a real Celery worker (issue 13, point 4): an empty Fischer bank
times out at its deadline, repeated time-outs bring in the bot, and ending a vacation
reschedules a paused correspondence clock, whose new timer the worker then fires. The clock
units are shrunk (``clocks.MINUTE_MS`` and ``DAY_MS``, read by the worker's thread too), as
the other timer tests write short turn times straight to the row."""
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.matches import clocks, services
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.tenants.models import Membership

pytestmark = pytest.mark.celery_worker

BANK_MS = 400  # "1 minute"
MOVE_MS = 600  # "1 day"


@pytest.fixture
def short_units(monkeypatch):
    monkeypatch.setattr(clocks, "MINUTE_MS", BANK_MS)
    monkeypatch.setattr(clocks, "SECOND_MS", 10)
    monkeypatch.setattr(clocks, "DAY_MS", MOVE_MS)


def start(tenant, players, race_engine, **fields) -> Match:
    match = services.match_create(tenant=tenant, user=players[0], game="race", seats=len(players),
                                  options={"target": 5000}, **fields)
    for index, user in enumerate(players):
        Seat.objects.filter(match=match, index=index).update(user=user)
    return services.match_start(tenant=tenant, user=players[0], match_id=match.pk)


def test_an_empty_bank_times_out_and_three_in_a_row_bring_in_the_bot(
    task_worker, short_units, race_engine, tenant, member, other_member, wait_for
):
    match = start(tenant, [member, other_member], race_engine, time_control="fischer", bank_minutes=1,
                  increment_seconds=0)
    first = wait_for(lambda: MoveRecord.objects.filter(match=match).order_by("seq").first(), timeout=30)
    assert first.actor == "timeout"
    assert first.created_at >= match.started_at + timedelta(milliseconds=BANK_MS)
    # Both banks are empty now: every turn times out at once until the bots play for them.
    wait_for(lambda: MoveRecord.objects.filter(match=match, actor="takeover").count() >= 4, timeout=120,
             describe=lambda: list(MoveRecord.objects.filter(match=match).order_by("seq")
                                   .values_list("seq", "seat", "actor", "created_at")))
    for seat in Seat.objects.filter(match=match):
        assert seat.bot_takeover and seat.clock_since is None and seat.clock_ms == 0
        assert MoveRecord.objects.filter(match=match, seat=seat.index, actor="timeout").count() == 3
    # The bots' moves cost no time and no bot move is ever timed out.
    records = list(MoveRecord.objects.filter(match=match).order_by("seq").values_list("seat", "actor"))
    for seat in (0, 1):
        mine = [actor for s, actor in records if s == seat]
        assert mine[:3] == ["timeout"] * 3 and set(mine[3:]) == {"takeover"}
    Match.unscoped.filter(pk=match.pk).update(status=Match.Status.ABORTED)  # stop the bots


def test_ending_a_vacation_restarts_a_paused_correspondence_clock(
    task_worker, short_units, race_engine, tenant, member, other_member, wait_for
):
    from gameplatform.players.services import vacation_set

    until = timezone.localdate() + timedelta(days=1)
    for user in (member, other_member):
        vacation_set(membership=Membership.objects.get(user=user, tenant=tenant), until=until)
    match = start(tenant, [member, other_member], race_engine, time_control="correspondence", days_per_move=1)
    match.refresh_from_db()
    acting = Seat.objects.get(match=match, clock_since__isnull=False)
    assert acting.clock_since > timezone.now() + timedelta(hours=23)  # paused until the vacation ends
    # Several "days" pass: nothing times out while the vacation lasts.
    time.sleep(3 * MOVE_MS / 1000)
    assert not MoveRecord.objects.filter(match=match).exists()
    back_at = timezone.now()
    vacation_set(membership=Membership.objects.get(user=acting.user, tenant=tenant), until=None)
    record = wait_for(lambda: MoveRecord.objects.filter(match=match).first(), timeout=30)
    assert (record.seat, record.actor) == (acting.index, "timeout")
    assert record.created_at >= back_at + timedelta(milliseconds=MOVE_MS)
    Match.unscoped.filter(pk=match.pk).update(status=Match.Status.ABORTED)
