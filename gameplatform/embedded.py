"""Embedded mode: a Celery worker thread (memory transport) and the sweeper inside the server.

Without Redis (``settings.EMBEDDED_WORKER``), ``gameplatform.asgi`` calls
:func:`start_embedded_worker` once at import. It starts, in daemon threads of the Daphne
process:

- a Celery ``WorkController`` on the app's ``memory://`` broker. Tasks published in this
  process with ``countdown``/``eta`` (bot turns after ``BOT_DELAY_SECONDS``, turn timers at
  their deadline) wait in the worker's ETA timer and run at their real time, in the worker's
  own threads, never eagerly;
- the bot runner (``bots.runner``, with ``BOT_TURNS = "runner"``), which plays the due bot
  turns;
- the sweeper: ``gameplatform.matches.tasks.sweep_overdue`` at start, then every
  ``settings.SWEEP_INTERVAL_SECONDS``, so deadlines and bot turns whose task was lost (the
  memory broker forgets everything when the server stops) go on after a restart.

Each thread has its own database connection; with SQLite the settings' ``IMMEDIATE``
transactions make concurrent writers wait for the lock instead of failing.

Nothing starts under ``manage.py`` commands other than ``runserver`` (``migrate``,
``seed_demo``, ``shell``), under pytest or ``manage.py test``, or when the environment has
``HEXAGORA_NO_EMBEDDED_WORKER=1``.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from celery import Celery
from celery import _state as _celery_state
from celery.worker import WorkController

from gameplatform.bots.runner import BotRunner
from gameplatform.celery import app
from gameplatform.core.sweeper import SWEEP_TASK, Sweeper  # noqa: F401  (SWEEP_TASK: for callers of this module)

logger = logging.getLogger(__name__)

SKIP_ENV = "HEXAGORA_NO_EMBEDDED_WORKER"
# How often (seconds) the worker polls the in-memory queues: bounds the extra latency of a
# task published with no delay. The memory transport's default is a whole second.
MEMORY_POLLING_INTERVAL = 0.05
# The threads pool keeps one slow task (a bot thinking) from holding up the others.
WORKER_POOL = "threads"
WORKER_CONCURRENCY = 4
READY_TIMEOUT_SECONDS = 15.0
# Celery logs two INFO lines per task ("received", "succeeded"): one pair per bot move would
# bury the server's own log. Quieted in embedded mode, unless a level was configured for them
# or LOG_LEVEL=DEBUG asks for everything.
CHATTY_LOGGERS = ("celery.worker.strategy", "celery.app.trace")

REASON_DISABLED = "settings.EMBEDDED_WORKER is off (its default with REDIS_URL): run Celery workers (each sweeps too)"
REASON_SKIP_ENV = f"{SKIP_ENV}=1"
REASON_TEST_RUNNER = "running under the test runner"
REASON_MANAGE_COMMAND = "manage.py {command} does not serve requests"
REASON_ALREADY_STARTED = "already started in this process"


def embedded_start_refusal(
    *,
    enabled: bool,
    argv: Sequence[str] | None = None,
    environ: Mapping[str, str] | None = None,
    modules: Mapping[str, object] | None = None,
) -> str | None:
    """Why the embedded worker must not start in this process, or None when it may.

    ``enabled``: ``settings.EMBEDDED_WORKER``. ``argv``/``environ``/``modules`` default to
    ``sys.argv``, ``os.environ`` and ``sys.modules`` (parameters so tests can pass their own).
    Refuses under pytest (``pytest`` imported) and ``manage.py test``, under any other
    ``manage.py`` command than ``runserver``, and with ``HEXAGORA_NO_EMBEDDED_WORKER=1``.
    """
    argv = sys.argv if argv is None else argv
    environ = os.environ if environ is None else environ
    modules = sys.modules if modules is None else modules
    if not enabled:
        return REASON_DISABLED
    if environ.get(SKIP_ENV) == "1":
        return REASON_SKIP_ENV
    if "pytest" in modules or "PYTEST_CURRENT_TEST" in environ:
        return REASON_TEST_RUNNER
    if argv and os.path.basename(argv[0]) == "manage.py":
        command = argv[1] if len(argv) > 1 else ""
        if command == "test":
            return REASON_TEST_RUNNER
        if command != "runserver":
            return REASON_MANAGE_COMMAND.format(command=command or "(help)")
    return None


class _ReadyWorkController(WorkController):
    """A WorkController that tells when its consumer is up. Unlike ``celery worker`` it
    installs no signal handlers and redirects no output, so it can live in a thread."""

    def __init__(self, *args, **kwargs):
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    # The server's own Sweeper runs beside it: no second one (gameplatform.celery.Sweep).
    hexagora_embedded = True

    def on_consumer_ready(self, consumer):
        self.ready.set()


class EmbeddedWorker:
    """A Celery worker for ``app`` running in a daemon thread of this process.

    ``pool``: ``"threads"`` or ``"solo"``; ``concurrency``: pool threads. ``polling_interval``
    (seconds) is set on the app's transport when it is ``memory://``. The worker object is
    built inside its thread, so Celery's Django fixup closes only that thread's database
    connections. ``failed``: the exception that stopped it, if any.
    """

    def __init__(
        self,
        app: Celery,
        *,
        pool: str = WORKER_POOL,
        concurrency: int = WORKER_CONCURRENCY,
        polling_interval: float = MEMORY_POLLING_INTERVAL,
        hostname: str | None = None,
    ):
        self.app = app
        self.pool = pool
        self.concurrency = concurrency
        self.polling_interval = polling_interval
        self.hostname = hostname or f"embedded-{os.getpid()}@localhost"
        self.worker: _ReadyWorkController | None = None
        self.failed: Exception | None = None
        self._built = threading.Event()
        self._thread: threading.Thread | None = None
        self._previous_default: Celery | None = None

    def start(self, *, wait: float | None = READY_TIMEOUT_SECONDS) -> bool:
        """Start the thread; with ``wait`` (seconds), block until the consumer is ready.

        Returns True when ready (or when not waiting), False if it failed or timed out.
        """
        if str(self.app.conf.broker_url).startswith("memory://"):
            options = dict(self.app.conf.broker_transport_options or {})
            options.setdefault("polling_interval", self.polling_interval)
            self.app.conf.broker_transport_options = options
        self._thread = threading.Thread(target=self._run, name="hexagora-celery-worker", daemon=True)
        self._thread.start()
        if wait is None:
            return True
        if not self._built.wait(wait) or self.worker is None:
            return False
        return self.worker.ready.wait(wait)

    def _run(self) -> None:
        # Pool threads resolve tasks through Celery's default app (``celery worker`` sets it
        # the same way); stop() puts the previous one back.
        self._previous_default = _celery_state.default_app
        self.app.set_current()
        self.app.set_default()
        try:
            self.worker = _ReadyWorkController(
                app=self.app,
                hostname=self.hostname,
                pool=self.pool,
                concurrency=self.concurrency,
                loglevel="WARNING",
                without_heartbeat=True,
                without_mingle=True,
                without_gossip=True,
                ready_callback=None,
            )
        except Exception as exc:  # reported to the log and to start()
            self.failed = exc
            logger.exception("The embedded Celery worker could not be created")
            return
        finally:
            self._built.set()
        try:
            self.worker.start()
        except Exception as exc:  # a dead thread must say why
            self.failed = exc
            logger.exception("The embedded Celery worker stopped")

    def stop(self, *, timeout: float = 10.0) -> None:
        """Stop the worker and join its thread (tests; the server just exits).

        Uses Celery's process-wide shutdown flag, as ``celery.contrib.testing.worker`` does,
        so it stops every worker of this process: only one runs at a time here.
        """
        if self._thread is None:
            return
        from celery.worker import state

        state.should_terminate = 0
        try:
            self._thread.join(timeout)
        finally:
            state.should_terminate = None
        if self._thread.is_alive():
            raise RuntimeError(f"the embedded Celery worker did not stop within {timeout} s")
        self._thread = None
        _celery_state.default_app = self._previous_default


@dataclass
class EmbeddedServices:
    """What :func:`start_embedded_worker` started."""

    worker: EmbeddedWorker
    sweeper: Sweeper
    bot_runner: BotRunner | None = None


_lock = threading.Lock()
_started: EmbeddedServices | None = None


def start_embedded_worker() -> EmbeddedServices | None:
    """Start the embedded Celery worker and sweeper, once per process.

    Returns what was started, or None when :func:`embedded_start_refusal` refuses (the
    reason is logged) or when they already run in this process. Waits up to
    ``READY_TIMEOUT_SECONDS`` for the worker's consumer, so the log says it is ready before
    the server listens.
    """
    global _started
    from django.conf import settings

    refusal = embedded_start_refusal(enabled=settings.EMBEDDED_WORKER)
    if refusal:
        logger.info("Embedded Celery worker not started: %s", refusal)
        return None
    if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
        for name in CHATTY_LOGGERS:
            chatty = logging.getLogger(name)
            if chatty.level == logging.NOTSET:
                chatty.setLevel(logging.WARNING)
    with _lock:
        if _started is not None:
            logger.debug("Embedded Celery worker not started: %s", REASON_ALREADY_STARTED)
            return None
        worker = EmbeddedWorker(app)
        sweeper = Sweeper(interval=settings.SWEEP_INTERVAL_SECONDS)
        runner = (BotRunner(poll=settings.BOT_RUNNER_POLL_SECONDS, threads=1, slow_threads=1)
                  if settings.BOT_TURNS == "runner" else None)
        _started = EmbeddedServices(worker=worker, sweeper=sweeper, bot_runner=runner)
    if worker.start():
        logger.info(
            "Embedded Celery worker ready (broker %s, %s pool x%d); sweeper every %s s; bot turns by %s",
            app.conf.broker_url, worker.pool, worker.concurrency, sweeper.interval,
            "the bot runner" if runner is not None else "tasks",
        )
    else:
        logger.error("The embedded Celery worker is not ready: bot turns and timers will wait")
    sweeper.start()
    if runner is not None:
        runner.start()
    return _started
