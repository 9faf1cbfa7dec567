"""Roles, removal and ownership of a community (issue 27, point 2), each recorded once in the
audit trail (point 3) in the service's transaction.

Who may do what: the owner appoints and removes moderators (``role_set``), an owner or
moderator removes a member they may sanction (``member_remove``: moderators act on players
only, as ``moderation.check_may_sanction`` says), and the owner hands the community over with
``ownership_offer``: the member offered it accepts (``ownership_accept``: they become owner,
the owner who offered becomes moderator) or declines, and the owner may withdraw it
(``ownership_cancel``). All keyword-only; refusals raise ``ServiceError`` and change nothing.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError

from .audit import audit_record
from .models import AuditEntry, Membership, Tenant
from .moderation import check_may_sanction, reason_clean
from .services import membership_set_role

Action = AuditEntry.Action
Role = Membership.Role

OWNER_ONLY = N_("Only the community's owner can do that.")
APPOINT_ROLE_INVALID = N_("Field 'role' must be player or moderator: ownership is handed over with an offer.")
NOT_A_MEMBER = N_("That person is not a member of this community.")
MEMBER_BANNED = N_("That person is banned from this community: lift the ban first.")
OFFER_SELF = N_("You already own this community.")
OFFER_OWNER = N_("That person already owns this community.")
NO_OFFER = N_("There is no ownership offer for you in this community.")
NO_OFFER_TO_CANCEL = N_("There is no ownership offer to withdraw.")
REMOVE_BANNED = N_("A banned member stays on the list (the row is the ban): lift the ban first.")


def is_owner(*, user, tenant: Tenant) -> bool:
    """True for an active owner of ``tenant`` who is not banned, or an active superuser."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(user=user, tenant=tenant, role=Role.OWNER, banned_at__isnull=True).exists()


def check_owner(*, by, tenant: Tenant) -> None:
    """Raises ``not_owner`` (403) unless ``by`` may act as ``tenant``'s owner (``is_owner``)."""
    if not is_owner(user=by, tenant=tenant):
        raise ServiceError("not_owner", OWNER_ONLY, 403)


def member_of(*, tenant: Tenant, user) -> Membership:
    """``user``'s membership of ``tenant``; ``not_member`` (404, field ``user``) without one."""
    membership = None if user is None else Membership.objects.filter(tenant=tenant, user=user).select_related(
        "user", "tenant").first()
    if membership is None:
        raise ServiceError("not_member", NOT_A_MEMBER, 404, field="user")
    return membership


def role_set(*, membership: Membership, role: object, by, reason: object = "") -> Membership:
    """The owner makes a member moderator or player again (``role``: "moderator" or
    "player"). Records ``role`` (details ``{"role": [old, new]}``) when it changes. Raises
    ``not_owner`` (403), ``invalid_role`` (400, field ``role``), ``act_on_self`` (403),
    ``act_on_staff`` (403, an owner's role), ``not_member`` (404, a banned member)."""
    reason = reason_clean(reason)
    check_owner(by=by, tenant=membership.tenant)
    if role not in (Role.PLAYER, Role.MODERATOR):
        raise ServiceError("invalid_role", APPOINT_ROLE_INVALID, 400, field="role")
    with transaction.atomic():
        current = Membership.objects.select_for_update().select_related("user", "tenant").get(pk=membership.pk)
        check_may_sanction(by=by, membership=current)
        if current.banned_at is not None:
            raise ServiceError("member_banned", MEMBER_BANNED, 409, field="user")
        # membership_set_role writes the ``role`` entry when the role changes.
        return membership_set_role(membership=current, role=role, by=by, reason=reason)


def member_remove(*, membership: Membership, by, reason: object = "") -> None:
    """Takes a member out of the community (their matches stay; an open community lets them
    join again). Records ``member_remove``. Raises as ``check_may_sanction`` and
    ``member_banned`` (409) for a banned member, whose row is the ban."""
    reason = reason_clean(reason)
    with transaction.atomic():
        current = Membership.objects.select_for_update().select_related("user", "tenant").filter(
            pk=membership.pk).first()
        if current is None:
            raise ServiceError("not_member", NOT_A_MEMBER, 404, field="user")
        check_may_sanction(by=by, membership=current)
        if current.banned_at is not None:
            raise ServiceError("member_banned", REMOVE_BANNED, 409, field="user")
        audit_record(tenant=current.tenant, actor=by, action=Action.MEMBER_REMOVE, target=current.user,
                     reason=reason, details={"role": current.role})
        if current.tenant.ownership_offered_to_id == current.user_id:
            _clear_offer(current.tenant)
        current.delete()


