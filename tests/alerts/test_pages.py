"""Issue 13, point 3: the header's "Your turn" badge on every page, ``/your-turn/`` and
``GET /api/v1/your-turn/``: this community's matches only, oldest deadline first."""
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership

pytestmark = pytest.mark.django_db


def badge(response) -> int | None:
    m = re.search(r'id="waiting-count">(\d+)<', response.content.decode())
    return int(m.group(1)) if m else None


def test_every_page_of_a_member_has_the_badge(client, member, other_member, waiting_match):
    waiting_match(member)
    client.force_login(member)
    for path in ("/", "/settings/", "/your-turn/", "/leaderboards/", "/communities/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert badge(response) == 1, path
        assert 'id="me-config"' in response.content.decode()
    client.force_login(other_member)
    assert badge(client.get("/")) == 0


def test_no_badge_signed_out_or_outside_the_community(client, user_factory, other_tenant, tenant):
    assert badge(client.get("/accounts/login/")) is None
    stranger = user_factory("stranger", tenant=other_tenant)  # not a member of the default community
    client.force_login(stranger)
    page = client.get("/communities/")
    assert page.status_code == 200 and badge(page) is None
    assert not Membership.objects.filter(user=stranger, tenant=tenant).exists()  # never joined by the way


def test_your_turn_lists_oldest_deadline_first(client, member, waiting_match, other_tenant, user_factory):
    soon, unlimited, later = (waiting_match(member) for _ in range(3))
    now = timezone.now()
    Match.unscoped.filter(pk=soon.pk).update(deadline=now + timedelta(hours=1), title="Soon")
    Match.unscoped.filter(pk=later.pk).update(deadline=now + timedelta(days=1), title="Later")
    Match.unscoped.filter(pk=unlimited.pk).update(title="Unlimited")
    Membership.objects.create(user=member, tenant=other_tenant)
    elsewhere = waiting_match(member, tenant=other_tenant)
    Match.unscoped.filter(pk=elsewhere.pk).update(title="Elsewhere")
    client.force_login(member)
    body = client.get("/your-turn/").content.decode()
    titles = re.findall(r'<a href="/matches/\d+/">([^<]+)</a>', body)
    assert titles == ["Soon", "Later", "Unlimited"]
    assert "Elsewhere" not in body
    assert badge(client.get("/your-turn/", HTTP_HOST="elsewhere.test")) == 1


def test_your_turn_needs_a_member(client, user_factory, other_tenant):
    response = client.get("/your-turn/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(user_factory("owl", tenant=other_tenant))
    assert client.get("/your-turn/", HTTP_HOST="testserver").status_code == 200  # the open default community
    client.force_login(user_factory("nobody", tenant=None))
    other = client.get("/your-turn/", HTTP_HOST="elsewhere.test")  # invite-only
    assert other.status_code == 403


def test_api_your_turn(api_as, member, waiting_match):
    first = waiting_match(member)
    second = waiting_match(member)
    Match.unscoped.filter(pk=second.pk).update(deadline=timezone.now() + timedelta(hours=2))
    body = api_as(member).get("/api/v1/your-turn/").json()
    assert body["count"] == 2
    assert [row["match"] for row in body["results"]] == [second.pk, first.pk]
    assert set(body["results"][0]) == {"match", "game", "game_name", "title", "url", "deadline", "since",
                                       "turn_seconds"}
    assert body["results"][1]["deadline"] is None and body["invitations"] == []


def test_api_your_turn_refuses_strangers(api_as, user_factory, other_tenant):
    from rest_framework.test import APIClient

    assert APIClient().get("/api/v1/your-turn/").status_code == 401
    owl = user_factory("owl2", tenant=other_tenant)
    response = api_as(owl, host="testserver").get("/api/v1/your-turn/")
    assert response.status_code == 200 and response.json()["count"] == 0
    nobody = user_factory("nobody2", tenant=None)
    assert api_as(nobody, host="elsewhere.test").get("/api/v1/your-turn/").status_code == 403
