"""The admin's changes reach the same audit trail (issue 27, point 3: every action "recorded
once", wherever it is made; "The Django admin keeps working for site staff")."""
import pytest
from django.urls import reverse

from gameplatform.matches.models import RuleVariant
from gameplatform.tenants.models import AuditEntry, Invitation, Membership
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db
Action = AuditEntry.Action


@pytest.fixture
def setup(client):
    tenant = make_tenant("alpha")
    owner = make_moderator("ownie", tenant, role=Membership.Role.OWNER)
    player = make_user("pl")
    make_member(player, tenant)
    admin_sign_in(client, owner)
    return client, tenant, owner, player


def test_role_changed_in_the_members_admin_is_recorded(setup):
    client, tenant, owner, player = setup
    membership = Membership.objects.get(tenant=tenant, user=player)
    url = reverse("admin:tenants_membership_change", args=[membership.pk])
    response = client.post(url, {"user": player.pk, "tenant": tenant.pk, "role": "moderator"})
    assert response.status_code == 302
    [entry] = AuditEntry.objects.for_tenant(tenant).filter(action=Action.ROLE)
    assert (entry.actor, entry.target, entry.details) == (owner, player, {"role": ["player", "moderator"]})


def test_variant_and_invitation_made_in_the_admin_are_recorded(setup):
    client, tenant, owner, _player = setup
    client.post(reverse("admin:matches_rulevariant_add"), {
        "tenant": tenant.pk, "game": "hextopia", "name": "J", "description": "", "options": "{}", "is_active": "on"})
    variant = RuleVariant.objects.get(tenant=tenant)
    [entry] = AuditEntry.objects.for_tenant(tenant).filter(action=Action.VARIANT_CREATE)
    assert (entry.actor, entry.subject) == (owner, f"variant:{variant.pk}")
    client.post(reverse("admin:tenants_invitation_add"), {"tenant": tenant.pk})
    invitation = Invitation.objects.get(tenant=tenant)
    [entry] = AuditEntry.objects.for_tenant(tenant).filter(action=Action.INVITATION_CREATE)
    assert entry.subject == f"invitation:{invitation.pk}"
