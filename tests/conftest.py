"""Shared fixtures. The database is whatever DATABASE_URL says (PostgreSQL in CI, SQLite on a
fresh machine); the channel layer and broker follow REDIS_URL the same way.

People and places: ``tenant`` (the default tenant, the one ``testserver`` maps to),
``other_tenant``, ``user_factory`` (a user with a membership), ``member``, ``other_member``,
``moderator``. Matches: ``match_factory`` (create, seat and start a match through the
services), ``race_engine`` (registers the test game ``"race"`` of tests/fake_engine.py).
Checks: ``assert_replay_matches`` (replaying the records from the seed rebuilds the stored
state and events). Tasks: ``task_worker`` / ``worker_factory`` (a real Celery worker in a
thread, on Redis when REDIS_URL is set, else the in-memory broker) and ``wait_for``.
"""
from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Sequence
from contextlib import contextmanager

import pytest

from games import registry
from tests import budget  # noqa: F401  (the hypothesis profile of TEST_DEPTH, before any test module)

# The podium test game and the finish-a-match fixtures of the rating tests (tests/ratings).
pytest_plugins = ["tests.ratings.fixtures"]

_usernames = itertools.count(1)

PASSWORD = "hexagora-Test-pw-1"


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def _fresh_sync_to_async_executor_in_child():
    """A live server forked from this process (ChannelsLiveServerTestCase) inherits asgiref's
    one-thread executor whose thread did not survive the fork: work queued on it (every
    ``database_sync_to_async`` of a consumer) would wait forever. Give the child a new one."""
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import SyncToAsync

    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)


os.register_at_fork(after_in_child=_fresh_sync_to_async_executor_in_child)

FLUSH_TRIES = 5


def _flush_through_deadlocks() -> None:
    """A transactional test ends with Django's flush, one ``TRUNCATE`` of every table, which
    locks them one after another. A live site's process (its worker, its Daphne) serving a
    last request meanwhile can hold one of them and wait for another: PostgreSQL then breaks
    the deadlock by failing one side, sometimes the flush (a CI run: "Database ... couldn't be
    flushed", DeadlockDetected). The flush is tried again; a deadlock changes nothing."""
    from django.db.backends.base.operations import BaseDatabaseOperations

    original = BaseDatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        for attempt in range(FLUSH_TRIES):
            try:
                return original(self, sql_list)
            except Exception as exc:
                if "deadlock detected" not in str(exc) or attempt == FLUSH_TRIES - 1:
                    raise
                time.sleep(0.2 * (attempt + 1))

    BaseDatabaseOperations.execute_sql_flush = execute_sql_flush


_flush_through_deadlocks()


def pytest_sessionstart(session):
    """The engines' per-machine data (HexBoard Words' packs) built once here, before pytest-xdist
    starts its workers and they start live sites: none of them waits on a build at its start."""
    if not hasattr(session.config, "workerinput"):
        from games.registry import warm_up_engines

        warm_up_engines()


def pytest_collection_modifyitems(config, items):
    """``browser`` tests need Debian's Chromium: CI installs it and must run them (a missing
    binary fails there); a newcomer's machine without it skips them, so `make test` passes."""
    if os.access(CHROMIUM, os.X_OK) or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (apt-get install chromium; CI installs it)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def clear_site_cache() -> None:
    """Empties the site's cache (allauth's rate limits, the sign-in throttle with Redis) without
    flushing the Redis database: the broker and the channel layer live there too."""
    from django.core.cache import cache

    client = getattr(cache, "_cache", None)
    if client is not None and hasattr(client, "get_client"):
        redis = client.get_client(write=True)
        keys = list(redis.scan_iter(match=cache.make_key("*"), count=1000))
        if keys:
            redis.delete(*keys)
    else:
        cache.clear()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with no counts in the cache (the database ones roll back with it)."""
    clear_site_cache()
    yield


@pytest.fixture(autouse=True)
def _fresh_state_cache():
    """Each test starts with no decoded states kept from another test's matches."""
    from gameplatform.matches import state_cache

    state_cache.clear()
    yield


