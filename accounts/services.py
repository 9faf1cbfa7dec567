"""Writes on accounts: suspension (``is_active=False``), the look-alike keys of usernames and
the reset of a locked-out person's two-factor sign-in (``user_mfa_reset``).

A suspended account cannot log in (allauth and Django's ModelBackend refuse inactive users),
its open sessions stop working on the next request (``ModelBackend.get_user`` returns None for
an inactive user, for pages and WebSockets alike), DRF token authentication refuses it, and
``tenants.services.membership_require`` refuses it, so no service acts for it.
"""
import logging

from django.db import transaction
from django.utils.translation import gettext_noop

from gameplatform.core.errors import ServiceError
from gameplatform.tenants.selectors import tenant_list_moderated

from .models import KEY_FIELDS
from .names import username_keys

SUSPEND_SELF = gettext_noop("You cannot suspend or restore your own account.")
SUSPEND_STAFF = gettext_noop("Only a superuser can suspend or restore a staff account.")
SUSPEND_OUTSIDE = (
    "This account also belongs to communities you do not moderate: ask a site administrator."
)
SUSPEND_NOT_ALLOWED = gettext_noop("Only moderators and site administrators can suspend accounts.")
KEYS_BATCH = 500
MFA_RESET_NOT_ALLOWED = gettext_noop("Only a site administrator (superuser) can reset two-factor sign-in.")
MFA_RESET_SELF = gettext_noop(
    "You cannot reset your own two-factor sign-in here: turn it off or on again from your settings page."
)
MFA_RESET_NOTHING = gettext_noop("This account has no two-factor sign-in to reset.")

log = logging.getLogger(__name__)


def user_check_suspend(*, user, by) -> None:
    """Raises ``ServiceError`` (403) unless ``by`` may suspend or restore ``user``.

    An active superuser may, for anyone but themselves. A moderator may only for an account
    that is not staff and whose every membership is in a tenant they moderate: suspension is
    site-wide, so it must not reach into communities they do not run (``SUSPEND_OUTSIDE``).
    """
    if by is None or not by.is_authenticated or not by.is_active:
        raise ServiceError("not_allowed", SUSPEND_NOT_ALLOWED, 403)
    if by.pk == user.pk:
        raise ServiceError("not_allowed", SUSPEND_SELF, 403)
    if by.is_superuser:
        return
    if user.is_staff or user.is_superuser:
        raise ServiceError("not_allowed", SUSPEND_STAFF, 403)
    moderated = set(tenant_list_moderated(user=by).values_list("pk", flat=True))
    if not moderated or not by.is_staff:
        raise ServiceError("not_allowed", SUSPEND_NOT_ALLOWED, 403)
    theirs = set(user.memberships.values_list("tenant_id", flat=True))
    if not theirs or not theirs <= moderated:
        raise ServiceError("not_allowed", SUSPEND_OUTSIDE, 403)


def _set_active(*, user, by, active: bool):
    with transaction.atomic():
        user_check_suspend(user=user, by=by)
        if user.is_active != active:
            user.is_active = active
            user.save(update_fields=["is_active"])
    return user


def user_suspend(*, user, by):
    """Suspends ``user`` (``is_active=False``) after ``user_check_suspend``; returns the user."""
    return _set_active(user=user, by=by, active=False)


def user_unsuspend(*, user, by):
    """Restores a suspended ``user`` (``is_active=True``) after ``user_check_suspend``."""
    return _set_active(user=user, by=by, active=True)


def username_keys_fill(users) -> int:
    """Computes the look-alike keys (``accounts.names.username_keys``) of every account in
    ``users`` (a User queryset, the historical model's in a migration) and marks
    ``username_lookalike_kept`` on each account whose name looks like an older account's
    (lower id) that is not itself kept: the database's unique constraints then hold, and every
    existing account keeps its name and its sign-in. Returns how many accounts were kept so.
    Run again (a data migration) after upgrading confusable_homoglyphs: its data may change."""
    seen_folded: set[str] = set()
    seen_written: set[str] = set()
    batch, kept = [], 0
    for user in users.order_by("pk").iterator(chunk_size=KEYS_BATCH):
        keys = username_keys(user.username)
        user.username_skeleton, user.username_skeleton_cased = keys.folded, keys.written
        user.username_lookalike_kept = keys.folded in seen_folded or keys.written in seen_written
        if user.username_lookalike_kept:
            kept += 1
        else:
            seen_folded.add(keys.folded)
            seen_written.add(keys.written)
        batch.append(user)
        if len(batch) >= KEYS_BATCH:
            users.model.objects.bulk_update(batch, KEY_FIELDS)
            batch = []
    if batch:
        users.model.objects.bulk_update(batch, KEY_FIELDS)
    return kept


def user_mfa_reset(*, user, by, password_reset_url: str = "") -> int:
    """Deactivates ``user``'s two-factor sign-in (authenticator app and recovery codes) for a
    person who lost both, on a site administrator's word; returns how many authenticators were
    removed. The account signs in with its password again and, if it must have two-factor
    sign-in (``selectors.user_mfa_required``), is sent to enrol before the admin. The owner is
    told by mail (``account/email/mfa_reset``, with ``password_reset_url``; allauth's
    notification names the address and browser of the request being served).

    Raises ``ServiceError`` 403 ``not_allowed`` unless ``by`` is an active superuser other than
    ``user`` (``MFA_RESET_NOT_ALLOWED``, ``MFA_RESET_SELF``), 409 ``nothing_to_reset``
    without authenticators (``MFA_RESET_NOTHING``).
    """
    from allauth.mfa.models import Authenticator

    if by is None or not by.is_authenticated or not by.is_active or not by.is_superuser:
        raise ServiceError("not_allowed", MFA_RESET_NOT_ALLOWED, 403)
    if by.pk == user.pk:
        raise ServiceError("not_allowed", MFA_RESET_SELF, 403)
    with transaction.atomic():
        removed, _ = Authenticator.objects.filter(user_id=user.pk).delete()
        if not removed:
            raise ServiceError("nothing_to_reset", MFA_RESET_NOTHING, 409)
    log.warning("two-factor sign-in of user %s reset by user %s", user.pk, by.pk)
    _tell_mfa_reset(user, password_reset_url)
    return removed


def _tell_mfa_reset(user, password_reset_url: str) -> None:
    from allauth.account.adapter import get_adapter

    try:
        get_adapter().send_notification_mail(
            "account/email/mfa_reset", user, {"password_reset_url": password_reset_url}
        )
    except Exception:  # a mail server down must not undo the reset
        log.exception("two-factor sign-in: the reset mail to user %s failed", user.pk)
