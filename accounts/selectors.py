"""Reads on accounts: finding the account a person means by a username they typed, and
two-factor sign-in (``allauth.mfa``; README "Two-factor sign-in").

``username_resolve`` is the one rule for every username typed by a person (sign-in, API
tokens, invitations, ``/players/<name>/``, mutes, the sign-in throttle's account): the account
called exactly so; else the one account whose name is the same after NFKC and case folding
(``ＡＬＩＣＥ`` finds ``alice``); else none. A look-alike in another alphabet (``аlice`` with a
Cyrillic а) finds only an account called exactly ``аlice``, never ``alice``: the skeleton index
only narrows the candidates, it never decides.
"""
from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator

from gameplatform.tenants.models import Membership

from .models import User
from .names import username_resolve_in


def username_resolve(name, *, queryset=None, path: str = ""):
    """The object of ``queryset`` (default: every account) whose account ``name`` designates
    (module docstring; ``names.username_resolve_in``), or None; ``path`` leads from the object
    to its user (``"user__"`` for memberships). A name that is not 1 to 150 characters of text
    finds nothing."""
    return username_resolve_in(User.objects.all() if queryset is None else queryset, name, path=path)


MODERATING_ROLES = (Membership.Role.MODERATOR, Membership.Role.OWNER)


def user_mfa_enabled(*, user) -> bool:
    """True when ``user`` has an authenticator app (TOTP): signing in then asks for a code
    from it or one of the account's recovery codes. False for anonymous users."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Authenticator.objects.filter(user_id=user.pk, type=Authenticator.Type.TOTP).exists()


def user_mfa_required(*, user) -> bool:
    """True when ``user`` must have two-factor sign-in before reaching the admin: site staff
    and superusers, and the owners and moderators of any community (``Membership.role``)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.is_superuser:
        return True
    return Membership.objects.filter(user_id=user.pk, role__in=MODERATING_ROLES).exists()


def user_mfa_summary(*, user) -> dict:
    """``{"enabled": bool, "required": bool, "since": datetime | None, "last_used":
    datetime | None, "recovery_codes_left": int | None}`` for the settings page and the admin
    (``since``/``last_used`` of the authenticator app; codes left None without codes)."""
    rows = {a.type: a for a in Authenticator.objects.filter(user_id=user.pk)}
    totp = rows.get(Authenticator.Type.TOTP)
    codes = rows.get(Authenticator.Type.RECOVERY_CODES)
    return {
        "enabled": totp is not None,
        "required": user_mfa_required(user=user),
        "since": totp.created_at if totp else None,
        "last_used": totp.last_used_at if totp else None,
        "recovery_codes_left": len(codes.wrap().get_unused_codes()) if codes else None,
    }


def user_email_confirmed(*, user) -> bool:
    """True when ``user``'s primary e-mail address is confirmed (allauth's ``EmailAddress``,
    ``primary`` and ``verified``): what starting a community asks (issue 27, point 1; the
    caller passes it to ``tenants.services.community_create``, which may not import accounts).
    False for anonymous or inactive users."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return EmailAddress.objects.filter(user=user, primary=True, verified=True).exists()
