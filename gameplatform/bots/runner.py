"""The bot runner: a thread that plays every due bot turn of the site, without a Celery task
per move (issue 29, point 4).

Each Celery worker runs one (the ``BotTurns`` bootstep of ``gameplatform.celery``), and so
does the embedded server (``gameplatform.embedded``), when ``settings.BOT_TURNS`` is
"runner" (the default). A pass claims the matches whose ``bot_due_at`` has come
(``services.bots_run_due``, ``bots.claims``: rows others hold skipped) and plays them (the
slow lane's it hands to the worker's pool as tasks, issue 29 point 5); then it
sleeps until the next bot turn it knows of, at most ``BOT_RUNNER_POLL_SECONDS`` (a person's
move made elsewhere sets a new due time it learns of at the next pass). Losing a runner loses
no turn: PostgreSQL drops its claims with its connection (SQLite's leases pass), and another
runner, or the sweep, takes them.

With ``BOT_TURNS = "tasks"`` the turn flow sends a ``play_bot_turn`` task per bot turn instead
(``bots.subscribers``), as before.
"""
from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)

# Seconds to wait after a failed pass (the database or Redis away) before the next.
FAILED_WAIT = 1.0
# The shortest sleep between passes unless a claim came back full: the turns that come due
# meanwhile are then claimed together, one statement for several moves (a bot's pace of
# BOT_DELAY_SECONDS gains 10 ms on average).
MIN_WAIT = 0.02


class BotRunner:
    """Plays due bot turns in ``threads + slow_threads`` daemon threads until ``stop``.

    ``poll``: the longest sleep between passes, seconds (> 0); ``threads``: passes made at
    once (each claims its own turns; a thread waits on the database while another computes).
    With ``slow_threads`` (issue 29, point 5) those play only the slow bots' turns
    (``Match.bot_slow``) and the ``threads`` only the quick ones', so a bot thinking for a
    second delays no other match's quick bot; without, every thread plays both.
    ``passes`` counts the passes made, ``applied`` the actions applied. A failing pass is
    logged once per failing streak, its thread's database connections are closed (a new one
    is opened at the next pass) and that thread waits ``FAILED_WAIT`` s; a working pass keeps
    its connection, so a bot move costs no connection setup.
    """

    def __init__(self, *, poll: float, threads: int = 1, slow_threads: int = 0):
        if poll <= 0:
            raise ValueError(f"bot runner poll must be positive, got {poll!r}")
        if threads < 1 or slow_threads < 0:
            raise ValueError(f"bot runner threads must be at least 1 (and slow ones 0), got {threads!r}, {slow_threads!r}")
        self.poll = poll
        self.threads = threads
        self.slow_threads = slow_threads
        self.passes = 0
        self.applied = 0
        self._count = threading.Lock()
        self._stop = threading.Event()
        self._failing = False
        self._threads: list[threading.Thread] = []

    def lanes(self) -> list[bool | None]:
        """Each thread's lane: False (quick bots), True (slow ones) or None (both)."""
        if not self.slow_threads:
            return [None] * self.threads
        return [False] * self.threads + [True] * self.slow_threads

    def start(self) -> None:
        for n, slow in enumerate(self.lanes()):
            name = f"hexagora-bot-runner-{'slow-' if slow else ''}{n}"
            thread = threading.Thread(target=self._loop, args=(slow,), name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self, *, timeout: float = 10.0) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout)
        self._threads = []

    def run_once(self, slow: bool | None = None) -> float:
        """One pass over the lane ``slow`` (see ``lanes``); returns the seconds to sleep
        before the next (0: go on at once)."""
        from django.db import connections

        from gameplatform.bots.services import bots_run_due

        try:
            applied, wait = bots_run_due(slow=slow)
        except Exception:
            with self._count:
                self.passes += 1
                first = not self._failing
                self._failing = True
            if first:
                log.exception("The bot runner failed (logged once until it works again)")
            connections.close_all()
            return FAILED_WAIT
        with self._count:
            self.passes += 1
            self.applied += applied
            back, self._failing = self._failing, False
        if back:
            log.info("The bot runner works again")
        if wait is None:
            return self.poll
        if wait == 0 and applied:
            return 0.0  # the claim was full: more are due now
        return min(max(wait, MIN_WAIT), self.poll)

    def _loop(self, slow: bool | None) -> None:
        from django.db import connections

        try:
            wait = 0.0
            while not self._stop.wait(wait):
                wait = self.run_once(slow)
        finally:
            connections.close_all()
