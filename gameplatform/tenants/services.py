"""Writes for communities (tenants): memberships, invitations and roles.

All keyword-only. Refusals raise ``ServiceError(code, message, status)`` from
``gameplatform/core/errors.py``; the messages below are constants so tests assert them.
Roles: ``player`` plays; ``moderator`` also invites and moderates in the admin; ``owner``
also manages owners. One account may belong to several tenants.
"""
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from gameplatform.core.errors import ServiceError

from .audit import audit_record
from .closing import tenant_check_open
from .models import AuditEntry, Invitation, Membership, Tenant
from .selectors import user_can_moderate

NOT_SIGNED_IN = gettext_noop("Sign in to take part in this community.")
ACCOUNT_SUSPENDED = gettext_noop("This account is suspended.")
NO_COMMUNITY = gettext_noop("There is no community at this address.")
INVITE_ONLY = gettext_noop("This community is invite-only: ask one of its moderators for an invitation code.")
INVITE_NOT_FOUND = gettext_noop("No invitation has that code.")
INVITE_USED = gettext_noop("That invitation code has already been used.")
NOT_MODERATOR = gettext_noop("Only the community's moderators and owners can do that.")
ROLE_INVALID = gettext_noop("Role must be one of: player, moderator, owner.")
OWNER_ONLY = gettext_noop("Only an owner can make someone owner or change an owner's role.")
LAST_OWNER = gettext_noop("A community keeps at least one owner: make someone else owner first.")
BANNED = gettext_noop("You are banned from this community.")