def _locked_tenant(tenant: Tenant) -> Tenant:
    return Tenant.objects.select_for_update().get(pk=tenant.pk)


def _clear_offer(tenant: Tenant) -> None:
    tenant.ownership_offered_to = None
    tenant.ownership_offered_at = None
    tenant.save(update_fields=["ownership_offered_to", "ownership_offered_at"])


def ownership_offer(*, tenant: Tenant, by, to, reason: object = "") -> Tenant:
    """The owner offers the ownership to ``to``, an active member (a later offer replaces an
    earlier one); the offer waits on the community's page until they accept. Records
    ``ownership_offer``. Raises ``not_owner`` (403), ``not_member`` (404), ``member_banned``
    (409), ``offer_self`` / ``offer_owner`` (400, field ``user``)."""
    reason = reason_clean(reason)
    check_owner(by=by, tenant=tenant)
    target = member_of(tenant=tenant, user=to)
    if target.user_id == by.pk:
        raise ServiceError("offer_self", OFFER_SELF, 400, field="user")
    if target.banned_at is not None or not target.user.is_active:
        raise ServiceError("member_banned", MEMBER_BANNED, 409, field="user")
    if target.role == Role.OWNER:
        raise ServiceError("offer_owner", OFFER_OWNER, 400, field="user")
    with transaction.atomic():
        tenant = _locked_tenant(tenant)
        tenant.ownership_offered_to = target.user
        tenant.ownership_offered_at = timezone.now()
        tenant.save(update_fields=["ownership_offered_to", "ownership_offered_at"])
        audit_record(tenant=tenant, actor=by, action=Action.OWNERSHIP_OFFER, target=target.user, reason=reason)
    return tenant


def ownership_cancel(*, tenant: Tenant, by) -> Tenant:
    """The owner withdraws the offer, or the person offered declines it. Records
    ``ownership_cancel`` (details ``{"declined": true}`` for a refusal). Raises ``no_offer``
    (409) without an offer, ``not_owner`` (403) for anyone else."""
    with transaction.atomic():
        tenant = _locked_tenant(tenant)
        offered = tenant.ownership_offered_to
        declined = offered is not None and by is not None and offered.pk == getattr(by, "pk", None)
        if not declined:
            check_owner(by=by, tenant=tenant)
        if offered is None:
            raise ServiceError("no_offer", NO_OFFER_TO_CANCEL, 409)
        _clear_offer(tenant)
        audit_record(tenant=tenant, actor=by, action=Action.OWNERSHIP_CANCEL, target=offered,
                     details={"declined": True} if declined else {})
    return tenant


def _offered_by(tenant: Tenant):
    """The owner who made the standing offer: the actor of the latest ``ownership_offer``."""
    entry = AuditEntry.objects.for_tenant(tenant).filter(action=Action.OWNERSHIP_OFFER).order_by(
        "-created_at", "-pk").select_related("actor").first()
    return entry.actor if entry else None


def ownership_accept(*, tenant: Tenant, user) -> Membership:
    """The member offered the ownership takes it: they become owner, the owner who offered it
    becomes moderator (other owners keep their role). Records ``ownership_transfer`` (actor
    the new owner, target the former one). Raises ``no_offer`` (403) unless the offer is to
    ``user``, still an active member."""
    with transaction.atomic():
        tenant = _locked_tenant(tenant)
        if user is None or not getattr(user, "is_authenticated", False) or tenant.ownership_offered_to_id != user.pk:
            raise ServiceError("no_offer", NO_OFFER, 403)
        mine = Membership.objects.select_for_update().filter(tenant=tenant, user=user).first()
        if mine is None or mine.banned_at is not None or not user.is_active:
            raise ServiceError("no_offer", NO_OFFER, 403)
        former = _offered_by(tenant)
        mine.role = Role.OWNER
        mine.save(update_fields=["role"])
        if not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        if former is not None and former.pk != user.pk:
            Membership.objects.filter(tenant=tenant, user=former, role=Role.OWNER).update(role=Role.MODERATOR)
        _clear_offer(tenant)
        audit_record(tenant=tenant, actor=user, action=Action.OWNERSHIP_TRANSFER, target=former,
                     details={"from": getattr(former, "username", None), "to": user.username})
    return mine
