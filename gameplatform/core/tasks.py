"""Celery tasks of the core: the sweep (for beat, if one runs) and the later tries of an
after-commit event subscriber (``events.subscriber_retry``)."""
from celery import shared_task

from gameplatform.core import events, sweeps


@shared_task(name="gameplatform.core.tasks.sweep_overdue", ignore_result=True)
def sweep_overdue():
    """Every registered sweep (``sweeps.sweep_if_due``) unless another process swept within
    ``SWEEP_INTERVAL_SECONDS``. Returns the number of actions applied, or None when skipped."""
    return sweeps.sweep_if_due()


@shared_task(name=events.SUBSCRIBER_RETRY, ignore_result=True)
def subscriber_retry(name, payload, attempt):
    """Another try of after-commit subscriber ``name`` on the event ``payload``."""
    return events.subscriber_retry(name, payload, attempt)
