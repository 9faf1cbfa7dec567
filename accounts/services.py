"""Writes on accounts: suspension (``is_active=False``).

A suspended account cannot log in (allauth and Django's ModelBackend refuse inactive users),
its open sessions stop working on the next request (``ModelBackend.get_user`` returns None for
an inactive user, for pages and WebSockets alike), DRF token authentication refuses it, and
``tenants.services.membership_require`` refuses it, so no service acts for it.
"""
from django.db import transaction
from django.utils.translation import gettext_noop

from gameplatform.matches.errors import ServiceError
from gameplatform.tenants.selectors import tenant_list_moderated

SUSPEND_SELF = gettext_noop("You cannot suspend or restore your own account.")
SUSPEND_STAFF = gettext_noop("Only a superuser can suspend or restore a staff account.")
SUSPEND_OUTSIDE = (
    "This account also belongs to communities you do not moderate: ask a site administrator."
)
SUSPEND_NOT_ALLOWED = gettext_noop("Only moderators and site administrators can suspend accounts.")


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
