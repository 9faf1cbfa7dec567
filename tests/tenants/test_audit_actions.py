"""One audit trail (issue 27, point 3): "every moderation and ownership action of a community
is recorded once, with actor, target, reason and time ... nobody edits or deletes them".
Services on the project's database (PostgreSQL in CI); a refused action leaves no entry."""
import pytest
from django.db import transaction

from gameplatform.core.errors import ServiceError
from gameplatform.matches import community
from gameplatform.tenants import moderation, roles, services
from gameplatform.tenants.audit import audit_list, audit_record
from gameplatform.tenants.models import AuditEntry, AuditLogReadOnly, Invitation, Membership
from tests.tenants.factories import make_member, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role
Action = AuditEntry.Action


@pytest.fixture
def club():
    tenant = make_tenant("club-a", name="Club A")
    owner, mod, player = make_user("owner"), make_user("moddy"), make_user("player")
    make_member(owner, tenant, Role.OWNER)
    make_member(mod, tenant, Role.MODERATOR)
    make_member(player, tenant, Role.PLAYER)
    return tenant, owner, mod, player


def only(tenant, action) -> AuditEntry:
    rows = list(AuditEntry.objects.for_tenant(tenant).filter(action=action))
    assert len(rows) == 1, rows
    return rows[0]


def none_of(tenant, action) -> bool:
    return not AuditEntry.objects.for_tenant(tenant).filter(action=action).exists()


def test_entries_are_never_changed_nor_deleted(club):
    """Point 3: "nobody edits or deletes them" (the model refuses)."""
    tenant, owner, _mod, player = club
    entry = audit_record(tenant=tenant, actor=owner, action=Action.BAN, target=player, reason="spam")
    entry.reason = "nothing"
    with pytest.raises(AuditLogReadOnly):
        entry.save()
    with pytest.raises(AuditLogReadOnly):
        entry.delete()
    assert AuditEntry.unscoped.get(pk=entry.pk).reason == "spam"


def test_role_change_recorded_once_and_refusals_leave_none(club):
    """Point 3: "role changes"; the moderator may not appoint (owner only)."""
    tenant, owner, mod, player = club
    membership = Membership.objects.get(tenant=tenant, user=player)
    with pytest.raises(ServiceError) as err:
        roles.role_set(membership=membership, role="moderator", by=mod)
    assert err.value.code == "not_owner" and none_of(tenant, Action.ROLE)
    with pytest.raises(ServiceError) as err:
        roles.role_set(membership=membership, role="owner", by=owner)
    assert err.value.field == "role" and none_of(tenant, Action.ROLE)
    roles.role_set(membership=membership, role="moderator", by=owner, reason="trusted")
    entry = only(tenant, Action.ROLE)
    assert (entry.actor, entry.target, entry.reason, entry.details) == (owner, player, "trusted",
                                                                       {"role": ["player", "moderator"]})
    assert entry.created_at is not None
    roles.role_set(membership=membership, role="moderator", by=owner)  # no change: no entry
    assert AuditEntry.objects.for_tenant(tenant).filter(action=Action.ROLE).count() == 1


def test_member_removal(club):
    """Point 3: "member removal": a moderator removes a player, never the owner."""
    tenant, owner, mod, player = club
    with pytest.raises(ServiceError):
        roles.member_remove(membership=Membership.objects.get(tenant=tenant, user=owner), by=mod)
    assert none_of(tenant, Action.MEMBER_REMOVE)
    roles.member_remove(membership=Membership.objects.get(tenant=tenant, user=player), by=mod, reason="left")
    entry = only(tenant, Action.MEMBER_REMOVE)
    assert (entry.actor, entry.target, entry.reason) == (mod, player, "left")
    assert not Membership.objects.filter(tenant=tenant, user=player).exists()


def test_banned_member_is_not_removed(club):
    """The row of a banned member is the ban: removal refused, nothing recorded."""
    tenant, owner, _mod, player = club
    membership = moderation.member_ban(membership=Membership.objects.get(tenant=tenant, user=player), by=owner)
    with pytest.raises(ServiceError) as err:
        roles.member_remove(membership=membership, by=owner)
    assert err.value.code == "member_banned" and none_of(tenant, Action.MEMBER_REMOVE)


