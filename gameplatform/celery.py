"""Celery application, configured from the Django settings (``CELERY_*``).

Broker: Redis when ``REDIS_URL`` is set, served by separate processes
(``celery -A gameplatform worker``, each sweeping under a shared lock: ``Sweep`` below; see
the Procfile);
else the in-process memory transport, served by the embedded worker thread of the Daphne
process (``gameplatform.embedded``). Tasks are never eager: a countdown or eta is kept.

Database connections: a task is treated like a request. Celery's Django fix-up would close
every connection before and after each task (a new PostgreSQL connection per bot move,
whatever ``CONN_MAX_AGE`` says) unless ``CELERY_DB_REUSE_MAX`` is set, and then it closes
them only every that many tasks, without Django's checks. With that setting high, the
handlers below call ``django.db.close_old_connections`` around each task, as Django does
around each request: a connection lives ``CONN_MAX_AGE`` seconds (0: closed after the
task), and one that failed or is unusable is dropped.
"""
import logging
import os

from celery import Celery, bootsteps
from celery.signals import task_postrun, task_prerun, worker_init

from gameplatform.core.sweeper import Sweeper

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")

app = Celery("gameplatform")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

log = logging.getLogger(__name__)


class Sweep(bootsteps.StartStopStep):
    """Every worker sweeps overdue turns and lost bot turns itself: a thread calls
    ``core.sweeps.sweep_if_due`` at start and every ``SWEEP_INTERVAL_SECONDS``, and the
    shared lock lets one worker of all sweep per interval. No beat is needed, and losing any
    process (a worker, or beat if one runs) loses no sweep. Off when ``settings.WORKER_SWEEP``
    is false (tests that drive the sweep themselves) and in the embedded worker, whose server
    runs its own sweeper."""

    label = "hexagora-sweep"

    def include_if(self, worker):
        from django.conf import settings

        return bool(getattr(settings, "WORKER_SWEEP", True)) and not getattr(worker, "hexagora_embedded", False)

    def create(self, worker):
        """The sweeper thread (``sweeper.Sweeper``): bootsteps start, stop and terminate it."""
        from django.conf import settings

        return Sweeper(interval=settings.SWEEP_INTERVAL_SECONDS, sweep="gameplatform.core.sweeps.sweep_if_due")

    def start(self, worker):
        super().start(worker)
        log.info("sweeping every %s s under the shared lock", self.obj.interval)


class BotTurns(bootsteps.StartStopStep):
    """Every worker plays the site's due bot turns in a thread of its own (``bots.runner``,
    issue 29) when ``settings.BOT_TURNS`` is "runner"; not in the embedded worker, whose
    server runs its own runner."""

    label = "hexagora-bot-runner"

    def include_if(self, worker):
        from django.conf import settings

        return settings.BOT_TURNS == "runner" and not getattr(worker, "hexagora_embedded", False)

    def create(self, worker):
        """The runner thread (``bots.runner.BotRunner``): bootsteps start and stop it."""
        from django.conf import settings
        from django.utils.module_loading import import_string

        # By name: the Celery app is imported with every module of the project (type checks
        # of gameplatform.core included), and the bots' services with their models are not.
        BotRunner = import_string("gameplatform.bots.runner.BotRunner")  # noqa: N806
        return BotRunner(poll=settings.BOT_RUNNER_POLL_SECONDS, threads=settings.BOT_RUNNER_THREADS,
                         slow_threads=settings.BOT_RUNNER_SLOW_THREADS)

    def start(self, worker):
        super().start(worker)
        log.info("playing due bot turns (%d threads, %d for slow bots; looking at least every %s s)",
                 self.obj.threads, self.obj.slow_threads, self.obj.poll)


app.steps["worker"].add(Sweep)
app.steps["worker"].add(BotTurns)


@worker_init.connect
def _warm_up_engines(**kwargs):
    """The engines' data prepared in the worker's main process, before it forks its pool (the
    children share it; HexBoard Words' packs are mapped files that every process shares)."""
    from games.registry import warm_up_engines

    warm_up_engines()


@task_prerun.connect
@task_postrun.connect
def _close_old_connections(**kwargs):
    from django.db import close_old_connections

    close_old_connections()
