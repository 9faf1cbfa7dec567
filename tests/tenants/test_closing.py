"""Closing a community (issue 27, point 4): "the owner closes it (matches in progress are
aborted without a result after a notice period the owner sees; finished matches and their
replays stay readable by the former members for a stated time, then are deleted); site staff
can restore it within that time." Services on the test database (PostgreSQL in CI)."""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from gameplatform.chat import services as chat
from gameplatform.core.errors import ServiceError
from gameplatform.matches import closing as match_closing
from gameplatform.matches import services as matches
from gameplatform.matches.models import Match
from gameplatform.ratings.models import Rating
from gameplatform.tenants import closing
from gameplatform.tenants.models import AuditEntry, Membership, Tenant

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(user_factory):
    return user_factory("owner", role="owner")


def _expire_notice(tenant: Tenant) -> None:
    """Moves the notice's end into the past, as if the days had gone by."""
    Tenant.objects.filter(pk=tenant.pk).update(closes_at=timezone.now() - datetime.timedelta(seconds=1))


def test_close_sets_the_notice_and_the_retention_dates(tenant, owner, settings):
    """Point 4: "after a notice period the owner sees": closes_at = now + notice,
    purge_at = closes_at + retention; one audit entry "close"."""
    settings.COMMUNITY_CLOSE_NOTICE_DAYS = 7
    settings.COMMUNITY_RETENTION_DAYS = 90
    before = timezone.now()
    closing.community_close(tenant=tenant, by=owner)
    tenant.refresh_from_db()
    assert tenant.closing_at >= before
    assert tenant.closes_at - tenant.closing_at == datetime.timedelta(days=7)
    assert tenant.purge_at - tenant.closes_at == datetime.timedelta(days=90)
    assert tenant.closed_at is None
    entry = AuditEntry.objects.for_tenant(tenant).get(action="close")
    assert entry.actor == owner and entry.until == tenant.closes_at
    assert closing.tenant_state(tenant) == "closing"


def test_only_the_owner_or_site_staff_close(tenant, other_tenant, user_factory, moderator, member):
    """Point 7: a moderator cannot close; an owner of another community cannot close this one."""
    owner_elsewhere = user_factory("ownerb", tenant=other_tenant, role="owner")
    Membership.objects.create(user=owner_elsewhere, tenant=tenant, role="player")
    for person in (moderator, member, owner_elsewhere):
        with pytest.raises(ServiceError) as exc:
            closing.community_close(tenant=tenant, by=person)
        assert exc.value.status == 403 and exc.value.code == "not_owner"
    tenant.refresh_from_db()
    assert tenant.closing_at is None
    staff = user_factory("staff", tenant=None, is_superuser=True, is_staff=True)
    closing.community_close(tenant=tenant, by=staff)
    assert closing.tenant_state(Tenant.objects.get(pk=tenant.pk)) == "closing"


def test_bad_notice_days_change_nothing(tenant, owner):
    """Bad input: a 400 naming the field, nothing written."""
    for bad in (-1, 400, "7", True, 1.5):
        with pytest.raises(ServiceError) as exc:
            closing.community_close(tenant=tenant, by=owner, notice_days=bad)
        assert exc.value.status == 400 and exc.value.field == "notice_days"
    assert Tenant.objects.get(pk=tenant.pk).closing_at is None
    closing.community_close(tenant=tenant, by=owner)
    with pytest.raises(ServiceError) as exc:
        closing.community_close(tenant=tenant, by=owner)
    assert exc.value.code == "already_closing"


def test_no_new_match_join_or_start_during_the_notice(tenant, owner, member, user_factory, match_factory):
    """Point 4 (brief): "During the notice no new match can be created or started there (clear
    error)"; nobody new joins the community."""
    waiting = match_factory("hextopia", [member, "random"], start=False)
    closing.community_close(tenant=tenant, by=owner)
    with pytest.raises(ServiceError) as exc:
        matches.match_create(tenant=tenant, user=member, game="hextopia", seats=2)
    assert (exc.value.code, exc.value.status) == ("community_closing", 409)
    with pytest.raises(ServiceError) as exc:
        matches.match_start(tenant=tenant, user=member, match_id=waiting.pk)
    assert exc.value.code == "community_closing"
    newcomer = user_factory("newcomer", tenant=None)
    with pytest.raises(ServiceError) as exc:
        matches.match_join(tenant=tenant, user=newcomer, match_id=waiting.pk)
    assert exc.value.code == "community_closing"
    assert not Membership.objects.filter(user=newcomer, tenant=tenant).exists()
    # The chat stays open during the notice.
    chat.message_post(tenant=tenant, user=member, text="see you elsewhere")


