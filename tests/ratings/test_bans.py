"""Issue 13, point 5: "moderators ... ban a member from their community", and point 8:
"profile, leaderboard and chat never show a member of one community to another community that
they are not in". A banned member is no longer in the community: they drop off its leaderboards,
member lists and profiles (page and API) and cannot be invited to a match, as for a non-member;
lifting the ban brings all of it back. "In the community" is one selector,
``tenants.selectors.membership_list_active``."""
import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from gameplatform.alerts.models import MatchInvitation
from gameplatform.matches import services
from gameplatform.tenants import moderation, selectors
from gameplatform.tenants.models import Membership

pytestmark = pytest.mark.django_db

UNKNOWN = "No member of Hexagora has that username."


def signed_in(user) -> Client:
    client = Client(HTTP_HOST="testserver")
    client.force_login(user)
    return client


def api(user) -> APIClient:
    client = APIClient(HTTP_HOST="testserver")
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def people(user_factory, moderator):
    """ann, ben (who will be banned) and cat, players of ``tenant``, and mod."""
    return [user_factory(name) for name in ("ann", "ben", "cat")] + [moderator]


def membership(user, tenant) -> Membership:
    return Membership.objects.get(user=user, tenant=tenant)


def ban(user, tenant, by):
    moderation.member_ban(membership=membership(user, tenant), by=by, reason="abuse")


def unban(user, tenant, by):
    moderation.member_unban(membership=membership(user, tenant), by=by)


def board_page(viewer) -> list[str]:
    return [r["username"] for r in signed_in(viewer).get("/leaderboards/podium/").context["rows"]]


def board_api(viewer) -> list[str]:
    response = api(viewer).get("/api/v1/leaderboards/podium/")
    assert response.status_code == 200
    return [r["username"] for r in response.json()["results"]]


def index_rows(viewer) -> dict:
    games = signed_in(viewer).get("/leaderboards/").context["games"]
    return next(g for g in games if g["slug"] == "podium")


def test_the_selector_is_active_members_only(people, tenant, user_factory):
    ann, ben, cat, mod = people
    user_factory("dan", is_active=False)
    ban(ben, tenant, mod)
    names = {m.user.username for m in selectors.membership_list_active(tenant=tenant)}
    assert names == {"ann", "cat", "mod"}
    assert set(selectors.active_member_ids(tenant=tenant).values_list("user_id", flat=True)) == {
        ann.pk, cat.pk, mod.pk}


def test_a_banned_member_drops_off_the_leaderboards_and_comes_back_unbanned(finish, people, podium, tenant):
    ann, ben, cat, mod = people
    finish([ann, ben, cat], [2, 1, 3])
    assert board_page(mod) == board_api(mod) == ["ben", "ann", "cat"]
    ban(ben, tenant, mod)
    assert board_page(mod) == board_api(mod) == ["ann", "cat"]
    index = index_rows(mod)
    assert [r["username"] for r in index["rows"]] == ["ann", "cat"] and index["count"] == 2
    # Places close up: ann is first of those left, on her own ratings too.
    assert [r["position"] for r in signed_in(mod).get("/leaderboards/podium/").context["rows"]] == [1, 2]
    profile = api(mod).get("/api/v1/players/ann/").json()
    assert [r["position"] for r in profile["ratings"]] == [1]
    unban(ben, tenant, mod)
    assert board_page(mod) == board_api(mod) == ["ben", "ann", "cat"]
    assert [r["position"] for r in api(mod).get("/api/v1/players/ann/").json()["ratings"]] == [2]


def test_a_banned_members_profile_is_a_404_and_comes_back_unbanned(finish, people, podium, tenant):
    ann, ben, cat, mod = people
    finish([ann, ben], [2, 1])
    paths = ["/players/ben/", "/api/v1/players/ben/", "/api/v1/players/ben/rating-history/"]
    for path in paths:
        client = signed_in(ann) if not path.startswith("/api/") else api(ann)
        assert client.get(path).status_code == 200, path
    ban(ben, tenant, mod)
    page = signed_in(ann).get("/players/ben/")
    assert page.status_code == 404
    for path in paths[1:]:
        response = api(ann).get(path)
        assert response.status_code == 404, path
        assert response.json()["error"] == "player_not_found"
    # The same answer as for a username nobody has.
    assert api(ann).get("/api/v1/players/nobody/").json() == api(ann).get("/api/v1/players/ben/").json()
    unban(ben, tenant, mod)
    assert signed_in(ann).get("/players/ben/").status_code == 200
    assert api(ann).get("/api/v1/players/ben/").json()["username"] == "ben"


def test_a_banned_member_drops_out_of_the_member_lists(people, tenant):
    ann, ben, cat, mod = people
    page = signed_in(ann).get(f"/communities/{tenant.slug}/")
    assert [m.user.username for m in page.context["members"]] == ["mod", "ann", "ben", "cat"]
    assert [m["username"] for m in api(ann).get("/api/v1/members/").json()["results"]] == ["mod", "ann", "ben", "cat"]
    ban(ben, tenant, mod)
    for viewer in (ann, mod):
        page = signed_in(viewer).get(f"/communities/{tenant.slug}/")
        assert [m.user.username for m in page.context["members"]] == ["mod", "ann", "cat"]
        assert "Members (3)" in page.content.decode()
    rows = api(ann).get("/api/v1/members/").json()
    assert rows["count"] == 3 and [m["username"] for m in rows["results"]] == ["mod", "ann", "cat"]
    assert set(rows["results"][0]) == {"username", "name", "role", "joined_at"}
    # Ben himself is told he is banned and sees no list; the API refuses him.
    own = signed_in(ben).get(f"/communities/{tenant.slug}/")
    assert own.status_code == 200 and own.context["members"] is None
    assert "You are banned from this community." in own.content.decode()
    assert api(ben).get("/api/v1/members/").status_code == 403
    unban(ben, tenant, mod)
    assert [m["username"] for m in api(ann).get("/api/v1/members/").json()["results"]] == ["mod", "ann", "ben", "cat"]


def test_the_member_list_api_shows_no_one_of_another_community(people, user_factory, other_tenant):
    user_factory("owl", tenant=other_tenant)
    names = [m["username"] for m in api(people[0]).get("/api/v1/members/").json()["results"]]
    assert "owl" not in names


def test_a_banned_member_cannot_be_invited_and_can_again_unbanned(race_engine, people, tenant):
    ann, ben, cat, mod = people
    table = services.match_create(tenant=tenant, user=ann, game="race", seats=3, title="Friday race")
    ban(ben, tenant, mod)
    page = signed_in(ann).post(f"/matches/{table.pk}/invite/", {"username": "ben"})
    assert page.status_code == 400 and UNKNOWN in page.content.decode()
    response = api(ann).post(f"/api/v1/matches/{table.pk}/invitations/", {"username": "BEN"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": "unknown_player", "message": UNKNOWN, "field": "username"}
    assert not MatchInvitation.objects.exists()
    unban(ben, tenant, mod)
    response = api(ann).post(f"/api/v1/matches/{table.pk}/invitations/", {"username": "ben"}, format="json")
    assert response.status_code == 201 and response.json()["username"] == "ben"
    assert MatchInvitation.objects.get().user == ben
