"""Moderation in the admin (issue 13, point 5): "moderators see reports in the admin, delete
messages, and ban a member from their community ... or time them out; every moderation action
in an audit log visible to the community's owners". Moderators see only their community."""
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import timezone

from gameplatform.chat.models import ChatMessage, Report
from gameplatform.tenants.models import AuditEntry, Membership
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_hextopia_match, make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role


@pytest.fixture
def world():
    a, b = make_tenant("alpha", name="Alpha"), make_tenant("beta", name="Betamax")
    owner, mod = make_moderator("owna", a, Role.OWNER), make_moderator("moda", a)
    alice, bob, carol = make_user("alice_a"), make_user("bob_a"), make_user("carol_b")
    make_member(alice, a)
    make_member(bob, a)
    make_member(carol, b)
    match = make_hextopia_match(a, [alice, bob, None, None], title="Alpha Cup")
    rude = ChatMessage.unscoped.create(tenant=a, match=match, room="players", author=bob, text="<b>you fool</b>")
    lobby = ChatMessage.unscoped.create(tenant=a, room="lobby", author=alice, text="hello")
    far = ChatMessage.unscoped.create(tenant=b, room="lobby", author=carol, text="Betamax secret")
    return SimpleNamespace(
        a=a, b=b, owner=owner, mod=mod, alice=alice, bob=bob, carol=carol, rude=rude, lobby=lobby, far=far,
        report=Report.unscoped.create(tenant=a, message=rude, reporter=alice, reason="abuse"),
        far_report=Report.unscoped.create(tenant=b, message=far, reporter=make_member(make_user("dora_b"), b).user,
                                          reason="spam"),
    )


def url(model, view="changelist", *args):
    return reverse(f"admin:chat_{model}_{view}", args=args)


def act(client, model, action, ids):
    return client.post(url(model), {"action": action, "_selected_action": [str(i) for i in ids]}, follow=True)


def log_of(tenant):
    return list(AuditEntry.objects.for_tenant(tenant).order_by("pk").values_list("action", "actor__username",
                                                                                        "target__username"))


def test_a_moderator_sees_the_reports_and_messages_of_their_community_only(client, world):
    admin_sign_in(client, world.mod)
    page = client.get(url("report")).content.decode()
    assert "&lt;b&gt;you fool&lt;/b&gt;" in page and "<b>you fool</b>" not in page  # escaped
    assert "Betamax" not in page and "carol_b" not in page
    messages = client.get(url("chatmessage")).content.decode()
    assert "hello" in messages and "Betamax secret" not in messages
    # Another community's report by its address is "not found" (redirect to the index).
    response = client.get(url("report", "change", world.far_report.pk))
    assert response.status_code == 302
    # And nobody writes these rows by hand.
    assert client.get(url("report", "add")).status_code == 403
    assert client.post(url("report", "change", world.report.pk), {"status": "dismissed"}).status_code == 403


def test_delete_from_a_report_hides_the_message_resolves_it_and_is_logged(client, world):
    admin_sign_in(client, world.mod)
    act(client, "report", "delete_messages", [world.report.pk])
    world.rude.refresh_from_db()
    world.report.refresh_from_db()
    assert world.rude.deleted_at is not None and world.rude.deleted_by == world.mod
    assert (world.report.status, world.report.handled_by) == ("resolved", world.mod)
    assert log_of(world.a) == [("delete", "moda", "bob_a")]


@pytest.mark.parametrize("action, hours", [("timeout_1h", 1), ("timeout_24h", 24)])
def test_time_out_from_a_report(client, world, action, hours):
    admin_sign_in(client, world.mod)
    act(client, "report", action, [world.report.pk])
    until = Membership.objects.get(user=world.bob, tenant=world.a).timeout_until
    assert abs(until - (timezone.now() + timedelta(hours=hours))) < timedelta(minutes=1)
    assert log_of(world.a) == [("timeout", "moda", "bob_a")]
    assert AuditEntry.objects.for_tenant(world.a).get().until == until