def test_at_closes_at_matches_in_progress_are_aborted_without_a_result(tenant, owner, member, other_member,
                                                                      finish, match_factory):
    """Point 4: "matches in progress are aborted without a result"; ratings unchanged; the
    finished ones stay readable; no more chat nor joining."""
    finished = finish([member, other_member])
    ratings_before = sorted(Rating.objects.for_tenant(tenant).values_list("user_id", "mu", "sigma"))
    live = match_factory("hextopia", [member, "random"])
    waiting = match_factory("hextopia", [other_member, "random"], start=False)
    closing.community_close(tenant=tenant, by=owner)
    assert match_closing.closings_sweep() == 0  # the notice is still running
    _expire_notice(tenant)
    assert match_closing.closings_sweep() == 1
    for m in (live, waiting):
        m.refresh_from_db()
        assert m.status == Match.Status.ABORTED and not m.result
    finished.refresh_from_db()
    assert finished.status == Match.Status.FINISHED
    assert sorted(Rating.objects.for_tenant(tenant).values_list("user_id", "mu", "sigma")) == ratings_before
    tenant.refresh_from_db()
    assert tenant.closed_at is not None and closing.tenant_state(tenant) == "closed"
    aborts = AuditEntry.objects.for_tenant(tenant).filter(action="match_abort", actor=None)
    assert sorted(aborts.values_list("subject", flat=True)) == sorted([f"match:{live.pk}", f"match:{waiting.pk}"])
    with pytest.raises(ServiceError) as exc:
        chat.message_post(tenant=tenant, user=member, text="hello?")
    assert exc.value.code == "community_closed"
    assert match_closing.closings_sweep() == 0  # once


def test_closed_community_stays_readable_until_purge_then_is_deleted(client, tenant, owner, member, other_member,
                                                                     finish):
    """Point 4: "finished matches and their replays stay readable by the former members for a
    stated time, then are deleted"."""
    finished = finish([member, other_member])
    closing.community_close(tenant=tenant, by=owner)
    _expire_notice(tenant)
    match_closing.closings_sweep()
    client.force_login(member)
    assert client.get(f"/matches/{finished.pk}/replay/").status_code == 200
    page = client.get("/").content.decode()
    assert "This community is closed" in page
    assert closing.purge_sweep() == 0
    Tenant.objects.filter(pk=tenant.pk).update(purge_at=timezone.now() - datetime.timedelta(seconds=1))
    assert closing.purge_sweep() == 1
    assert not Tenant.objects.filter(pk=tenant.pk).exists()
    assert not Match.unscoped.filter(pk=finished.pk).exists()
    assert not AuditEntry.unscoped.filter(tenant_id=tenant.pk).exists()


def test_owner_cancels_during_the_notice_but_not_after(tenant, owner, member):
    """The owner may cancel the closing during the notice; after it, only staff restore."""
    closing.community_close(tenant=tenant, by=owner)
    with pytest.raises(ServiceError) as exc:
        closing.community_close_cancel(tenant=tenant, by=member)
    assert exc.value.status == 403
    closing.community_close_cancel(tenant=tenant, by=owner)
    tenant.refresh_from_db()
    assert (tenant.closing_at, tenant.closes_at, tenant.purge_at) == (None, None, None)
    assert AuditEntry.objects.for_tenant(tenant).filter(action="restore", details__cancelled=True).exists()
    closing.community_close(tenant=tenant, by=owner)
    _expire_notice(tenant)
    match_closing.closings_sweep()
    with pytest.raises(ServiceError) as exc:
        closing.community_close_cancel(tenant=tenant, by=owner)
    assert exc.value.code == "already_closed"


