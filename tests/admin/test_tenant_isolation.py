"""A community moderator sees and changes only their community in the admin; superusers all."""
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils.html import escape

from gameplatform.matches.models import RuleVariant
from gameplatform.tenants import services
from gameplatform.tenants.models import Invitation, Membership, Tenant
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_hextopia_match, make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role


@pytest.fixture
def world():
    a, b = make_tenant("alpha", name="Alpha"), make_tenant("beta", name="Betamax")
    mod = make_moderator("moda", a)
    alice, bob = make_user("alice_a"), make_user("bob_b")
    make_member(alice, a)
    make_member(bob, b)
    return SimpleNamespace(
        a=a, b=b, mod=mod, alice=alice, bob=bob,
        match_a=make_hextopia_match(a, [alice, None, None, None], title="Alpha Cup"),
        match_b=make_hextopia_match(b, [bob, None, None, None], title="Betamax Cup"),
        var_a=RuleVariant.objects.create(tenant=a, game="hextopia", name="Alpha jokers", options={"jokers": True}),
        var_b=RuleVariant.objects.create(tenant=b, game="hextopia", name="Betamax jokers", options={"jokers": True}),
        var_g=RuleVariant.objects.create(tenant=None, game="hextopia", name="Global classic", options={}),
        inv_a=Invitation.objects.create(tenant=a),
        inv_b=Invitation.objects.create(tenant=b),
        membership_b=Membership.objects.get(user=bob, tenant=b),
    )


@pytest.fixture
def mod_client(client, world):
    admin_sign_in(client, world.mod)
    return client


def admin_url(obj, view="change"):
    opts = obj._meta
    args = [] if view in ("changelist", "add") else [obj.pk]
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=args)


# --- lists ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "model_attr, shown, hidden",
    [
        ("match_a", ["Alpha Cup"], ["Betamax"]),
        ("var_a", ["Alpha jokers", "Global classic"], ["Betamax"]),
        ("inv_a", ["inv_a.code"], ["inv_b.code", "Betamax"]),
        ("membership_a", ["alice_a"], ["bob_b", "Betamax"]),
        ("alice", ["alice_a"], ["bob_b"]),
        ("a", ["Alpha"], ["Betamax"]),
    ],
)
def test_moderator_lists_only_their_community(mod_client, world, model_attr, shown, hidden):
    world.membership_a = Membership.objects.get(user=world.alice)
    obj = getattr(world, model_attr)
    content = mod_client.get(admin_url(obj, "changelist")).content.decode()
    resolve = lambda s: getattr(world, s.split(".")[0]).code if s.endswith(".code") else s  # noqa: E731
    for text in shown:
        assert resolve(text) in content
    for text in hidden:
        assert resolve(text) not in content


def test_superuser_lists_everything(client, world):
    admin_sign_in(client, make_user("root", is_superuser=True, is_staff=True))
    for obj, names in [(world.match_a, ["Alpha Cup", "Betamax Cup"]), (world.var_a, ["Alpha jokers", "Betamax jokers"])]:
        content = client.get(admin_url(obj, "changelist")).content.decode()
        assert all(name in content for name in names)


# --- direct URLs to another tenant's rows ----------------------------------------------------------
@pytest.mark.parametrize("attr", ["match_b", "var_b", "inv_b", "membership_b", "bob", "b"])
@pytest.mark.parametrize("view", ["change", "history", "delete"])
def test_other_tenants_object_by_url_redirects_without_data(mod_client, world, attr, view):
    obj = getattr(world, attr)
    response = mod_client.get(admin_url(obj, view))
    # "not found" redirect, or 403 where the moderator may not delete that kind of row at all
    assert (response.status_code, response.get("Location")) in ((302, reverse("admin:index")), (403, None))
    assert b"Betamax" not in response.content and b"bob_b" not in response.content


