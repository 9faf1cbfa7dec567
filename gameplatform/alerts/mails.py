"""The alerts' mails: a turn, an invitation, the daily digest. Built and sent by the Celery
tasks (``tasks``), so there is no request: links are made from ``SITE_URL`` and the community's
``Tenant.domain`` (``site_url``), and the site is named like allauth's mails
("Hexagora · Night Owls").

Limits (issue 13, point 3): a person gets at most one mail about a match an hour
(``MatchMail``, claimed in the transaction that sends, so a failed send claims nothing) and
one digest a day (``DigestMail``). Every mail is in the person's language and carries a signed
one-click unsubscribe link, also as RFC 8058 headers (``List-Unsubscribe`` and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``).
"""
from __future__ import annotations

import datetime
import logging
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from accounts.adapter import SITE_NAME
from accounts.models import User
from gameplatform.matches.models import Match, Seat
from gameplatform.players.models import Preferences
from gameplatform.players.selectors import preferences_get
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import on_vacation

from . import selectors
from .models import DigestMail, MatchInvitation, MatchMail
from .services import is_asynchronous

log = logging.getLogger(__name__)

MAIL_INTERVAL = timedelta(hours=1)  # per match and person


def site_url(tenant=None) -> str:
    """``scheme://host[:port]`` of ``tenant``'s pages: its ``domain`` with ``SITE_URL``'s scheme
    and port, or ``SITE_URL`` itself (the default community, or none given)."""
    base = urlsplit(settings.SITE_URL)
    if tenant is None or not tenant.domain:
        return f"{base.scheme}://{base.netloc}"
    port = f":{base.port}" if base.port else ""
    return f"{base.scheme}://{tenant.domain}{port}"


def site_name(tenant=None) -> str:
    """"Hexagora", or "Hexagora · <community>" (as ``accounts.adapter.served_site``)."""
    if tenant is None or tenant.name == SITE_NAME:
        return SITE_NAME
    return f"{SITE_NAME} · {tenant.name}"


def match_mail_claim(*, user_id: int, match_id: int, now: datetime.datetime) -> bool:
    """Takes the hour's mail about ``match_id`` to ``user_id``: True (and ``sent_at`` = ``now``)
    when none went in the last ``MAIL_INTERVAL``. Call inside the transaction that sends."""
    rows = MatchMail.objects.filter(user_id=user_id, match_id=match_id)
    if rows.filter(sent_at__lte=now - MAIL_INTERVAL).update(sent_at=now):
        return True
    if rows.exists():
        return False
    try:
        with transaction.atomic():
            MatchMail.objects.create(user_id=user_id, match_id=match_id, sent_at=now)
    except IntegrityError:  # another worker claimed it first
        return False
    return True


def digest_claim(*, user_id: int, today: datetime.date) -> bool:
    """Takes ``today``'s digest of ``user_id``: True when none went today (or later)."""
    if DigestMail.objects.filter(user_id=user_id, sent_on__lt=today).update(sent_on=today):
        return True
    if DigestMail.objects.filter(user_id=user_id).exists():
        return False
    try:
        with transaction.atomic():
            DigestMail.objects.create(user_id=user_id, sent_on=today)
    except IntegrityError:
        return False
    return True


def _mailable(user) -> bool:
    return user is not None and user.is_active and bool(user.email)


