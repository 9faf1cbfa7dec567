"""Deleting one's own account (issue 27, point 5): "sign-in and personal data go, their seats
in finished matches show 'deleted player', their chat messages are removed, ratings of others
are unchanged, and an owner must first hand over or close their communities".

``account_delete`` checks the password, refuses an owner of a community that is not closing,
then in one transaction publishes ``core.events.AccountDeleted`` (the apps above hand their
seats to bots or free them, delete their chat messages, ratings, preferences, exports and
alerts) and clears the account itself: memberships, e-mail addresses, authenticators, API
token; the username becomes ``deleted-<id>``, the e-mail and names blank, the password
unusable, the account inactive, and ``deleted_at`` set (``User.public_name``: "deleted
player"). The former username is free to be registered again.
"""
from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as N_
from rest_framework.authtoken.models import Token

from gameplatform.core import events
from gameplatform.core.errors import ServiceError
from gameplatform.tenants.models import Membership

from .models import User
from .throttle import password_check

PASSWORD_WRONG = N_("That is not your password.")
USERNAME_WRONG = N_("Type your username exactly to confirm.")
OWNER_FIRST = N_("You own %(communities)s: hand the ownership to another member or close it first.")
NOT_SIGNED_IN = N_("Sign in to delete your account.")
DELETED_PREFIX = "deleted-"


def communities_owned(*, user) -> list:
    """The communities ``user`` owns that are not closing (what blocks the deletion)."""
    rows = Membership.objects.filter(user=user, role=Membership.Role.OWNER, tenant__closing_at__isnull=True)
    return [m.tenant for m in rows.select_related("tenant").order_by("tenant__name")]


def account_delete_check(*, user, password: object, username: object = None, request=None) -> None:
    """Raises what ``account_delete`` would refuse, changing nothing: 403 ``not_signed_in``;
    400 ``invalid_password`` (field ``password``); 400 ``invalid_username`` (field
    ``username``, when given: it must be the account's username as typed); 409
    ``owns_communities`` naming them. ``request``: the page's or the API's, for the sign-in
    throttle."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        raise ServiceError("not_signed_in", NOT_SIGNED_IN, 403)
    if username is not None and (not isinstance(username, str) or username.strip() != user.username):
        raise ServiceError("invalid_username", USERNAME_WRONG, 400, field="username")
    # With the request, checked as a sign-in is (``throttle.password_check``: counted, so the
    # form cannot be used to guess a password from a stolen session).
    if not isinstance(password, str) or not password or not password_check(request, user, password):
        raise ServiceError("invalid_password", PASSWORD_WRONG, 400, field="password")
    owned = communities_owned(user=user)
    if owned:
        names = ", ".join(f"“{t.name}”" for t in owned)
        raise ServiceError("owns_communities", gettext(OWNER_FIRST) % {"communities": names}, 409)


def account_delete(*, user, password: object, username: object = None, request=None) -> User:
    """Deletes ``user``'s account as the module docstring says, after
    ``account_delete_check`` (same errors). Returns the cleared row."""
    account_delete_check(user=user, password=password, username=username, request=request)
    with transaction.atomic():
        account = User.objects.select_for_update().get(pk=user.pk)
        if account.deleted_at is not None:
            return account
        events.publish(events.AccountDeleted(tenant_id=0, user_id=account.pk))
        Membership.objects.filter(user=account).delete()
        EmailAddress.objects.filter(user=account).delete()
        Authenticator.objects.filter(user=account).delete()
        Token.objects.filter(user=account).delete()
        account.username = _free_name(account)
        account.email = account.first_name = account.last_name = account.display_name = ""
        account.set_unusable_password()
        account.is_active = account.is_staff = account.is_superuser = False
        account.deleted_at = timezone.now()
        account.save()
        account.groups.clear()
        account.user_permissions.clear()
    return account


def _free_name(account: User) -> str:
    """``deleted-<id>``, or with a suffix if someone took that name."""
    name = f"{DELETED_PREFIX}{account.pk}"
    suffix = 0
    while User.objects.filter(username__iexact=name).exclude(pk=account.pk).exists() or \
            User(pk=account.pk, username=name).username_lookalikes().exists():
        suffix += 1
        name = f"{DELETED_PREFIX}{account.pk}-{suffix}"
    return name
