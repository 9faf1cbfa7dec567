"""The sweeper thread: the periodic sweep of overdue turns, run beside the embedded worker
(``embedded.start_embedded_worker``) and in every Celery worker (``celery.Sweep``). Apart from
both so that neither imports the other."""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable

logger = logging.getLogger(__name__)

SWEEP_TASK = "gameplatform.core.sweeps.sweep_if_due"


class Sweeper:
    """Calls ``sweep`` in a daemon thread at once, then every ``interval`` seconds: the first
    sweep after a restart resumes the matches whose tasks the memory broker forgot.

    ``sweep``: a callable, or a dotted path imported at each run (so the server starts even
    while that module cannot be imported, and says so in the log). An exception is logged
    once per failing streak, and the thread goes on. The thread's database connections are
    closed after each run so it holds no SQLite lock between sweeps.
    """

    def __init__(self, *, interval: float, sweep: Callable[[], object] | str = SWEEP_TASK):
        if interval <= 0:
            raise ValueError(f"sweep interval must be positive, got {interval!r}")
        self.interval = interval
        self.sweep = sweep
        self.runs = 0
        self._stop = threading.Event()
        self._failing = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="hexagora-sweeper", daemon=True)
        self._thread.start()

    def stop(self, *, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def run_once(self) -> None:
        """One sweep, with errors logged rather than raised."""
        from django.db import connections
        from django.utils.module_loading import import_string

        try:
            sweep = import_string(self.sweep) if isinstance(self.sweep, str) else self.sweep
            sweep()
        except Exception:
            if not self._failing:
                logger.exception("The sweeper failed (logged once until it succeeds again)")
            self._failing = True
        else:
            if self._failing:
                logger.info("The sweeper works again")
            self._failing = False
        finally:
            self.runs += 1
            connections.close_all()

    def _loop(self) -> None:
        self.run_once()
        while not self._stop.wait(self.interval):
            self.run_once()