def _send(user, *, tenant, subject: str, template: str, context: dict) -> None:
    """Renders ``alerts/email/<template>.txt`` and sends it to ``user`` with the unsubscribe
    link and headers. Call under the person's language."""
    base = site_url(tenant)
    unsubscribe = base + reverse("alerts_unsubscribe", args=[selectors.unsubscribe_token(user)])
    context = {**context, "user": user, "site_name": site_name(tenant), "site_url": base,
               "unsubscribe_url": unsubscribe, "settings_url": base + reverse("settings")}
    body = render_to_string(f"alerts/email/{template}.txt", context)
    message = EmailMessage(
        subject=f"[{site_name(tenant)}] {subject}", body=body, to=[user.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.send()


def turn_mail(*, user_id: int, match_id: int, version: int) -> bool:
    """Mails ``user_id`` that it is their turn in ``match_id`` if they are still to act in the
    turn that began at ``version`` (else they have played already: nothing), the match is
    asynchronous, their settings say "every turn", they are a member not on vacation, and no
    mail about this match went to them in the last hour. True when a mail went."""
    seat = (Seat.objects.filter(user_id=user_id, match_id=match_id, waiting_version=version)
            .select_related("user", "match", "match__tenant").defer("match__state").first())
    if seat is None or seat.match.status != Match.Status.ACTIVE or not is_asynchronous(seat.match):
        return False
    user, match, tenant = seat.user, seat.match, seat.match.tenant
    prefs = preferences_get(user)
    if not _mailable(user) or prefs.email_notifications != Preferences.Email.EVERY_TURN:
        return False
    membership = Membership.objects.filter(user=user, tenant=tenant).select_related("tenant").first()
    if membership is None or on_vacation(membership=membership):
        return False
    label = selectors.match_label(match.game, match.title)
    with transaction.atomic(), translation.override(prefs.language):
        if not match_mail_claim(user_id=user.pk, match_id=match.pk, now=timezone.now()):
            return False
        _send(user, tenant=tenant, subject=gettext("Your turn: %(match)s") % {"match": label}, template="turn",
              context={"match": match, "label": label, "match_url": site_url(tenant) + reverse("match_detail", args=[match.pk]),
                       "deadline": match.deadline})
    return True


def invitation_mail(*, invitation_id: int) -> bool:
    """Mails the invitee of ``invitation_id`` when their settings say "every turn" (a digest
    reader finds it in the digest), the match is still open, they hold no seat there and no
    mail about this match went to them in the last hour. True when a mail went."""
    invitation = (MatchInvitation.objects.filter(pk=invitation_id)
                  .select_related("user", "invited_by", "match", "match__tenant").first())
    if invitation is None or invitation.match.status != Match.Status.OPEN:
        return False
    user, match = invitation.user, invitation.match
    prefs = preferences_get(user)
    if not _mailable(user) or prefs.email_notifications != Preferences.Email.EVERY_TURN:
        return False
    if Seat.objects.filter(match=match, user=user).exists():
        return False
    if not Membership.objects.filter(user=user, tenant=match.tenant).exists():
        return False
    label = selectors.match_label(match.game, match.title)
    by = invitation.invited_by.public_name if invitation.invited_by else SITE_NAME
    with transaction.atomic(), translation.override(prefs.language):
        if not match_mail_claim(user_id=user.pk, match_id=match.pk, now=timezone.now()):
            return False
        _send(user, tenant=match.tenant, subject=gettext("%(name)s invites you: %(match)s") % {"name": by,
                                                                                             "match": label},
              template="invitation",
              context={"match": match, "label": label, "by": by,
                       "match_url": site_url(match.tenant) + selectors.invite_path(match.pk)})
    return True


def digest_contents(user) -> list[dict]:
    """What ``user``'s digest lists, per community they are a member of (by name)::

        [{"tenant": Tenant, "site_url": str, "waiting": [waiting_list rows of asynchronous
          matches], "invitations": [invitation_list rows]}]

    Communities with nothing for them are left out."""
    out = []
    for membership in Membership.objects.filter(user=user).select_related("tenant").order_by("tenant__name"):
        tenant = membership.tenant
        waiting = [row for row in selectors.waiting_list(tenant=tenant, user=user)
                   if row["turn_seconds"] is None or row["turn_seconds"] >= settings.ALERTS_ASYNC_TURN_SECONDS]
        invitations = selectors.invitation_list(tenant=tenant, user=user)
        if waiting or invitations:
            out.append({"tenant": tenant, "site_url": site_url(tenant), "waiting": waiting,
                        "invitations": invitations})
    return out


def digest_mail(*, user_id: int, today: datetime.date) -> bool:
    """``user_id``'s daily digest for ``today`` (UTC): the asynchronous matches waiting for them
    and their open invitations, in every community they are in, if their settings say "daily
    digest", there is something to say and no digest went today. True when a mail went."""
    user = User.objects.filter(pk=user_id).first()
    if not _mailable(user):
        return False
    prefs = preferences_get(user)
    if prefs.email_notifications != Preferences.Email.DAILY_DIGEST:
        return False
    sections = digest_contents(user)
    if not sections:
        return False
    count = sum(len(s["waiting"]) for s in sections)
    with transaction.atomic(), translation.override(prefs.language):
        if not digest_claim(user_id=user.pk, today=today):
            return False
        tenant = sections[0]["tenant"] if len(sections) == 1 else None
        subject = translation.ngettext("%(count)d match waits for you", "%(count)d matches wait for you",
                                       count) % {"count": count} if count else gettext("Your invitations")
        _send(user, tenant=tenant, subject=subject, template="digest",
              context={"sections": sections, "today": today})
    return True
