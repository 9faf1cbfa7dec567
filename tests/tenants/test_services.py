"""membership_require, joining (open and by invitation), invitations and roles."""
import pytest
from django.contrib.auth.models import AnonymousUser

from gameplatform.core.errors import ServiceError
from gameplatform.tenants import services
from gameplatform.tenants.models import Invitation, Membership
from tests.tenants.factories import make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role


def refused(fn, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        fn(**kwargs)
    return info.value


# --- membership_require ----------------------------------------------------------------------
def test_open_tenant_gives_a_signed_in_user_a_player_membership():
    tenant, user = make_tenant("open"), make_user()
    membership = services.membership_require(user=user, tenant=tenant)
    assert (membership.user, membership.tenant, membership.role) == (user, tenant, Role.PLAYER)
    assert services.membership_require(user=user, tenant=tenant) == membership
    assert Membership.objects.filter(user=user).count() == 1


def test_existing_membership_is_returned_with_its_role():
    tenant = make_tenant("club", is_open=False)
    mod = make_moderator("mod", tenant)
    assert services.membership_require(user=mod, tenant=tenant).role == Role.MODERATOR


def test_invite_only_tenant_refuses_a_non_member():
    err = refused(services.membership_require, user=make_user(), tenant=make_tenant("club", is_open=False))
    assert (err.code, err.status, err.message) == ("not_member", 403, services.INVITE_ONLY)
    assert not Membership.objects.exists()


@pytest.mark.parametrize("anonymous", [None, AnonymousUser()])
def test_anonymous_is_refused(anonymous):
    err = refused(services.membership_require, user=anonymous, tenant=make_tenant("open"))
    assert (err.code, err.status, err.message) == ("not_member", 403, services.NOT_SIGNED_IN)


def test_suspended_user_is_refused_even_with_a_membership():
    tenant, user = make_tenant("open"), make_user()
    make_member(user, tenant)
    user.is_active = False
    user.save()
    err = refused(services.membership_require, user=user, tenant=tenant)
    assert (err.code, err.status, err.message) == ("not_member", 403, services.ACCOUNT_SUSPENDED)


def test_missing_tenant_is_refused():
    err = refused(services.membership_require, user=make_user(), tenant=None)
    assert (err.code, err.status) == ("not_member", 403)


def test_one_account_in_several_tenants():
    user = make_user()
    a, b = make_tenant("a"), make_tenant("b", is_open=False)
    make_member(user, b, Role.OWNER)
    assert services.membership_require(user=user, tenant=a).role == Role.PLAYER
    assert services.membership_require(user=user, tenant=b).role == Role.OWNER
    assert set(user.memberships.values_list("tenant__slug", flat=True)) == {"a", "b"}


# --- joining -----------------------------------------------------------------------------------
def test_join_open_tenant():
    tenant, user = make_tenant("open"), make_user()
    assert services.membership_join(user=user, tenant=tenant).role == Role.PLAYER


def test_join_invite_only_needs_an_invitation():
    err = refused(services.membership_join, user=make_user(), tenant=make_tenant("club", is_open=False))
    assert (err.code, err.status, err.message) == ("invite_required", 403, services.INVITE_ONLY)


# --- invitations -------------------------------------------------------------------------------
@pytest.fixture
def club():
    tenant = make_tenant("club", is_open=False)
    return tenant, make_moderator("mod", tenant)


def test_invite_flow_admits_one_person(club):
    tenant, mod = club
    invitation = services.invitation_create(tenant=tenant, by=mod)
    assert invitation.created_by == mod and invitation.used_at is None and len(invitation.code) >= 16

    alice, bob = make_user("alice"), make_user("bob")
    membership = services.membership_join_by_invite(user=alice, code=f"  {invitation.code} ")
    assert (membership.tenant, membership.role) == (tenant, Role.PLAYER)
    invitation.refresh_from_db()
    assert invitation.used_by == alice and invitation.used_at is not None
    assert services.membership_require(user=alice, tenant=tenant) == membership

    err = refused(services.membership_join_by_invite, user=bob, code=invitation.code)
    assert (err.code, err.status, err.message, err.field) == ("invite_used", 409, services.INVITE_USED, "code")
    assert not Membership.objects.filter(user=bob).exists()


def test_member_using_a_code_keeps_it_unused(club):
    tenant, mod = club
    invitation = services.invitation_create(tenant=tenant, by=mod)
    assert services.membership_join_by_invite(user=mod, code=invitation.code).role == Role.MODERATOR
    invitation.refresh_from_db()
    assert invitation.used_at is None


@pytest.mark.parametrize("code", ["nope", "", "   ", None, "x" * 500, 12345])
def test_unknown_code_is_404(code):
    err = refused(services.membership_join_by_invite, user=make_user(), code=code)
    assert (err.code, err.status, err.message, err.field) == (
        "invite_not_found", 404, services.INVITE_NOT_FOUND, "code",
    )


def test_anonymous_cannot_use_a_code(club):
    tenant, mod = club
    invitation = services.invitation_create(tenant=tenant, by=mod)
    err = refused(services.membership_join_by_invite, user=AnonymousUser(), code=invitation.code)
    assert (err.code, err.status) == ("not_member", 403)


def test_only_moderators_owners_and_superusers_create_invitations(club):
    tenant, _ = club
    player = make_user("player")
    make_member(player, tenant)
    err = refused(services.invitation_create, tenant=tenant, by=player)
    assert (err.code, err.status, err.message) == ("not_moderator", 403, services.NOT_MODERATOR)
    outsider_mod = make_moderator("othermod", make_tenant("other"))
    assert refused(services.invitation_create, tenant=tenant, by=outsider_mod).code == "not_moderator"
    owner = make_moderator("owner", tenant, Role.OWNER)
    assert services.invitation_create(tenant=tenant, by=owner).tenant == tenant
    root = make_user("root", is_superuser=True, is_staff=True)
    assert services.invitation_create(tenant=tenant, by=root).tenant == tenant
    assert Invitation.objects.count() == 2


def test_revoke_deletes_an_unused_code_only(club):
    tenant, mod = club
    unused = services.invitation_create(tenant=tenant, by=mod)
    used = services.invitation_create(tenant=tenant, by=mod)
    services.membership_join_by_invite(user=make_user(), code=used.code)
    services.invitation_revoke(invitation=unused, by=mod)
    assert not Invitation.objects.filter(pk=unused.pk).exists()
    assert refused(services.invitation_revoke, invitation=used, by=mod).code == "invite_used"


# --- roles -------------------------------------------------------------------------------------
@pytest.fixture
def staffed():
    tenant = make_tenant("club", is_open=False)
    owner = make_moderator("owner", tenant, Role.OWNER)
    mod = make_moderator("mod", tenant)
    player = make_user("player")
    return tenant, owner, mod, make_member(player, tenant)


def test_moderator_promotes_a_player_who_then_reaches_the_admin(staffed):
    _, _, mod, membership = staffed
    assert not membership.user.is_staff
    updated = services.membership_set_role(membership=membership, role=Role.MODERATOR, by=mod)
    assert updated.role == Role.MODERATOR
    membership.user.refresh_from_db()
    assert membership.user.is_staff and not membership.user.is_superuser


def test_only_owners_grant_or_touch_owner(staffed):
    tenant, owner, mod, membership = staffed
    err = refused(services.membership_set_role, membership=membership, role=Role.OWNER, by=mod)
    assert (err.code, err.status, err.message) == ("owner_only", 403, services.OWNER_ONLY)
    owner_row = Membership.objects.get(user=owner, tenant=tenant)
    assert refused(services.membership_set_role, membership=owner_row, role=Role.PLAYER, by=mod).code == "owner_only"
    assert services.membership_set_role(membership=membership, role=Role.OWNER, by=owner).role == Role.OWNER


def test_last_owner_stays(staffed):
    tenant, owner, _, _ = staffed
    owner_row = Membership.objects.get(user=owner, tenant=tenant)
    err = refused(services.membership_set_role, membership=owner_row, role=Role.MODERATOR, by=owner)
    assert (err.code, err.status, err.message) == ("last_owner", 409, services.LAST_OWNER)
    assert refused(services.membership_check_manage, by=None, membership=owner_row, new_role=None).code == "last_owner"


def test_players_and_bad_roles_are_refused(staffed):
    tenant, _, mod, membership = staffed
    mod_row = Membership.objects.get(user=mod, tenant=tenant)
    err = refused(services.membership_set_role, membership=mod_row, role=Role.PLAYER, by=membership.user)
    assert (err.code, err.status) == ("not_moderator", 403)
    err = refused(services.membership_set_role, membership=membership, role="emperor", by=mod)
    assert (err.code, err.status, err.field, err.message) == ("invalid_role", 400, "role", services.ROLE_INVALID)
    membership.refresh_from_db()
    assert membership.role == Role.PLAYER