def test_ban_from_a_report_and_lift_it_from_the_members_list(client, world):
    admin_sign_in(client, world.mod)
    act(client, "report", "ban_authors", [world.report.pk])
    membership = Membership.objects.get(user=world.bob, tenant=world.a)
    assert membership.banned_at is not None
    # The row stays (an open community would re-admit a deleted member): no delete for it.
    assert client.post(reverse("admin:tenants_membership_delete", args=[membership.pk])).status_code == 403
    client.post(reverse("admin:tenants_membership_changelist"),
                {"action": "unban", "_selected_action": [str(membership.pk)]})
    membership.refresh_from_db()
    assert membership.banned_at is None
    assert log_of(world.a) == [("ban", "moda", "bob_a"), ("unban", "moda", "bob_a")]


def test_a_moderator_cannot_sanction_a_moderator_but_an_owner_can(client, world):
    other_mod = make_moderator("modb", world.a)
    said = ChatMessage.unscoped.create(tenant=world.a, room="lobby", author=other_mod, text="hmm")
    admin_sign_in(client, world.mod)
    page = act(client, "chatmessage", "ban_authors", [said.pk]).content.decode()
    assert "Only an owner can moderate a moderator" in page
    assert Membership.objects.get(user=other_mod, tenant=world.a).banned_at is None
    admin_sign_in(client, world.owner)
    act(client, "chatmessage", "timeout_1h", [said.pk])
    assert Membership.objects.get(user=other_mod, tenant=world.a).timeout_until is not None
    assert log_of(world.a) == [("timeout", "owna", "modb")]


def test_dismiss_closes_a_report_and_is_logged(client, world):
    admin_sign_in(client, world.mod)
    act(client, "report", "dismiss", [world.report.pk])
    world.report.refresh_from_db()
    world.rude.refresh_from_db()
    assert world.report.status == "dismissed" and world.rude.deleted_at is None
    assert log_of(world.a) == [("dismiss", "moda", "bob_a")]


def test_a_moderator_cannot_act_on_another_communitys_rows_by_posting_their_ids(client, world):
    admin_sign_in(client, world.mod)
    act(client, "report", "delete_messages", [world.far_report.pk])
    act(client, "chatmessage", "ban_authors", [world.far.pk])
    world.far.refresh_from_db()
    assert world.far.deleted_at is None
    assert Membership.objects.get(user=world.carol, tenant=world.b).banned_at is None
    assert not AuditEntry.unscoped.exists()


def test_the_audit_log_is_for_the_communitys_moderators_and_owners_read_only(client, world):
    """Issue 27, point 3: "one log that the community's moderators and owners read (moderators
    their community's entries, never another's; nobody edits or deletes them)"."""
    log = reverse("admin:tenants_auditentry_changelist")
    admin_sign_in(client, world.mod)
    act(client, "report", "delete_messages", [world.report.pk])
    AuditEntry.unscoped.create(tenant=world.b, action="ban", reason="Betamax business")
    for person in (world.mod, world.owner):
        admin_sign_in(client, person)
        page = client.get(log).content.decode()
        assert "moda" in page and "Deleted a message" in page and "Betamax" not in page
    entry = AuditEntry.objects.for_tenant(world.a).get()
    far = AuditEntry.objects.for_tenant(world.b).get()
    one = "admin:tenants_auditentry_{}".format
    assert client.get(reverse(one("change"), args=[entry.pk])).status_code == 200
    assert client.get(reverse(one("change"), args=[far.pk])).status_code in (302, 404)  # not theirs
    assert client.post(reverse(one("change"), args=[entry.pk]), {"reason": "x"}).status_code == 403
    assert client.post(reverse(one("delete"), args=[entry.pk]), {"post": "yes"}).status_code == 403
    assert client.get(reverse(one("add"))).status_code == 403
    root = make_user("root", is_superuser=True, is_staff=True)
    admin_sign_in(client, root)
    assert "Betamax business" in client.get(log).content.decode()
    assert client.post(reverse(one("delete"), args=[entry.pk]), {"post": "yes"}).status_code == 403
    assert AuditEntry.unscoped.count() == 2
