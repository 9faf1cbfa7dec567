"""The bot runner (issue 29, point 4): bot turns played without a Celery task each. A runner
claims the due turns from the database (``bots.claims``: advisory locks on PostgreSQL, a
lease on SQLite), plays them, and sleeps until the next one it knows of; two runners never
take the same turn; a runner that died holds nothing; an outage makes it wait, not stop."""
import logging
import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from gameplatform.bots import runner as runner_module
from gameplatform.bots import services as bots
from gameplatform.bots.claims import Claim, claim_due, claim_release
from gameplatform.bots.runner import FAILED_WAIT, BotRunner
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.matches.turns import SLOW_BOT_SECONDS
from games import registry
from games.protocol import RandomBot, bot_budget_seconds
from tests import fake_engine

pytestmark = pytest.mark.django_db(transaction=True)


def _due(match, seconds_ago: float) -> None:
    Match.unscoped.filter(pk=match.pk).update(bot_due_at=timezone.now() - timedelta(seconds=seconds_ago))


def test_a_claim_takes_the_due_turns_oldest_first(match_factory):
    older, newer, later = (match_factory("race", ["random", "random"]) for _ in range(3))
    _due(older, 3)
    _due(newer, 1)
    Match.unscoped.filter(pk=later.pk).update(bot_due_at=timezone.now() + timedelta(seconds=30))
    now = timezone.now()
    claim = claim_due(now=now, due_before=now, batch=10)
    assert claim.turns == [(older.pk, older.version), (newer.pk, newer.version)]
    claim_release(claim)
    if connection.vendor == "postgresql":  # given back (SQLite's lease runs on: see below)
        assert claim_due(now=now, due_before=now, batch=1).turns == [(older.pk, older.version)]


def _claim_elsewhere(now, *, hold: threading.Event | None = None) -> list:
    """A claim on another database connection (another runner): released at once; with
    ``hold``, kept until ``hold`` is set, and then the runner dies (its connection closes
    without releasing anything). Returns the turns claimed (with ``hold``, the thread first)."""
    from django.db import connections

    got: list = []

    def run():
        try:
            claim = claim_due(now=now, due_before=now, batch=10)
            got.extend(claim.turns)
            if hold is None:
                claim_release(claim)
            else:
                hold.wait(10)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    if hold is not None:
        got.append(thread)  # first, before the thread adds its turns
    thread.start()
    if hold is None:
        thread.join(10)
    return got


def _claim_when_freed(now, *, within: float = 15.0) -> list:
    """The turns claimed once a dead runner's locks are gone. A closed connection's server
    process ends on its own time (a busy machine takes a moment), and its advisory locks go
    with it: so this asks again until something is claimed or ``within`` seconds pass."""
    deadline = time.monotonic() + within
    while True:
        turns = claim_due(now=now, due_before=now, batch=10).turns
        if turns or time.monotonic() > deadline:
            return turns
        time.sleep(0.1)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="advisory locks: PostgreSQL only")
def test_two_runners_never_claim_the_same_turn_and_a_dead_one_holds_nothing(match_factory):
    match = match_factory("race", ["random", "random"])
    _due(match, 1)
    now = timezone.now()
    mine = claim_due(now=now, due_before=now, batch=10)
    assert mine.turns == [(match.pk, match.version)]
    assert _claim_elsewhere(now) == []  # held here: skipped there, not waited for
    claim_release(mine)
    hold = threading.Event()
    theirs = _claim_elsewhere(now, hold=hold)
    thread = theirs.pop(0)
    try:
        for _ in range(100):
            if theirs:
                break
            threading.Event().wait(0.05)
        assert theirs == [(match.pk, match.version)]
        assert claim_due(now=now, due_before=now, batch=10).turns == []
    finally:
        hold.set()  # that runner dies: its connection closes, and nothing stays held
        thread.join(10)
    assert _claim_when_freed(now) == [(match.pk, match.version)]
    # The claim wrote nothing: the row changes only with the move.
    assert Match.unscoped.get(pk=match.pk).bot_due_at < now


@pytest.mark.skipif(connection.vendor == "postgresql", reason="SQLite leases its claims")
def test_on_sqlite_a_claim_is_a_lease(match_factory, settings):
    settings.BOT_LEASE_SECONDS = 7.0
    match = match_factory("race", ["random", "random"])
    _due(match, 1)
    now = timezone.now()
    assert claim_due(now=now, due_before=now, batch=10).turns == [(match.pk, match.version)]
    assert Match.unscoped.get(pk=match.pk).bot_due_at == now + timedelta(seconds=7)
    assert claim_due(now=now, due_before=now, batch=10).turns == []
    later = now + timedelta(seconds=8)
    assert claim_due(now=later, due_before=later, batch=10).turns == [(match.pk, match.version)]