def test_other_tenants_object_cannot_be_changed_by_post(mod_client, world):
    response = mod_client.post(admin_url(world.b), {"name": "Hijacked", "is_open": "on"})
    assert response.status_code == 302
    world.b.refresh_from_db()
    assert world.b.name == "Betamax"
    response = mod_client.post(admin_url(world.membership_b), {"user": world.bob.pk, "tenant": world.b.pk, "role": "owner"})
    assert response.status_code == 302
    assert Membership.objects.get(pk=world.membership_b.pk).role == Role.PLAYER
    mod_client.post(admin_url(world.inv_b, "delete"), {"post": "yes"})
    assert Invitation.objects.filter(pk=world.inv_b.pk).exists()


def test_hand_to_bot_and_abort_pages_of_other_tenant_are_404(mod_client, world):
    for name in ("admin:matches_match_abort", "admin:matches_match_hand_to_bot"):
        url = reverse(name, args=[world.match_b.pk])
        assert mod_client.get(url).status_code == 404
        assert mod_client.post(url, {"seat": 0, "kind": "random"}).status_code == 404
    world.match_b.refresh_from_db()
    assert world.match_b.status == "active"


# --- choices -----------------------------------------------------------------------------------
def test_foreign_key_choices_are_limited(mod_client, world):
    response = mod_client.get(admin_url(Membership(), "add"))
    form = response.context["adminform"].form
    assert list(form.fields["tenant"].queryset) == [world.a]
    assert set(form.fields["user"].queryset) == {world.alice, world.mod}
    variant_form = mod_client.get(admin_url(RuleVariant(), "add")).context["adminform"].form
    assert list(variant_form.fields["tenant"].queryset) == [world.a]
    invitation_form = mod_client.get(admin_url(Invitation(), "add")).context["adminform"].form
    assert list(invitation_form.fields["tenant"].queryset) == [world.a]


def test_picking_another_tenant_by_id_is_rejected(mod_client, world):
    response = mod_client.post(admin_url(Invitation(), "add"), {"tenant": world.b.pk})
    assert response.status_code == 200 and response.context["adminform"].form.errors["tenant"]
    response = mod_client.post(admin_url(Membership(), "add"), {"user": world.bob.pk, "tenant": world.a.pk, "role": "player"})
    assert response.context["adminform"].form.errors["user"]
    assert not Membership.objects.filter(user=world.bob, tenant=world.a).exists()


def test_user_autocomplete_is_scoped(mod_client, world):
    response = mod_client.get(
        reverse("admin:autocomplete"),
        {"app_label": "tenants", "model_name": "membership", "field_name": "user", "term": ""},
    )
    assert response.status_code == 200
    assert {r["text"] for r in response.json()["results"]} == {"alice_a", "moda"}


# --- the moderator's own powers stay inside their community ---------------------------------------
def test_moderator_cannot_make_themselves_superuser(mod_client, world):
    page = mod_client.get(admin_url(world.mod))
    assert page.status_code == 200
    assert b"is_superuser" not in page.content and b"user_permissions" not in page.content
    response = mod_client.post(admin_url(world.mod), {"username": "moda", "is_superuser": "on", "is_staff": "on"})
    assert response.status_code == 403
    world.mod.refresh_from_db()
    assert not world.mod.is_superuser
    assert mod_client.get(reverse("admin:auth_user_password_change", args=[world.alice.pk])).status_code in (403, 404)


def test_moderator_sees_no_email_and_only_their_memberships(mod_client, world):
    make_member(world.alice, world.b)
    page = mod_client.get(admin_url(world.alice)).content.decode()
    assert "alice_a" in page
    assert "alice_a@example.org" not in page and "Betamax" not in page


def test_moderator_index_shows_only_scoped_admins(mod_client, world):
    content = mod_client.get(reverse("admin:index")).content.decode()
    for model in ("Matches", "Rule variants", "Memberships", "Invitations", "Users", "Tenants"):
        assert model in content
    assert "Groups" not in content and "Tokens" not in content and "Email addresses" not in content


