"""Turn timers through a real Celery worker: expire_turn fires at the deadline, three missed
turns bring in a bot, and when the worker dies with the timer task the sweeper still moves
the match on. Turn times are written straight to the row (tests may go under 30 s)."""
import time

import pytest
from django.utils import timezone

from gameplatform.core.tasks import sweep_overdue
from gameplatform.matches import services, timers
from gameplatform.matches.models import Match, MoveRecord, ReplayCheckpoint, Seat
from gameplatform.matches.tasks import expire_turn
from tests.conftest import purge_task_queue

pytestmark = pytest.mark.celery_worker


@pytest.fixture
def received():
    """``(task name, args)`` of every task request a worker of this test received: a task with
    an ETA is held by the worker from then on (Celery's ``task_received`` signal)."""
    from celery.signals import task_received

    got = []

    def note(sender=None, request=None, **kwargs):
        got.append((request.task_name, list(request.args)))

    task_received.connect(note, weak=False)
    yield got
    task_received.disconnect(note)


def test_timer_fires_at_the_deadline(task_worker, match_factory, member, other_member, wait_for):
    match = match_factory("race", [member, other_member], turn_seconds=1)
    record = wait_for(lambda: MoveRecord.objects.filter(match=match).first(), timeout=30)
    assert record.actor == "timeout" and record.created_at >= match.deadline
    assert Seat.objects.get(match=match, index=record.seat).timeouts_in_row == 1


def test_three_missed_turns_bring_in_a_bot_until_the_owner_is_back(
    task_worker, match_factory, member, tenant, wait_for
):
    match = match_factory("race", [member, "random"], options={"target": 5000}, turn_seconds=1)
    wait_for(lambda: MoveRecord.objects.filter(match=match, seat=0, actor="takeover").exists(), timeout=60)
    seat = Seat.objects.get(match=match, index=0)
    actors = list(MoveRecord.objects.filter(match=match, seat=0).order_by("seq").values_list("actor", flat=True))
    # Three time-outs, then the bot. On a loaded machine the 1 s timer may take a turn or two
    # more before the bot's first move (the exact count is tests/matches/services/test_clocks.py's).
    first_bot = actors.index("takeover")
    assert actors[:3] == ["timeout"] * 3 and set(actors[:first_bot]) == {"timeout"}
    assert seat.bot_takeover and seat.timeouts_in_row >= 3
    services.seat_resume(tenant=tenant, user=member, match_id=match.pk)
    seat.refresh_from_db()
    assert (seat.bot_takeover, seat.timeouts_in_row) == (False, 0)
    Match.unscoped.filter(pk=match.pk).update(turn_seconds=None)  # alice takes her time now


def test_sweeper_moves_a_match_whose_timer_task_was_lost(worker_factory, match_factory, member, other_member, wait_for,
                                                         received):
    with worker_factory():
        match = match_factory("race", [member, other_member], turn_seconds=60)
        # The worker holds the expire_turn task, waiting for its ETA ...
        wait_for(lambda: (expire_turn.name, [match.pk, match.version]) in received, timeout=10)
    # ... and dies before the deadline, and its task with it (a broker that put the
    # unacknowledged message back loses it here).
    purge_task_queue()
    # The deadline passes while no worker runs (moved instead of waited for).
    Match.unscoped.filter(pk=match.pk).update(deadline=timezone.now() - timers.DEADLINE_GRACE * 2)
    with worker_factory():
        time.sleep(0.5)
        assert not MoveRecord.objects.filter(match=match).exists()  # nothing left to fire ...
        sweep_overdue.delay()  # ... until the periodic sweep (beat) comes round
        record = wait_for(lambda: MoveRecord.objects.filter(match=match).first(), timeout=30)
    assert record.actor == "timeout" and record.seq == match.version + 1


def test_a_match_that_ends_gets_its_replay_checkpoints_from_the_worker(task_worker, match_factory, wait_for):
    """Issue 29, point 7: "a finished match's replay checkpoints are computed when it ends (in
    the background)": the worker plays the bots' match to its end, then builds them unasked."""
    match = match_factory("race", ["random", "random"], options={"target": 8})
    wait_for(lambda: Match.unscoped.get(pk=match.pk).status == Match.Status.FINISHED, timeout=60)
    steps = wait_for(lambda: list(ReplayCheckpoint.objects.filter(match=match).order_by("step")
                                  .values_list("step", flat=True)), timeout=30)
    assert steps[0] == 0 and steps[-1] == MoveRecord.objects.filter(match=match).count()
