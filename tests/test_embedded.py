"""The embedded worker: Celery on ``memory://`` in a thread of this process, with real delays.

Each test builds its own Celery app on the memory transport (configured from the Django
settings like the real one, then pointed at ``memory://`` and a private queue), so it proves the
embedded path whether or not this run has ``REDIS_URL``.
"""
import threading
import time
import uuid

import pytest
from celery import Celery
from celery import _state as celery_state
from django.db import transaction

from gameplatform import embedded
from gameplatform.embedded import (
    REASON_DISABLED,
    REASON_MANAGE_COMMAND,
    REASON_SKIP_ENV,
    REASON_TEST_RUNNER,
    EmbeddedWorker,
    Sweeper,
    embedded_start_refusal,
    start_embedded_worker,
)
from gameplatform.tenants.models import Tenant

COUNTDOWN = 1.0
WAIT = 10.0


class Probe:
    """What the test tasks saw: set from the worker's threads, read by the test."""

    def __init__(self):
        self.ran = threading.Event()
        self.seen = {}
        self.errors = []


@pytest.fixture(scope="module")
def memory_app():
    """A Celery app with the project's task settings on the in-memory broker, and its tiny
    test tasks (a worker only knows the tasks registered before it starts)."""
    app = Celery("hexagora-embedded-test", set_as_current=False)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(broker_url="memory://", task_default_queue=f"embedded-test-{uuid.uuid4().hex}")
    app.probe = Probe()

    @app.task(name="embedded_test.stamp", bind=True, shared=False)
    def stamp(task, published_at):
        app.probe.seen.update(
            elapsed=time.time() - published_at,
            thread=threading.current_thread().name,
            eager=task.request.is_eager,
        )
        app.probe.ran.set()

    @app.task(name="embedded_test.rename", shared=False)
    def rename(pk, suffix):
        try:
            with transaction.atomic():
                row = Tenant.objects.select_for_update().get(pk=pk)
                row.name = row.name + suffix
                row.save(update_fields=["name"])
        except Exception as exc:  # the test reports it
            app.probe.errors.append(exc)
        finally:
            app.probe.ran.set()

    return app


@pytest.fixture(scope="module")
def started(memory_app):
    """An EmbeddedWorker for ``memory_app``, shared by the module (a stop takes seconds)."""
    default_before = celery_state.default_app
    with pytest.MonkeyPatch.context() as mp:
        # Celery's Django fixup would run the system checks at worker start: the server
        # process does not need them (manage.py migrate ran them) and neither do these tests.
        mp.setenv("CELERY_SKIP_CHECKS", "1")
        worker = EmbeddedWorker(memory_app, concurrency=2)
        assert worker.start(wait=WAIT), worker.failed
        yield memory_app
        worker.stop()
    assert celery_state.default_app is default_before


@pytest.fixture
def probe(started):
    started.probe = Probe()
    return started.probe


def test_countdown_task_runs_after_its_delay_not_before_and_not_eagerly(started, probe):
    published_at = time.time()
    started.tasks["embedded_test.stamp"].apply_async((published_at,), countdown=COUNTDOWN)
    # Half-way through the delay it has not run...
    assert not probe.ran.wait(COUNTDOWN / 2)
    # ...and then it does, in the worker, at (not before) its time.
    assert probe.ran.wait(WAIT)
    assert probe.seen["elapsed"] >= COUNTDOWN
    assert probe.seen["eager"] is False
    assert probe.seen["thread"] != threading.current_thread().name


@pytest.mark.django_db(transaction=True)
def test_worker_thread_waits_for_a_write_lock_instead_of_failing(started, probe):
    """SQLite: IMMEDIATE transactions queue; PostgreSQL: the row lock does the same."""
    tenant = Tenant.objects.create(slug="locks", name="main")
    with transaction.atomic():
        Tenant.objects.select_for_update().get(pk=tenant.pk)
        started.tasks["embedded_test.rename"].delay(tenant.pk, "+task")
        # The task is now waiting for our lock: it must not have run.
        assert not probe.ran.wait(0.3)
        Tenant.objects.filter(pk=tenant.pk).update(name="main+first")
    assert probe.ran.wait(WAIT)
    assert probe.errors == []
    tenant.refresh_from_db()
    assert tenant.name == "main+first+task"


def test_sweeper_runs_every_interval_and_survives_errors(caplog):
    calls = []

    def sweep():
        calls.append(time.monotonic())
        if len(calls) <= 2:
            raise RuntimeError("database not migrated yet")

    sweeper = Sweeper(interval=0.05, sweep=sweep)
    sweeper.start()
    deadline = time.monotonic() + WAIT
    while len(calls) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    sweeper.stop()
    assert len(calls) >= 4
    # Logged once for the failing streak, not at every tick.
    failures = [r for r in caplog.records if "sweeper failed" in r.getMessage()]
    assert len(failures) == 1


def test_sweeper_sweeps_once_at_start_without_waiting_an_interval():
    """After a restart the first sweep resumes matches at once."""
    swept = threading.Event()
    sweeper = Sweeper(interval=WAIT * 10, sweep=swept.set)
    sweeper.start()
    try:
        assert swept.wait(WAIT)
    finally:
        sweeper.stop()
    assert sweeper.runs == 1


def test_sweeper_rejects_a_non_positive_interval():
    with pytest.raises(ValueError, match="sweep interval must be positive"):
        Sweeper(interval=0, sweep=lambda: None)


def test_sweeper_default_target_is_the_matches_sweep_task():
    assert Sweeper(interval=5).sweep == "gameplatform.core.sweeps.sweep_if_due"


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"enabled": False, "argv": ["daphne"]}, REASON_DISABLED),
        ({"environ": {"HEXAGORA_NO_EMBEDDED_WORKER": "1"}}, REASON_SKIP_ENV),
        ({"modules": {"pytest": object()}}, REASON_TEST_RUNNER),
        ({"environ": {"PYTEST_CURRENT_TEST": "x"}}, REASON_TEST_RUNNER),
        ({"argv": ["manage.py", "test"]}, REASON_TEST_RUNNER),
        ({"argv": ["./manage.py", "migrate", "--noinput"]}, REASON_MANAGE_COMMAND.format(command="migrate")),
        ({"argv": ["manage.py", "seed_demo"]}, REASON_MANAGE_COMMAND.format(command="seed_demo")),
        ({"argv": ["/srv/hexagora/.venv/bin/daphne", "gameplatform.asgi:application"]}, None),
        ({"argv": ["manage.py", "runserver"]}, None),
        ({"environ": {"HEXAGORA_NO_EMBEDDED_WORKER": "0"}}, None),
    ],
)
def test_start_refusal(kwargs, reason):
    args = {"enabled": True, "argv": ["daphne"], "environ": {}, "modules": {}} | kwargs
    assert embedded_start_refusal(**args) == reason


def test_start_embedded_worker_does_nothing_under_the_test_runner():
    assert start_embedded_worker() is None
    assert embedded._started is None