@pytest.fixture(autouse=True)
def _english_afterwards():
    """Every test leaves the thread in English: a request in French (or a sign-in of someone
    who chose French: ``players.language``) activates French for the thread, LocaleMiddleware
    never deactivates it, and later tests compare English texts."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2 at production strength costs over a second per user on a loaded CI machine."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# --- engines ----------------------------------------------------------------------------------


def _register_race(monkeypatch):
    from tests import fake_engine

    monkeypatch.setitem(registry.GAMES, fake_engine.SLUG, "tests.fake_game")
    monkeypatch.setitem(registry._cache, fake_engine.SLUG, fake_engine.ENGINE)
    return fake_engine.ENGINE


@pytest.fixture
def race_engine(monkeypatch):
    """The test game "race" (tests/fake_engine.py), registered for this test only."""
    return _register_race(monkeypatch)


# --- tenants and people -----------------------------------------------------------------------


@pytest.fixture
def tenant(db):
    """The default tenant (what localhost and ``testserver`` map to), open to all."""
    from django.conf import settings

    from gameplatform.tenants.models import Tenant

    tenant, _ = Tenant.objects.get_or_create(
        slug=settings.DEFAULT_TENANT_SLUG, defaults={"name": "Hexagora", "is_open": True}
    )
    return tenant


@pytest.fixture
def other_tenant(db):
    """A second, invite-only tenant on its own domain ``elsewhere.test``."""
    from gameplatform.tenants.models import Tenant

    return Tenant.objects.create(slug="elsewhere", name="Elsewhere", domain="elsewhere.test", is_open=False)


@pytest.fixture
def user_factory(db, tenant):
    """``make(username=None, *, tenant=<tenant>, role="player", **fields)``: an active user
    with password ``PASSWORD`` and a membership of ``tenant`` (None: no membership)."""
    from accounts.models import User
    from gameplatform.tenants.models import Membership

    default_tenant = tenant

    def make(username: str | None = None, *, tenant=default_tenant, role: str = "player", **fields):
        username = username or f"player{next(_usernames)}"
        user = User.objects.create_user(
            username=username, email=f"{username}@example.test", password=PASSWORD, **fields
        )
        if tenant is not None:
            Membership.objects.create(user=user, tenant=tenant, role=role)
        return user

    return make


@pytest.fixture
def member(user_factory):
    """alice, a player of ``tenant``."""
    return user_factory("alice")


@pytest.fixture
def other_member(user_factory):
    """bob, another player of ``tenant``."""
    return user_factory("bob")


@pytest.fixture
def moderator(user_factory):
    """mod, a moderator of ``tenant``."""
    return user_factory("mod", role="moderator")


# --- matches ----------------------------------------------------------------------------------


@pytest.fixture
def match_factory(tenant, user_factory, monkeypatch):
    """``make(game="hextopia", players=None, *, options=None, team_layout="none",
    turn_seconds=None, start=True, creator=None, tenant=<tenant>) -> Match``.

    ``players``: one entry per seat, a User (a person, who must be a member) or a bot kind
    such as "random" (default: a new member and a "random" bot). The creator is the first
    person listed (or ``creator``, or a new member who then sits out). Goes through
    ``match_create`` and ``match_start``; ``turn_seconds`` is written straight to the row, so
    tests may use timers shorter than the 30 s minimum. ``game="race"`` registers the test
    game.
    """
    from gameplatform.matches import services
    from gameplatform.matches.models import Match, Seat

    default_tenant = tenant

    def make(
        game: str = "hextopia",
        players: Sequence | None = None,
        *,
        options: dict | None = None,
        team_layout: str = "none",
        turn_seconds: int | None = None,
        start: bool = True,
        creator=None,
        tenant=default_tenant,
    ) -> Match:
        if game == "race":
            _register_race(monkeypatch)
        players = list(players) if players is not None else [user_factory(tenant=tenant), "random"]
        people = [p for p in players if not isinstance(p, str)]
        creator = creator or (people[0] if people else user_factory(tenant=tenant))
        match = services.match_create(
            tenant=tenant, user=creator, game=game, seats=len(players), team_layout=team_layout,
            options=options,
        )
        for index, player in enumerate(players):
            if isinstance(player, str):
                Seat.objects.filter(match=match, index=index).update(user=None, bot_kind=player)
            else:
                Seat.objects.filter(match=match, index=index).update(user=player, bot_kind="")
        if turn_seconds is not None:
            Match.unscoped.filter(pk=match.pk).update(turn_seconds=turn_seconds)
        if start:
            services.match_start(tenant=tenant, user=creator, match_id=match.pk)
        match.refresh_from_db()
        return match

    return make


def replay_mismatches(match) -> list[str]:
    """What differs between ``match`` (re-read) and the replay of its records from the seed:
    the final state, and each record's events. Empty when every move replays exactly."""
    from gameplatform.matches.models import MoveRecord, Seat
    from gameplatform.matches.selectors import match_rebuild_state
    from games.protocol import IllegalAction, SeatSpec

    match.refresh_from_db()
    engine = registry.get_engine(match.game)
    specs = [SeatSpec(team=t) for t in Seat.objects.filter(match=match).order_by("index").values_list("team", flat=True)]
    state = engine.setup(match.options, specs, match.seed)
    problems = []
    for record in MoveRecord.objects.filter(match=match).order_by("seq"):
        try:
            state, events = engine.apply(state, record.seat, record.action)
        except IllegalAction as exc:
            return [*problems, f"seq {record.seq} does not apply: {exc.message}"]
        if json.loads(json.dumps(events)) != record.events:
            problems.append(f"events of seq {record.seq} differ")
    if json.loads(json.dumps(engine.encode(state))) != match.state:
        problems.append("final state differs")
    elif match_rebuild_state(match) != match.state:
        problems.append("match_rebuild_state differs from the stored state")
    return problems