def test_staff_without_moderator_role_sees_nothing(client, world):
    admin_sign_in(client, make_user("staffer", is_staff=True))
    assert client.get(admin_url(world.match_a, "changelist")).status_code == 403
    assert client.get(admin_url(world.match_a)).status_code in (302, 403)
    assert b"Alpha Cup" not in client.get(admin_url(world.match_a)).content


def test_moderator_cannot_grant_owner(mod_client, world):
    membership = Membership.objects.get(user=world.alice)
    response = mod_client.post(admin_url(membership), {"user": world.alice.pk, "tenant": world.a.pk, "role": "owner"})
    assert response.status_code == 200
    assert escape(services.OWNER_ONLY) in response.content.decode()
    membership.refresh_from_db()
    assert membership.role == Role.PLAYER
    response = mod_client.post(admin_url(membership), {"user": world.alice.pk, "tenant": world.a.pk, "role": "moderator"})
    assert response.status_code == 302
    world.alice.refresh_from_db()
    assert Membership.objects.get(pk=membership.pk).role == Role.MODERATOR and world.alice.is_staff


def test_owner_rows_are_protected_in_the_tenant_inline(mod_client, world):
    owner = make_moderator("owner_a", world.a, Role.OWNER)
    rows = list(Membership.objects.filter(tenant=world.a).order_by("pk"))
    data = {"name": "Alpha", "is_open": "on", "vacation_days_per_year": 14, "memberships-TOTAL_FORMS": len(rows),
            "memberships-INITIAL_FORMS": len(rows), "memberships-MIN_NUM_FORMS": 0, "memberships-MAX_NUM_FORMS": 1000}
    for i, m in enumerate(rows):
        data.update({f"memberships-{i}-id": m.pk, f"memberships-{i}-tenant": world.a.pk,
                     f"memberships-{i}-user": m.user_id, f"memberships-{i}-role": m.role})
        if m.user == owner:
            data[f"memberships-{i}-DELETE"] = "on"
    response = mod_client.post(admin_url(world.a), data)
    assert response.status_code == 200
    assert escape(services.OWNER_ONLY) in response.content.decode()
    assert Membership.objects.filter(user=owner, role=Role.OWNER).exists()


def test_moderator_edits_their_tenant_but_not_its_address(mod_client, world):
    page = mod_client.get(admin_url(world.a))
    assert "domain" not in page.context["adminform"].form.fields
    rows = list(Membership.objects.filter(tenant=world.a).order_by("pk"))
    data = {"name": "Alpha Club", "domain": "evil.example", "vacation_days_per_year": 21, "language": "en",
            "memberships-TOTAL_FORMS": len(rows),
            "memberships-INITIAL_FORMS": len(rows), "memberships-MIN_NUM_FORMS": 0, "memberships-MAX_NUM_FORMS": 1000}
    for i, m in enumerate(rows):
        data.update({f"memberships-{i}-id": m.pk, f"memberships-{i}-tenant": world.a.pk,
                     f"memberships-{i}-user": m.user_id, f"memberships-{i}-role": m.role})
    assert mod_client.post(admin_url(world.a), data).status_code == 302
    world.a.refresh_from_db()
    assert (world.a.name, world.a.domain, world.a.is_open) == ("Alpha Club", None, False)
    assert world.a.vacation_days_per_year == 21  # issue 13: the community's vacation allowance
    assert mod_client.get(admin_url(Tenant(), "add")).status_code == 403


# --- suspend / unsuspend actions -----------------------------------------------------------------
def test_suspend_action_is_scoped(mod_client, world):
    changelist = admin_url(world.alice, "changelist")
    response = mod_client.post(changelist, {"action": "suspend", "_selected_action": [world.alice.pk, world.bob.pk]})
    assert response.status_code == 302
    world.alice.refresh_from_db()
    world.bob.refresh_from_db()
    assert not world.alice.is_active and world.bob.is_active  # bob is not in the queryset at all
    mod_client.post(changelist, {"action": "unsuspend", "_selected_action": [world.alice.pk]})
    world.alice.refresh_from_db()
    assert world.alice.is_active