def test_invitations_made_and_revoked(club):
    """Point 3: "invitations made/revoked"."""
    tenant, _owner, mod, player = club
    with pytest.raises(ServiceError):
        services.invitation_create(tenant=tenant, by=player)
    assert none_of(tenant, Action.INVITATION_CREATE)
    invitation = services.invitation_create(tenant=tenant, by=mod)
    made = only(tenant, Action.INVITATION_CREATE)
    assert (made.actor, made.subject) == (mod, f"invitation:{invitation.pk}")
    with pytest.raises(ServiceError):
        services.invitation_revoke(invitation=invitation, by=player)
    assert none_of(tenant, Action.INVITATION_REVOKE)
    services.invitation_revoke(invitation=invitation, by=mod)
    revoked = only(tenant, Action.INVITATION_REVOKE)
    assert (revoked.actor, revoked.subject) == (mod, f"invitation:{invitation.pk}")
    assert not Invitation.objects.filter(pk=invitation.pk).exists()


def test_ownership_offer_cancel_and_transfer(club):
    """Point 3: "ownership offer/cancel/transfer"; on accept the old owner becomes moderator."""
    tenant, owner, mod, player = club
    with pytest.raises(ServiceError):
        roles.ownership_offer(tenant=tenant, by=mod, to=player)
    assert none_of(tenant, Action.OWNERSHIP_OFFER)
    roles.ownership_offer(tenant=tenant, by=owner, to=player, reason="moving away")
    offer = only(tenant, Action.OWNERSHIP_OFFER)
    assert (offer.actor, offer.target, offer.reason) == (owner, player, "moving away")
    roles.ownership_cancel(tenant=tenant, by=owner)
    cancel = only(tenant, Action.OWNERSHIP_CANCEL)
    assert (cancel.actor, cancel.target) == (owner, player)
    with pytest.raises(ServiceError):  # withdrawn: nothing to accept
        roles.ownership_accept(tenant=tenant, user=player)
    roles.ownership_offer(tenant=tenant, by=owner, to=mod)
    with pytest.raises(ServiceError):  # offered to someone else
        roles.ownership_accept(tenant=tenant, user=player)
    assert none_of(tenant, Action.OWNERSHIP_TRANSFER)
    roles.ownership_accept(tenant=tenant, user=mod)
    transfer = only(tenant, Action.OWNERSHIP_TRANSFER)
    assert (transfer.actor, transfer.target) == (mod, owner)
    assert Membership.objects.get(tenant=tenant, user=mod).role == Role.OWNER
    assert Membership.objects.get(tenant=tenant, user=owner).role == Role.MODERATOR
    tenant.refresh_from_db()
    assert tenant.ownership_offered_to is None


def test_offer_declined_by_the_member(club):
    """The member offered the ownership may decline it (an ``ownership_cancel`` by them)."""
    tenant, owner, _mod, player = club
    roles.ownership_offer(tenant=tenant, by=owner, to=player)
    roles.ownership_cancel(tenant=tenant, by=player)
    entry = only(tenant, Action.OWNERSHIP_CANCEL)
    assert entry.actor == player and entry.details == {"declined": True}


def test_offer_refusals(club):
    """To oneself, to an owner, to a non-member: refused with a field, nothing recorded."""
    tenant, owner, _mod, _player = club
    stranger = make_user("stranger")
    for to, code in ((owner, "offer_self"), (stranger, "not_member")):
        with pytest.raises(ServiceError) as err:
            roles.ownership_offer(tenant=tenant, by=owner, to=to)
        assert (err.value.code, err.value.field) == (code, "user")
    assert none_of(tenant, Action.OWNERSHIP_OFFER)