def test_staff_restore_before_purge(tenant, owner, user_factory, member):
    """Point 4: "site staff can restore it within that time" (audit entry "restore"); not
    after purge_at; not by the owner nor a moderator."""
    staff = user_factory("staff", tenant=None, is_superuser=True, is_staff=True)
    closing.community_close(tenant=tenant, by=owner)
    _expire_notice(tenant)
    match_closing.closings_sweep()
    with pytest.raises(ServiceError) as exc:
        closing.community_restore(tenant=tenant, by=owner)
    assert exc.value.code == "not_staff"
    closing.community_restore(tenant=tenant, by=staff)
    tenant.refresh_from_db()
    assert closing.tenant_state(tenant) == "open" and tenant.closed_at is None
    assert AuditEntry.objects.for_tenant(tenant).filter(action="restore", actor=staff).exists()
    matches.match_create(tenant=tenant, user=member, game="hextopia", seats=2)  # open again
    closing.community_close(tenant=tenant, by=owner)
    Tenant.objects.filter(pk=tenant.pk).update(purge_at=timezone.now() - datetime.timedelta(seconds=1))
    with pytest.raises(ServiceError) as exc:
        closing.community_restore(tenant=tenant, by=staff)
    assert exc.value.status == 410


def test_close_page_owner_only(client, tenant, other_tenant, owner, moderator, user_factory):
    """The page /communities/<slug>/close/: the owner sees the exact date and confirms;
    a moderator gets 403; an invite-only community one is not in is a 404, even for its
    owner elsewhere (point 7)."""
    client.force_login(moderator)
    assert client.get(f"/communities/{tenant.slug}/close/").status_code == 403
    assert client.post(f"/communities/{tenant.slug}/close/", {"action": "close"}).status_code == 403
    outsider = user_factory("ownerhere", tenant=tenant, role="owner")
    client.force_login(outsider)
    assert client.get(f"/communities/{other_tenant.slug}/close/").status_code == 404
    assert Tenant.objects.get(pk=other_tenant.pk).closing_at is None
    client.force_login(owner)
    page = client.get(f"/communities/{tenant.slug}/close/")
    assert page.status_code == 200
    expected = closing.closing_dates()["closes_at"]
    assert expected.strftime("%Y") in page.content.decode() and 'id="close-date"' in page.content.decode()
    response = client.post(f"/communities/{tenant.slug}/close/", {"action": "close"})
    assert response.status_code == 302
    assert closing.tenant_state(Tenant.objects.get(pk=tenant.pk)) == "closing"
    lobby = client.get("/").content.decode()
    assert "matches in progress then are aborted without a result" in lobby
    refused = client.post("/matches/new/", {"game": "hextopia", "seats": "2", "team_layout": "none"})
    assert refused.status_code in (400, 409) and "no new match can be created" in refused.content.decode()
    assert client.post(f"/communities/{tenant.slug}/close/", {"action": "bogus"}).status_code == 302
    client.post(f"/communities/{tenant.slug}/close/", {"action": "cancel"})
    assert closing.tenant_state(Tenant.objects.get(pk=tenant.pk)) == "open"


def test_admin_restore_action_is_site_staffs(client, tenant, owner, user_factory):
    """Point 4: "site staff can restore it": the admin's "Restore" action (superusers only;
    the closing's dates are read-only there for everyone)."""
    from django.urls import reverse

    from tests.mfa import admin_sign_in

    closing.community_close(tenant=tenant, by=owner)
    url = reverse("admin:tenants_tenant_changelist")
    admin_sign_in(client, owner)  # an owner is staff with a moderator's admin: no such action
    page = client.get(url).content.decode()
    assert "restore_communities" not in page
    client.post(url, {"action": "restore_communities", "_selected_action": [tenant.pk]})
    assert Tenant.objects.get(pk=tenant.pk).closing_at is not None
    staff = user_factory("staff", tenant=None, is_superuser=True, is_staff=True)
    admin_sign_in(client, staff)
    response = client.post(url, {"action": "restore_communities", "_selected_action": [tenant.pk]}, follow=True)
    assert response.status_code == 200
    assert closing.tenant_state(Tenant.objects.get(pk=tenant.pk)) == "open"
    assert AuditEntry.objects.for_tenant(tenant).filter(action="restore", actor=staff).exists()
