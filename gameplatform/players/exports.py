"""A person's own data (issue 27, point 5): "Download my data" and their settings' part.

``data_export_request`` records the request and sends the Celery task by name (after
commit; the embedded worker runs it without Redis); ``data_export_build`` (the task) gathers
every app's section (``core.personal.personal_data_collect``), stores the JSON with its
expiry (``DATA_EXPORT_TTL_HOURS``) and mails the owner the secret link
``/settings/export/<token>/``; ``data_export_download`` answers that link. All keyword-only;
refusals raise ``ServiceError``.
"""
from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as N_

from gameplatform.core import events
from gameplatform.core.errors import ServiceError
from gameplatform.core.personal import personal_data_collect
from gameplatform.core.taskqueue import task_send

from .language import stored_language
from .models import DataExport, Preferences
from .selectors import preferences_get

log = logging.getLogger(__name__)

BUILD_TASK = "gameplatform.players.tasks.build_data_export"
EXPORT_NOT_FOUND = N_("No download of your data has that address.")
EXPORT_EXPIRED = N_("This download has expired: prepare a new one from Settings.")
EXPORT_NOT_READY = N_("Your data is still being prepared: you will get an e-mail when it is ready.")
NOT_SIGNED_IN = N_("Sign in to download your data.")
MAIL_SUBJECT = N_("Your Hexagora data is ready")
MAIL_BODY = N_("Hello %(name)s,\n\nThe file with your Hexagora data is ready. Sign in and download it here "
               "(the link works until %(expires)s UTC):\n\n%(url)s\n\nIf you did not ask for it, change your "
               "password.\n")
# A request while one is being prepared returns that one (no pile of tasks from one person).
PENDING_REUSE = datetime.timedelta(minutes=30)


def ttl() -> datetime.timedelta:
    """``DATA_EXPORT_TTL_HOURS`` (48 by default)."""
    return datetime.timedelta(hours=int(getattr(settings, "DATA_EXPORT_TTL_HOURS", 48)))


def export_state(export: DataExport | None, *, now: datetime.datetime | None = None) -> str:
    """"none", "pending", "ready", "expired" or "failed"."""
    if export is None:
        return "none"
    if export.status == DataExport.Status.READY:
        return "expired" if export.expires_at <= (now or timezone.now()) else "ready"
    return export.status


def download_path(export: DataExport) -> str:
    """The link's path, ``/settings/export/<token>/``."""
    return reverse("data_export_download", args=[export.token])


def export_public(export: DataExport | None) -> dict:
    """``{"status", "requested_at", "ready_at", "expires_at", "download_url"}`` (the URL
    while ready only; a path under the site)."""
    state = export_state(export)
    if export is None:
        return {"status": state, "requested_at": None, "ready_at": None, "expires_at": None, "download_url": None}
    return {
        "status": state, "requested_at": export.created_at, "ready_at": export.ready_at,
        "expires_at": export.expires_at, "download_url": download_path(export) if state == "ready" else None,
    }


def data_export_latest(*, user) -> DataExport | None:
    """The person's latest export, or None."""
    return DataExport.objects.filter(user=user).first()


def data_export_request(*, user) -> DataExport:
    """Asks for a new export of ``user``'s data and queues its task after commit; a request
    being prepared for less than 30 minutes is returned instead. Raises 403 ``not_signed_in``
    for anonymous or inactive people."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        raise ServiceError("not_signed_in", NOT_SIGNED_IN, 403)
    with transaction.atomic():
        recent = DataExport.objects.filter(user=user, status=DataExport.Status.PENDING,
                                           created_at__gte=timezone.now() - PENDING_REUSE).first()
        if recent is not None:
            return recent
        export = DataExport.objects.create(user=user)
        transaction.on_commit(lambda: _send(export.pk))
    return export


def _send(export_id: int) -> None:
    try:
        task_send(BUILD_TASK, (export_id,))
    except Exception:  # the broker is away: the page shows "being prepared"; ask again later
        log.exception("data export %s: could not queue its task", export_id)


def data_export_build(*, export_id: int) -> bool:
    """Builds export ``export_id`` (the task): the JSON of every section, ready until now +
    ``ttl()``, then mails the link. False when there is nothing to do (unknown, not pending)."""
    export = DataExport.objects.select_related("user").filter(pk=export_id).first()
    if export is None or export.status != DataExport.Status.PENDING:
        return False
    try:
        # One JSON round trip: sections may hold dates (the JSON field stores JSON only).
        data = json.loads(json.dumps(personal_data_collect(export.user), cls=DjangoJSONEncoder))
    except Exception:
        log.exception("data export %s failed", export_id)
        DataExport.objects.filter(pk=export_id).update(status=DataExport.Status.FAILED)
        return False
    now = timezone.now()
    data["exported_at"] = now.isoformat()
    export.data, export.status, export.ready_at, export.expires_at = data, DataExport.Status.READY, now, now + ttl()
    export.save(update_fields=["data", "status", "ready_at", "expires_at"])
    _mail(export)
    return True


def _mail(export: DataExport) -> None:
    user = export.user
    if not user.email:
        return
    url = settings.SITE_URL.rstrip("/") + download_path(export)
    with translation.override(stored_language(user) or settings.LANGUAGE_CODE):
        body = gettext(MAIL_BODY) % {"name": user.public_name, "url": url,
                                     "expires": export.expires_at.strftime("%Y-%m-%d %H:%M")}
        subject = gettext(MAIL_SUBJECT)
    try:
        EmailMessage(subject, body, to=[user.email]).send()
    except Exception:  # the file is ready on the settings page anyway
        log.exception("data export %s: the mail could not be sent", export.pk)


def data_export_download(*, user, token: object) -> DataExport:
    """The ready export ``token`` names, for its owner signed in. Raises 404
    ``export_not_found`` (unknown token, or another person's: its existence is not
    revealed), 409 ``export_not_ready``, 410 ``export_expired``."""
    if not isinstance(token, str) or not token or len(token) > 64 or user is None or not user.is_authenticated:
        raise ServiceError("export_not_found", EXPORT_NOT_FOUND, 404)
    export = DataExport.objects.filter(token=token, user_id=user.pk).first()
    state = export_state(export)
    if export is None or state == "failed":
        raise ServiceError("export_not_found", EXPORT_NOT_FOUND, 404)
    if state == "pending":
        raise ServiceError("export_not_ready", EXPORT_NOT_READY, 409)
    if state == "expired":
        raise ServiceError("export_expired", EXPORT_EXPIRED, 410)
    return export


def settings_section(user) -> dict:
    """The "settings" section: ``{"language", "colour_blind", "high_contrast", "email_notifications",
    "browser_notifications"}`` (vacations are in "memberships")."""
    prefs = preferences_get(user)
    return {"language": prefs.language, "colour_blind": prefs.colour_blind, "high_contrast": prefs.high_contrast,
            "email_notifications": prefs.email_notifications, "browser_notifications": prefs.browser_notifications}


def account_deleted(event: events.AccountDeleted, context: Mapping[str, Any]) -> None:
    """In the deletion's transaction: preferences reset (the row goes) and exports deleted."""
    Preferences.objects.filter(user_id=event.user_id).delete()
    DataExport.objects.filter(user_id=event.user_id).delete()