def test_a_turn_its_bot_did_not_play_is_put_off_by_the_lease(match_factory, settings, monkeypatch):
    settings.BOT_LEASE_SECONDS = 7.0
    match = match_factory("race", ["random", "random"])
    _due(match, 1)
    monkeypatch.setattr(bots, "bot_take_turn", lambda **kw: False)  # the bot waits for the others
    before = timezone.now()
    assert bots.bots_run_due()[0] == 0
    assert Match.unscoped.get(pk=match.pk).bot_due_at >= before + timedelta(seconds=7)
    assert bots.bots_run_due()[0] == 0 and MoveRecord.objects.filter(match=match).count() == 0


def test_a_pass_plays_the_due_turns_and_then_says_when_the_next_is_due(match_factory, settings):
    settings.BOT_DELAY_SECONDS = 2.0
    match = match_factory("race", ["random", "random"])
    _due(match, 0.5)
    applied, wait = bots.bots_run_due()  # and the next bot's turn is due after its delay
    assert applied == 1 and 1.0 < wait <= 2.0
    assert MoveRecord.objects.filter(match=match, actor="bot").count() == 1
    applied, wait = bots.bots_run_due()
    assert applied == 0 and 1.0 < wait <= 2.0
    Match.unscoped.filter(pk=match.pk).update(bot_due_at=None)
    assert bots.bots_run_due() == (0, None)


def test_a_runner_plays_an_all_bot_match_to_its_end_alone(match_factory, settings, wait_for):
    """No Celery worker, no task: the runner's thread alone, at a 20 ms bot delay."""
    settings.BOT_DELAY_SECONDS = 0.02
    match = match_factory("race", ["random", "greedy"], options={"target": 10})
    runner = BotRunner(poll=0.25)
    runner.start()
    try:
        wait_for(lambda: Match.unscoped.get(pk=match.pk).status == Match.Status.FINISHED, timeout=60)
    finally:
        runner.stop()
    moves = MoveRecord.objects.filter(match=match).count()
    assert runner.applied == moves and set(MoveRecord.objects.filter(match=match).values_list("actor", flat=True)) == {"bot"}
    # Between moves it slept until each next turn was due, not a whole poll: about one pass per move and wait.
    assert runner.passes <= 3 * moves + 5


