"""The daily digest's trigger. There is no Celery beat: every worker sweeps overdue turns under
a shared lock (``core.sweeps``), and that sweep calls ``digest_sweep``, which
takes a lock of its own for ``DIGEST_CHECK_SECONDS`` so the check runs about once a minute
across all workers. From ``ALERTS_DIGEST_HOUR`` (UTC) on, it sends the ``send_digest`` task
for each person who reads digests, has not had today's and has an asynchronous match waiting
for them or an open invitation; the task sends at most one a day (``DigestMail``).
"""
from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from gameplatform.core.locks import interval_lock
from gameplatform.core.taskqueue import task_send
from gameplatform.matches.models import Match, Seat
from gameplatform.players.models import Preferences
from gameplatform.tenants.models import Membership

from .models import DigestMail, MatchInvitation

log = logging.getLogger(__name__)

DIGEST_LOCK = "alerts-digest"
DIGEST_CHECK_SECONDS = 60.0
DIGEST_TASK = "gameplatform.alerts.tasks.send_digest"
# People handed to tasks per check; the next check takes the rest.
DIGEST_BATCH = 500


def digest_due_users(*, now: datetime.datetime) -> list[int]:
    """Ids of the people whose digest of ``now``'s day (UTC) is due (see the module
    docstring), at most ``DIGEST_BATCH``, in id order; [] before ``ALERTS_DIGEST_HOUR``."""
    now = now.astimezone(datetime.UTC)
    if now.hour < settings.ALERTS_DIGEST_HOUR:
        return []
    today = now.date()
    readers = Preferences.objects.filter(
        email_notifications=Preferences.Email.DAILY_DIGEST, user__is_active=True,
    ).exclude(user_id__in=DigestMail.objects.filter(sent_on__gte=today).values("user_id")).values("user_id")
    asynchronous = Q(match__turn_seconds__isnull=True) | Q(match__turn_seconds__gte=settings.ALERTS_ASYNC_TURN_SECONDS)
    # Only in communities they are still in: the digest lists nothing of the others.
    member = Membership.objects.filter(user_id=OuterRef("user_id"), tenant_id=OuterRef("match__tenant_id"))
    waiting = set(
        Seat.objects.filter(asynchronous, Exists(member), user_id__in=readers, waiting_since__isnull=False,
                            match__status=Match.Status.ACTIVE)
        .values_list("user_id", flat=True).distinct()
    )
    invited_member = Membership.objects.filter(user_id=OuterRef("user_id"), tenant_id=OuterRef("match__tenant_id"))
    seated = Seat.objects.filter(match_id=OuterRef("match_id"), user_id=OuterRef("user_id"))
    invited = set(
        MatchInvitation.objects.filter(Exists(invited_member), ~Exists(seated), user_id__in=readers,
                                       match__status=Match.Status.OPEN)
        .values_list("user_id", flat=True).distinct()
    )
    return sorted(waiting | invited)[:DIGEST_BATCH]


def digest_sweep(*, now: datetime.datetime | None = None, force: bool = False) -> int:
    """Sends the ``send_digest`` task for every person whose digest is due, unless another
    process checked in the last ``DIGEST_CHECK_SECONDS`` (``force`` skips that lock: tests,
    ``manage.py shell``). Returns the number of tasks sent. Never raises into the sweep."""
    try:
        if not force and not interval_lock(DIGEST_LOCK, DIGEST_CHECK_SECONDS):
            return 0
        now = now or timezone.now()
        users = digest_due_users(now=now)
        day = now.astimezone(datetime.UTC).date().isoformat()
        for user_id in users:
            task_send(DIGEST_TASK, (user_id, day))
        return len(users)
    except Exception:
        log.exception("digest check failed")
        return 0
