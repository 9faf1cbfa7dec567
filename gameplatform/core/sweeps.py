"""The periodic sweep: what each app must catch up on every few seconds, whatever task was lost.

Apps register their part in ``ready()`` with ``sweep_register(name, fn)``: the turn flow its
overdue deadlines (``matches.timers``), the bots their lost bot turns (``bots.services``),
the alerts their daily digests (``alerts.digest``). ``sweep_if_due`` runs them all at most
once per ``SWEEP_INTERVAL_SECONDS`` across every process, under the shared lock
``SWEEP_LOCK`` (``core.locks``): every Celery worker calls it (the ``Sweep`` bootstep of
``gameplatform.celery``), and so do the embedded server and beat's ``sweep_overdue`` task, so
losing any one process loses no sweep. Issue 10; ../shared/docs/architecture.md, step 5.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final

from django.conf import settings

from gameplatform.core.locks import interval_lock
from gameplatform.core.outages import is_outage

log = logging.getLogger(__name__)

SWEEP_LOCK: Final = "sweep-overdue"
SweepFn = Callable[[], "int | None"]
_sweeps: dict[str, SweepFn] = {}


def sweep_register(name: str, fn: SweepFn) -> None:
    """Adds ``fn`` (returns how many actions it took, or None) to every sweep, once per
    ``name``, in registration order."""
    _sweeps.setdefault(name, fn)


def sweep_names() -> list[str]:
    """The registered sweeps' names, in the order they run."""
    return list(_sweeps)


def sweep_run() -> int:
    """One sweep: every registered part in turn; returns the actions they took. One part
    that fails is logged and the others still run; an outage (``outages.is_outage``: the
    database or Redis away) stops the sweep, and the next one starts again."""
    total = 0
    for name, fn in list(_sweeps.items()):
        try:
            total += int(fn() or 0)
        except Exception as exc:
            if is_outage(exc):
                raise
            log.exception("sweep %s failed", name)
    return total


def sweep_if_due(*, interval: float | None = None) -> int | None:
    """``sweep_run()`` if no process swept in the last ``interval`` seconds (default
    ``SWEEP_INTERVAL_SECONDS``), else None."""
    if not interval_lock(SWEEP_LOCK, interval or settings.SWEEP_INTERVAL_SECONDS):
        return None
    return sweep_run()