def test_two_runners_never_play_the_same_turn(match_factory, settings, wait_for):
    settings.BOT_DELAY_SECONDS = 0.0
    matches = [match_factory("race", ["random", "greedy"], options={"target": 10}) for _ in range(4)]
    runners = [BotRunner(poll=0.05, threads=2), BotRunner(poll=0.05)]
    for r in runners:
        r.start()
    try:
        wait_for(lambda: all(Match.unscoped.get(pk=m.pk).status == Match.Status.FINISHED for m in matches), timeout=90)
    finally:
        for r in runners:
            r.stop()
    for match in matches:
        seqs = list(MoveRecord.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # one record per version, no gap
    assert sum(r.applied for r in runners) == MoveRecord.objects.filter(match__in=matches).count()


def test_the_sweep_claims_what_it_plays(match_factory):
    match = match_factory("race", ["random", "random"])
    _due(match, 6)
    assert bots.bots_sweep() == 1
    after = Match.unscoped.get(pk=match.pk)
    assert after.version == match.version + 1
    assert bots.bots_sweep() == 0  # the next bot turn is not overdue


def test_a_failing_pass_is_logged_once_and_the_runner_waits(monkeypatch, caplog):
    calls = []

    def outage(**kwargs):
        calls.append(1)
        raise ConnectionError("the database is away")

    monkeypatch.setattr(bots, "bots_run_due", outage)
    runner = BotRunner(poll=0.25)
    with caplog.at_level(logging.INFO, logger=runner_module.__name__):
        assert runner.run_once() == FAILED_WAIT
        assert runner.run_once() == FAILED_WAIT
        monkeypatch.setattr(bots, "bots_run_due", lambda **kw: (0, 10.0))
        assert runner.run_once() == 0.25  # never sleeps past its poll
        monkeypatch.setattr(bots, "bots_run_due", lambda **kw: (0, 0.1))
        assert runner.run_once() == 0.1
        monkeypatch.setattr(bots, "bots_run_due", lambda **kw: (2, 0.001))
        assert runner.run_once() == runner_module.MIN_WAIT  # turns due meanwhile: claimed together
        monkeypatch.setattr(bots, "bots_run_due", lambda **kw: (10, 0.0))
        assert runner.run_once() == 0.0  # a full claim: more are due now
    messages = [r.getMessage() for r in caplog.records]
    assert messages.count("The bot runner failed (logged once until it works again)") == 1
    assert "The bot runner works again" in messages
    assert runner.passes == 6


def test_a_poll_that_is_not_positive_or_no_thread_is_refused():
    with pytest.raises(ValueError, match="positive"):
        BotRunner(poll=0)
    with pytest.raises(ValueError, match="at least 1"):
        BotRunner(poll=1, threads=0)


def test_a_claim_says_when_the_next_turn_is_due_among_those_it_left(match_factory):
    first, second = (match_factory("race", ["random", "random"]) for _ in range(2))
    now = timezone.now()
    Match.unscoped.filter(pk=first.pk).update(bot_due_at=now - timedelta(seconds=1))
    Match.unscoped.filter(pk=second.pk).update(bot_due_at=now + timedelta(seconds=3))
    claim = claim_due(now=now, due_before=now, batch=10)
    assert claim == Claim([(first.pk, first.version)], now + timedelta(seconds=3))
    claim_release(claim)
    Match.unscoped.filter(pk__in=[first.pk, second.pk]).update(bot_due_at=None)
    assert claim_due(now=now, due_before=now, batch=10) == Claim([], None)


# --- the slow lane (issue 29, point 5) ---------------------------------------------------------


class SleepyBot:
    """A slow level: says it may think 2 s (above the quick limit) and thinks ``seconds``."""

    name = "sleepy"
    budget_seconds = 2.0
    seconds = 0.0

    def choose(self, view, legal, rng):
        time.sleep(SleepyBot.seconds)
        return legal[0]


@pytest.fixture
def sleepy(monkeypatch):
    SleepyBot.seconds = 0.0
    monkeypatch.setattr(fake_engine.ENGINE, "bots", lambda: {"random": RandomBot, "sleepy": SleepyBot})
    return SleepyBot


def test_a_turn_of_a_slow_level_is_in_the_slow_lane(match_factory, sleepy):
    match = match_factory("race", ["random", "sleepy"], options={"target": 1000})
    engine = registry.get_engine("race")
    seen = set()
    for _ in range(4):
        current = Match.unscoped.get(pk=match.pk)
        seat = engine.to_act(engine.decode(current.state))[0]
        assert current.bot_slow is (seat == 1), (seat, current.bot_slow)
        seen.add(seat)
        assert bots.bot_take_turn(match_id=match.pk, version=current.version)
    assert seen == {0, 1}
    assert bot_budget_seconds(SleepyBot) == 2.0 > SLOW_BOT_SECONDS >= bot_budget_seconds(RandomBot)


def test_a_claim_takes_one_lane_or_both(match_factory, sleepy):
    slow, quick = (match_factory("race", ["random", "random"]) for _ in range(2))
    past = timezone.now() - timedelta(seconds=1)
    Match.unscoped.filter(pk=slow.pk).update(bot_due_at=past, bot_slow=True)
    Match.unscoped.filter(pk=quick.pk).update(bot_due_at=past, bot_slow=False)
    now = timezone.now()
    for lane, expected in ((True, {slow.pk}), (False, {quick.pk}), (None, {slow.pk, quick.pk})):
        claim = claim_due(now=now, due_before=now, batch=10, slow=lane)
        assert {pk for pk, _ in claim.turns} == expected, lane
        claim_release(claim)
        Match.unscoped.filter(pk__in=[slow.pk, quick.pk]).update(bot_due_at=past)  # SQLite leased them


@pytest.mark.celery_worker
def test_a_slow_bot_holds_up_no_quick_one(match_factory, settings, sleepy, worker_factory):
    """A real worker: its runner's quick thread plays the quick match, its slow thread hands
    the slow bots' turns to the pool as tasks. While those think half a second a move, the
    quick match keeps its pace (about 15 moves a second here at a 20 ms delay)."""
    settings.BOT_RUNNER_THREADS, settings.BOT_RUNNER_SLOW_THREADS = 1, 1
    sleepy.seconds = 0.5
    slow = match_factory("race", ["sleepy", "sleepy"], options={"target": 1000})
    quick = match_factory("race", ["random", "random"], options={"target": 1000})
    with worker_factory():
        time.sleep(3)
    quick_moves = MoveRecord.objects.filter(match=quick).count()
    slow_moves = MoveRecord.objects.filter(match=slow).count()
    assert 1 <= slow_moves <= 7, (quick_moves, slow_moves)
    assert quick_moves >= 10, (quick_moves, slow_moves)
    assert BotRunner(poll=1, threads=1, slow_threads=1).lanes() == [False, True]
    assert BotRunner(poll=1, threads=2).lanes() == [None, None]  # no slow threads: both lanes each