@pytest.fixture
def assert_replay_matches():
    """``check(match)``: asserts that replaying its MoveRecords from the seed rebuilds the
    stored state and every record's events (no move lost, none applied twice)."""

    def check(match) -> None:
        problems = replay_mismatches(match)
        assert not problems, f"match {match.pk} does not replay: {problems}"

    return check


# --- Celery -----------------------------------------------------------------------------------


@pytest.fixture
def wait_for():
    """``wait(predicate, timeout=20.0, interval=0.05, describe=None)``: polls until
    ``predicate()`` is truthy and returns its value; fails the test on timeout, with what
    ``describe()`` returns (the state reached) in the message."""

    def wait(predicate: Callable[[], object], timeout: float = 20.0, interval: float = 0.05,
             describe: Callable[[], object] | None = None):
        end = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > end:
                reached = f"; reached: {describe()}" if describe else ""
                pytest.fail(f"condition not met within {timeout} s{reached}")
            time.sleep(interval)

    return wait


def purge_task_queue() -> int:
    """Drops every message waiting in this test run's Celery queue; returns how many."""
    from gameplatform.celery import app

    return app.control.purge() or 0


@pytest.fixture
def worker_factory(transactional_db, settings):
    """``start(sweep=False)``: a context manager running a real Celery worker (solo pool, in a
    thread) on the configured broker (Redis with REDIS_URL, else ``memory://``) until it exits.
    With ``sweep`` it also sweeps every ``SWEEP_INTERVAL_SECONDS`` as a deployed worker does
    (``gameplatform.celery.Sweep``); tests that drive the sweep themselves leave it off.

    The queue is purged first, so tasks left over from earlier tests never run here; bot
    turns wait ``BOT_DELAY_SECONDS`` = 0.02. Needs a transactional database: the worker's
    thread has its own connection and sees only committed rows.
    """
    from celery.contrib.testing.worker import start_worker

    from gameplatform.celery import app

    settings.BOT_DELAY_SECONDS = 0.02
    saved = (app.conf.broker_transport_options, app.conf.worker_hijack_root_logger)
    if str(app.conf.broker_url).startswith("memory://"):
        # The memory transport polls once a second by default.
        app.conf.broker_transport_options = {**(saved[0] or {}), "polling_interval": 0.02}
    app.conf.worker_hijack_root_logger = False
    purge_task_queue()

    @contextmanager
    def start(sweep: bool = False):
        settings.WORKER_SWEEP = sweep
        with start_worker(app, pool="solo", concurrency=1, perform_ping_check=False,
                          loglevel="WARNING", shutdown_timeout=30) as worker:
            yield worker

    yield start
    app.conf.broker_transport_options, app.conf.worker_hijack_root_logger = saved
    purge_task_queue()


@pytest.fixture
def task_worker(worker_factory):
    """A real Celery worker running for the whole test (see ``worker_factory``)."""
    with worker_factory() as worker:
        yield worker