def test_settings_change_recorded_with_old_and_new(club):
    """Point 3: "community settings changes (details: {field: [old, new]})"."""
    tenant, owner, mod, _player = club
    with pytest.raises(ServiceError):
        community.community_settings_update(tenant=tenant, by=mod, changes={"name": "Mine"})
    with pytest.raises(ServiceError) as err:
        community.community_settings_update(tenant=tenant, by=owner, changes={"name": "Ok", "colour": "red"})
    assert err.value.code == "unknown_field"
    with pytest.raises(ServiceError) as err:
        community.community_settings_update(tenant=tenant, by=owner, changes={
            "default_clock": {"time_control": "fischer", "bank_minutes": 999}})
    assert err.value.field == "default_clock.bank_minutes"
    with pytest.raises(ServiceError) as err:
        community.community_settings_update(tenant=tenant, by=owner, changes={"games": ["chess"]})
    assert err.value.field == "games"
    assert none_of(tenant, Action.SETTINGS)
    community.community_settings_update(tenant=tenant, by=owner, changes={
        "name": "Club B", "vacation_days_per_year": 10, "games": ["hextopia"],
        "default_clock": {"time_control": "fischer", "bank_minutes": 5}})
    entry = only(tenant, Action.SETTINGS)
    assert entry.actor == owner
    assert entry.details["name"] == ["Club A", "Club B"]
    assert entry.details["vacation_days_per_year"] == [14, 10]
    assert entry.details["default_clock"] == [{}, {"time_control": "fischer", "bank_minutes": 5,
                                                   "increment_seconds": 5}]
    community.community_settings_update(tenant=tenant, by=owner, changes={"name": "Club B"})  # unchanged
    assert AuditEntry.objects.for_tenant(tenant).filter(action=Action.SETTINGS).count() == 1


def test_variants_created_edited_retired(club):
    """Point 3: "rule-variant create/edit/retire"; options checked by the game's schema."""
    tenant, owner, mod, _player = club
    with pytest.raises(ServiceError):
        community.variant_create(tenant=tenant, by=mod, fields={"game": "hextopia", "name": "V"})
    with pytest.raises(ServiceError) as err:
        community.variant_create(tenant=tenant, by=owner, fields={"game": "hextopia", "name": "V",
                                                                  "options": {"bogus": True}})
    assert err.value.field.startswith("options")
    assert none_of(tenant, Action.VARIANT_CREATE)
    variant = community.variant_create(tenant=tenant, by=owner, fields={"game": "hextopia", "name": "V"})
    assert only(tenant, Action.VARIANT_CREATE).subject == f"variant:{variant.pk}"
    community.variant_edit(tenant=tenant, by=owner, variant_id=variant.pk, fields={"name": "W"})
    assert only(tenant, Action.VARIANT_EDIT).details["name"] == ["V", "W"]
    community.variant_retire(tenant=tenant, by=owner, variant_id=variant.pk)
    community.variant_retire(tenant=tenant, by=owner, variant_id=variant.pk)  # already retired
    assert only(tenant, Action.VARIANT_RETIRE).actor == owner


def test_another_communitys_variant_is_not_found(club):
    """Point 7: an owner of A names B's variant: 404, nothing recorded in either."""
    tenant, owner, _mod, _player = club
    other = make_tenant("club-b")
    bea = make_user("bea")
    make_member(bea, other, Role.OWNER)
    variant = community.variant_create(tenant=other, by=bea, fields={"game": "hextopia", "name": "B"})
    with pytest.raises(ServiceError) as err:
        community.variant_retire(tenant=tenant, by=owner, variant_id=variant.pk)
    assert err.value.status == 404 and none_of(tenant, Action.VARIANT_RETIRE)


def test_an_undone_action_leaves_no_entry(club):
    """Point 3: written "in the caller's transaction": rolled back with it."""
    tenant, owner, _mod, player = club
    membership = Membership.objects.get(tenant=tenant, user=player)
    with pytest.raises(RuntimeError), transaction.atomic():
        roles.role_set(membership=membership, role="moderator", by=owner)
        raise RuntimeError("undo")
    assert none_of(tenant, Action.ROLE)


def test_audit_list_for_moderators_of_that_community_only(club):
    """Point 3: "moderators their community's entries, never another's"."""
    tenant, owner, mod, player = club
    other = make_tenant("club-c")
    make_member(mod, other, Role.PLAYER)
    audit_record(tenant=other, actor=None, action=Action.SETTINGS)
    audit_record(tenant=tenant, actor=owner, action=Action.SETTINGS)
    assert [e.tenant_id for e in audit_list(tenant=tenant, user=mod)] == [tenant.pk]
    for user, where in ((player, tenant), (mod, other)):
        with pytest.raises(ServiceError) as err:
            audit_list(tenant=where, user=user)
        assert err.value.status == 403