def _check_active(user) -> None:
    """Raises ``not_member`` (403) for an anonymous or suspended (inactive) user."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise ServiceError("not_member", NOT_SIGNED_IN, 403)
    if not user.is_active:
        raise ServiceError("not_member", ACCOUNT_SUSPENDED, 403)


def _check_not_banned(membership: Membership | None) -> None:
    """Raises ``banned`` (403) for a membership a moderator banned (``chat.services``)."""
    if membership is not None and membership.banned_at is not None:
        raise ServiceError("banned", BANNED, 403)


def membership_require(*, user, tenant: Tenant | None) -> Membership:
    """The user's membership of ``tenant``; every match service reached by a person calls it.

    In an open tenant a signed-in active user without a membership gets a ``player`` one on
    the spot. Raises ``ServiceError("not_member", ..., 403)`` for anonymous or suspended
    users, a missing tenant, and invite-only tenants the user has not joined, and
    ``ServiceError("banned", ..., 403)`` for a banned member (whose row stays, so an open
    tenant never re-admits them).
    """
    _check_active(user)
    if tenant is None:
        raise ServiceError("not_member", NO_COMMUNITY, 403)
    membership = Membership.objects.filter(user=user, tenant=tenant).first()
    if membership is not None:
        _check_not_banned(membership)
        return membership
    if not tenant.is_open:
        raise ServiceError("not_member", INVITE_ONLY, 403)
    tenant_check_open(tenant)  # a closing community admits nobody new (issue 27, point 4)
    # get_or_create retries the read on a unique-constraint race (two tabs at once).
    membership, _ = Membership.objects.get_or_create(
        user=user, tenant=tenant, defaults={"role": Membership.Role.PLAYER}
    )
    return membership


def membership_join(*, user, tenant: Tenant) -> Membership:
    """Joins an open tenant as ``player`` (the existing membership if already in).

    Raises ``not_member`` (403) for anonymous/suspended users, ``invite_required`` (403)
    for an invite-only tenant the user is not in and ``banned`` (403) for a banned member.
    """
    _check_active(user)
    existing = Membership.objects.filter(user=user, tenant=tenant).first()
    if existing is not None:
        _check_not_banned(existing)
        return existing
    if not tenant.is_open:
        raise ServiceError("invite_required", INVITE_ONLY, 403)
    tenant_check_open(tenant)
    membership, _ = Membership.objects.get_or_create(
        user=user, tenant=tenant, defaults={"role": Membership.Role.PLAYER}
    )
    return membership


def membership_join_by_invite(*, user, code: str) -> Membership:
    """Joins the invitation's tenant as ``player`` and marks the code used (one person each).

    A user already in that tenant gets the existing membership and the code stays unused for
    someone else. Raises ``not_member`` (403) for anonymous/suspended users,
    ``invite_not_found`` (404, field ``code``) for an unknown code and ``invite_used`` (409,
    field ``code``) when someone already used it, and ``banned`` (403) for a member the
    tenant banned (the code stays unused).
    """
    _check_active(user)
    code = (code or "").strip() if isinstance(code, str) else ""
    if not code or len(code) > Invitation._meta.get_field("code").max_length:
        raise ServiceError("invite_not_found", INVITE_NOT_FOUND, 404, field="code")
    with transaction.atomic():
        # Row lock: two people racing with one code, only the first gets in.
        invitation = Invitation.objects.select_for_update().filter(code=code).first()
        if invitation is None:
            raise ServiceError("invite_not_found", INVITE_NOT_FOUND, 404, field="code")
        existing = Membership.objects.filter(user=user, tenant_id=invitation.tenant_id).first()
        if existing is not None:
            _check_not_banned(existing)
            return existing
        if invitation.used_at is not None:
            raise ServiceError("invite_used", INVITE_USED, 409, field="code")
        tenant_check_open(invitation.tenant)
        membership = Membership.objects.create(
            user=user, tenant_id=invitation.tenant_id, role=Membership.Role.PLAYER
        )
        invitation.used_by = user
        invitation.used_at = timezone.now()
        invitation.save(update_fields=["used_by", "used_at"])
    return membership


def invitation_create(*, tenant: Tenant, by) -> Invitation:
    """A new single-use invitation code for ``tenant``, made by a moderator/owner of it (or a
    superuser). Raises ``not_member`` (403) for anonymous/suspended users and
    ``not_moderator`` (403) for anyone else."""
    _check_active(by)
    if not user_can_moderate(user=by, tenant=tenant):
        raise ServiceError("not_moderator", NOT_MODERATOR, 403)
    with transaction.atomic():
        invitation = Invitation.objects.create(tenant=tenant, created_by=by)
        # The audit trail (issue 27, point 3) names the code, never the whole of it.
        audit_record(tenant=tenant, actor=by, action=AuditEntry.Action.INVITATION_CREATE,
                     subject=f"invitation:{invitation.pk}", details={"code": invitation.code[:4] + "…"})
    return invitation


def invitation_revoke(*, invitation: Invitation, by) -> None:
    """Deletes an unused invitation (a code given to the wrong person). A used one is kept as
    the record of who came in with it. Raises ``not_moderator`` (403) like ``invitation_create``
    and ``invite_used`` (409) for a used code."""
    _check_active(by)
    if not user_can_moderate(user=by, tenant=invitation.tenant):
        raise ServiceError("not_moderator", NOT_MODERATOR, 403)
    with transaction.atomic():
        # Read it again under a lock: it may have been used since the page was shown.
        current = Invitation.objects.select_for_update().filter(pk=invitation.pk).first()
        if current is None:
            return
        if current.used_at is not None:
            raise ServiceError("invite_used", INVITE_USED, 409)
        audit_record(tenant=current.tenant, actor=by, action=AuditEntry.Action.INVITATION_REVOKE,
                     subject=f"invitation:{current.pk}", details={"code": current.code[:4] + "…"})
        current.delete()


def membership_check_manage(*, by, membership: Membership, new_role: str | None = None) -> None:
    """Raises unless ``by`` may change ``membership`` to ``new_role`` (None: remove it).

    ``by`` None is the system (management commands) and may do anything but leave a tenant
    that has owners without one. Otherwise ``by`` must be an active superuser or a
    moderator/owner of the membership's tenant (``not_moderator``, 403); only owners and
    superusers touch owner rows or grant ``owner`` (``owner_only``, 403). Demoting or removing
    the last owner raises ``last_owner`` (409) for everyone.
    """
    Role = Membership.Role
    if new_role is not None and new_role not in Role.values:
        raise ServiceError("invalid_role", ROLE_INVALID, 400, field="role")
    if by is not None:
        _check_active(by)
        tenant = membership.tenant
        if not user_can_moderate(user=by, tenant=tenant):
            raise ServiceError("not_moderator", NOT_MODERATOR, 403)
        touches_owner = membership.role == Role.OWNER or new_role == Role.OWNER
        if touches_owner and not by.is_superuser:
            is_owner = Membership.objects.filter(user=by, tenant=tenant, role=Role.OWNER).exists()
            if not is_owner:
                raise ServiceError("owner_only", OWNER_ONLY, 403)
    if membership.pk and membership.role == Role.OWNER and new_role != Role.OWNER:
        others = (
            Membership.objects.filter(tenant_id=membership.tenant_id, role=Role.OWNER)
            .exclude(pk=membership.pk)
            .exists()
        )
        if not others:
            raise ServiceError("last_owner", LAST_OWNER, 409)


def membership_set_role(*, membership: Membership, role: str, by=None, reason: str = "") -> Membership:
    """Sets ``membership.role`` after ``membership_check_manage`` (same errors); a change is
    recorded in the audit trail (``role``, details ``{"role": [old, new]}``; issue 27, point 3).

    Granting moderator or owner also sets the user's ``is_staff`` so they can open the admin,
    where they see only the tenants they moderate; losing the role does not clear it (their
    admin then shows nothing of that tenant).
    """
    with transaction.atomic():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        membership_check_manage(by=by, membership=membership, new_role=role)
        if membership.role != role:
            audit_record(tenant=membership.tenant, actor=by, action=AuditEntry.Action.ROLE, target=membership.user,
                         reason=reason, details={"role": [membership.role, role]})
            membership.role = role
            membership.save(update_fields=["role"])
        user = membership.user
        if membership.can_moderate and not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
    return membership


# Starting a community (issue 27, point 1): in creation.py, part of this module's API.
from .creation import community_create, community_domain  # noqa: E402,F401
