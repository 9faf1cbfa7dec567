"""Deleting one's account (issue 27, point 5): "sign-in and personal data go, their seats in
finished matches show 'deleted player', their chat messages are removed, ratings of others are
unchanged, and an owner must first hand over or close their communities." Decided here: the
former username is free again (the account is renamed ``deleted-<id>``)."""
from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import deletion
from accounts.models import User
from gameplatform.chat import services as chat
from gameplatform.chat.models import ChatMessage
from gameplatform.core.errors import ServiceError
from gameplatform.matches import replays
from gameplatform.matches.models import Match, Seat
from gameplatform.players.models import Preferences
from gameplatform.ratings.models import Rating
from gameplatform.tenants import closing
from gameplatform.tenants.models import Membership
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_deletion_end_to_end(client, tenant, member, other_member, user_factory, match_factory, finish):
    """Seats in finished matches show "deleted player" (page, API, replay); chat removed;
    others' ratings unchanged; the seat of a match in progress goes to a bot; an open match
    they created is called off; sign-in gone; the name can be registered again."""
    finished = finish([member, other_member])
    theirs = sorted(Rating.objects.for_tenant(tenant).filter(user=other_member).values_list("mu", "sigma", "rated_games"))
    live = match_factory("hextopia", [member, other_member])
    waiting = match_factory("hextopia", [member, "random"], start=False)
    chat.message_post(tenant=tenant, user=member, text="bye all")
    chat.message_post(tenant=tenant, user=other_member, text="stay!")
    EmailAddress.objects.create(user=member, email=member.email, verified=True, primary=True)
    Token.objects.create(user=member)
    Preferences.objects.create(user=member, language="sv")
    client.force_login(member)
    page = client.get("/settings/delete/")
    assert page.status_code == 200 and "delete-confirm" in page.content.decode()
    wrong = client.post("/settings/delete/", {"username": "alice", "password": "nope"})
    assert wrong.status_code == 400 and User.objects.get(pk=member.pk).is_active
    response = client.post("/settings/delete/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    gone = User.objects.get(pk=member.pk)
    assert gone.username == f"deleted-{member.pk}" and gone.email == "" and not gone.is_active
    assert not gone.has_usable_password() and gone.deleted_at is not None
    with translation.override("en"):
        assert gone.public_name == "deleted player"
    with translation.override("sv"):
        assert gone.public_name == "raderad spelare"
    translation.activate("en")  # the pages below answer in the reader's language
    assert not EmailAddress.objects.filter(user=gone).exists() and not Token.objects.filter(user=gone).exists()
    assert not Membership.objects.filter(user=gone).exists()
    assert not Preferences.objects.filter(user=gone).exists()
    for name in ("alice", gone.username):
        client.post("/accounts/login/", {"login": name, "password": PASSWORD})
        assert "_auth_user_id" not in client.session
    assert list(ChatMessage.unscoped.filter(tenant=tenant).values_list("text", flat=True)) == ["stay!"]
    assert sorted(Rating.objects.for_tenant(tenant).filter(user=other_member)
                  .values_list("mu", "sigma", "rated_games")) == theirs
    assert not Rating.unscoped.filter(user=gone).exists()
    # Their seats in the finished match: "deleted player" in the replay, the API and the page.
    summary = replays.match_replay(match=Match.unscoped.get(pk=finished.pk))
    assert summary["seats"][0]["name"] == "deleted player"
    api = APIClient()
    api.force_authenticate(other_member)
    seats = api.get(f"/api/v1/matches/{finished.pk}/").json()["seats"]
    assert seats[0]["name"] == "deleted player"
    client.force_login(other_member)
    assert "deleted player" in client.get(f"/matches/{finished.pk}/replay/").content.decode()
    # The match in progress: a bot plays their seat; the open one they created is off.
    seat = Seat.objects.get(match=live, index=0)
    assert seat.bot_kind and seat.user_id == gone.pk
    assert Match.unscoped.get(pk=live.pk).status == Match.Status.ACTIVE
    assert Match.unscoped.get(pk=waiting.pk).status == Match.Status.ABORTED
    # The name is free again.
    again = User.objects.create_user(username="alice", email="new@example.test", password="x")
    assert again.pk != gone.pk


def test_owner_must_hand_over_or_close_first(client, tenant, user_factory):
    """"an owner must first hand over or close their communities": refused, naming them;
    once the community is closing, the deletion goes ahead."""
    owner = user_factory("owner", role="owner")
    with pytest.raises(ServiceError) as exc:
        deletion.account_delete(user=owner, password=PASSWORD)
    assert exc.value.code == "owns_communities" and exc.value.status == 409 and tenant.name in exc.value.message
    client.force_login(owner)
    page = client.get("/settings/delete/").content.decode()
    assert "delete-owner" in page and f"/communities/{tenant.slug}/close/" in page
    assert client.post("/settings/delete/", {"username": "owner", "password": PASSWORD}).status_code == 409
    assert User.objects.get(pk=owner.pk).is_active
    closing.community_close(tenant=tenant, by=owner)
    deletion.account_delete(user=owner, password=PASSWORD, username="owner")
    assert User.objects.get(pk=owner.pk).deleted_at is not None


def test_api_delete_needs_the_password_and_refuses_unknown_fields(member):
    """Point 7: POST /api/v1/me/delete/ with the password; strict input."""
    api = APIClient()
    assert api.post("/api/v1/me/delete/", {"password": PASSWORD}, format="json").status_code == 401
    api.force_authenticate(member)
    assert api.post("/api/v1/me/delete/", {}, format="json").json()["field"] == "password"
    bad = api.post("/api/v1/me/delete/", {"password": PASSWORD, "force": True}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "force"
    wrong = api.post("/api/v1/me/delete/", {"password": "wrong"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_password"
    assert api.post("/api/v1/me/delete/", {"password": PASSWORD, "username": "bob"}, format="json").json()[
        "error"] == "invalid_username"
    done = api.post("/api/v1/me/delete/", {"password": PASSWORD, "username": "alice"}, format="json")
    assert done.status_code == 200 and done.json() == {"deleted": True}
    assert User.objects.get(pk=member.pk).deleted_at is not None


def test_the_delete_form_cannot_guess_passwords(client, member):
    """The password is checked as a sign-in is (the sign-in throttle counts it): after many
    wrong ones, even the right one is refused for a while, and nothing is deleted."""
    client.force_login(member)
    for _ in range(30):
        client.post("/settings/delete/", {"username": "alice", "password": "guess"})
    response = client.post("/settings/delete/", {"username": "alice", "password": PASSWORD})
    assert response.status_code in (400, 429)
    assert User.objects.get(pk=member.pk).deleted_at is None
