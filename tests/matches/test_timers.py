"""Turn timers (issue 10): expire_turn at the deadline, takeover after three time-outs, and the
sweeper that catches what a lost task left behind. Tasks are called here as plain functions;
tests/matches/test_tasks_worker.py runs them through a real worker."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.bots.services import BOT_GRACE, bot_take_turn
from gameplatform.core import sweeps
from gameplatform.core.tasks import sweep_overdue
from gameplatform.matches import services, timers
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.tasks import expire_turn
from games import registry

pytestmark = pytest.mark.django_db


def overdue(match, seconds=5):
    """Moves the deadline into the past (tests may bypass the 30 s minimum this way)."""
    Match.unscoped.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=seconds))
    match.refresh_from_db()
    return match


def acting(match):
    engine = registry.get_engine(match.game)
    return engine.to_act(engine.decode(match.state))


@pytest.fixture
def race(match_factory, member, other_member):
    return match_factory("race", [member, other_member], turn_seconds=60)


def test_timeout_action_is_recorded_and_counted(race):
    overdue(race)
    seat = acting(race)[0]
    assert expire_turn(race.pk, race.version) == 1
    record = MoveRecord.objects.get(match=race)
    assert (record.seat, record.action, record.actor, record.seq) == (seat, {"type": "roll"}, "timeout", race.version + 1)
    assert Seat.objects.get(match=race, index=seat).timeouts_in_row == 1
    race.refresh_from_db()
    assert race.deadline > timezone.now()  # the next seat's clock runs


def test_stale_duplicate_early_and_garbage_timers_do_nothing(race):
    assert expire_turn(race.pk, race.version) == 0  # deadline still ahead
    overdue(race)
    version = race.version
    assert expire_turn(race.pk, version) == 1
    assert expire_turn(race.pk, version) == 0  # duplicate delivery of the same timer
    race.refresh_from_db()
    overdue(race)
    assert expire_turn(race.pk, version) == 0  # stale: the version moved on
    assert expire_turn(10**9, race.version) == 0
    assert expire_turn("x", race.version) == 0
    assert expire_turn(race.pk, None) == 0
    assert MoveRecord.objects.filter(match=race).count() == 1


def test_no_timeout_in_a_finished_or_aborted_match(race, moderator):
    overdue(race)
    services.match_abort(match_id=race.pk, by=moderator)
    race.refresh_from_db()
    Match.unscoped.filter(pk=race.pk).update(deadline=timezone.now() - timedelta(seconds=5))
    assert expire_turn(race.pk, race.version) == 0
    assert sweep_overdue() == 0


def test_every_seat_that_must_act_times_out_together(match_factory, user_factory):
    match = match_factory("race", [user_factory() for _ in range(3)], options={"ready_phase": True}, turn_seconds=60)
    assert acting(match) == (0, 1, 2)
    overdue(match)
    assert expire_turn(match.pk, match.version) == 3
    match.refresh_from_db()
    assert match.state["phase"] == "race"
    assert list(MoveRecord.objects.filter(match=match).values_list("seat", "actor")) == [
        (0, "timeout"), (1, "timeout"), (2, "timeout")]


def test_three_timeouts_hand_the_seat_to_a_bot_until_its_owner_acts(race, tenant):
    """Issue 10: "after 3 timeouts in a row a bot takes over the seat until its owner comes back"."""
    target = acting(race)[0]
    seat = Seat.objects.get(match=race, index=target)
    for expected in (1, 2, 3):
        # The target times out; the other seat times out too, so the turn comes back.
        for _ in range(2):
            race.refresh_from_db()
            overdue(race)
            assert expire_turn(race.pk, race.version) == 1
        seat.refresh_from_db()
        assert seat.timeouts_in_row == expected
    assert seat.bot_takeover is True
    race.refresh_from_db()
    assert acting(race) == (target,) and race.bot_due_at is not None
    assert bot_take_turn(match_id=race.pk, version=race.version) is True
    # Issue 8, "Honest log": a bot holding the seat of a player away is recorded as such.
    assert MoveRecord.objects.order_by("-seq").filter(match=race).first().actor == "takeover"
    # The other seat (also taken over by now) is played by a bot as well.
    race.refresh_from_db()
    assert bot_take_turn(match_id=race.pk, version=race.version) is True
    race.refresh_from_db()
    assert acting(race) == (target,)
    services.submit_action(match_id=race.pk, tenant=tenant, user=seat.user, action={"type": "roll"},
                           expected_version=race.version)
    seat.refresh_from_db()
    assert (seat.timeouts_in_row, seat.bot_takeover) == (0, False)


def test_a_bot_seat_timing_out_is_not_counted(match_factory, member):
    match = match_factory("race", [member, "random"], turn_seconds=60)
    if acting(match) != (1,):
        overdue(match)
        expire_turn(match.pk, match.version)
        match.refresh_from_db()
    overdue(match)
    assert expire_turn(match.pk, match.version) == 1
    assert Seat.objects.get(match=match, index=1).timeouts_in_row == 0


def test_sweeper_times_out_overdue_matches_only(match_factory, member, other_member, user_factory):
    late = overdue(match_factory("race", [member, other_member], turn_seconds=60))
    just_now = match_factory("race", [user_factory(), user_factory()], turn_seconds=60)
    Match.unscoped.filter(pk=just_now.pk).update(deadline=timezone.now() - timers.DEADLINE_GRACE / 4)
    running = match_factory("race", [user_factory(), user_factory()], turn_seconds=60)
    assert sweep_overdue() == 1
    assert MoveRecord.objects.filter(match=late, actor="timeout").count() == 1
    assert not MoveRecord.objects.filter(match__in=[just_now, running]).exists()


def test_sweeper_plays_a_lost_bot_turn(match_factory, member):
    match = match_factory("race", ["random", "random"])
    assert match.bot_due_at is not None
    assert sweep_overdue() == 0  # the bot task still has time
    Match.unscoped.filter(pk=match.pk).update(bot_due_at=timezone.now() - BOT_GRACE * 2)
    assert sweeps.sweep_run() == 1
    assert MoveRecord.objects.get(match=match).actor == "bot"


def test_far_deadlines_are_left_to_the_sweeper(match_factory, member, other_member, monkeypatch,
                                               django_capture_on_commit_callbacks):
    scheduled = []
    monkeypatch.setattr(expire_turn, "apply_async", lambda args, **kw: scheduled.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        live = match_factory("race", [member, other_member], turn_seconds=60)
        slow = match_factory("race", [member, other_member], turn_seconds=3600)
    assert scheduled == [(live.pk, live.version)]
    assert slow.deadline is not None


def test_a_turn_of_several_moves_times_out_whole_and_counts_once(match_factory, member, other_member, monkeypatch):
    """A Hexal Classic turn is several moves (cards placed one at a time, then the end of the
    turn) and its clock does not restart within the turn: one time-out plays the whole turn
    (until the turn passes and the clock starts again) and counts one time-out, not one per
    move."""
    monkeypatch.setitem(registry.GAMES, "hexal", "games.hexal")
    match = match_factory("hexal", [member, other_member], turn_seconds=60)
    engine = registry.get_engine("hexal")
    seat = acting(match)[0]
    overdue(match)
    applied = expire_turn(match.pk, match.version)
    match.refresh_from_db()
    assert applied >= 1
    assert acting(match) == (1 - seat,) and match.deadline > timezone.now()
    assert Seat.objects.get(match=match, index=seat).timeouts_in_row == 1
    assert set(MoveRecord.objects.filter(match=match).values_list("actor", flat=True)) == {"timeout"}
    assert engine.result(engine.decode(match.state)) is None
