"""Issue 27, point 7: "The REST API offers the same (create a community ...) with the same
permissions, in the OpenAPI schema": ``POST /api/v1/communities/`` starts one with the start
page's rules and errors, ``GET /api/v1/communities/?q=&language=&game=`` finds the open ones and
one's own, ``GET /api/v1/communities/<slug>/`` shows one (404 for an invite-only community one
is not in). Tried across communities with a person who owns one and plays in another."""
import pytest
from django.utils import timezone

from gameplatform.tenants.models import AuditEntry, Membership, Tenant
from tests.tenants.community_support import make_confirmed_user, start
from tests.tenants.factories import make_member, make_tenant, make_user

pytestmark = pytest.mark.django_db

LIST = "/api/v1/communities/"
BODY = {"name": "Night Owls", "slug": "owls", "description": "We play late.", "is_open": True,
        "language": "fr", "games": ["hextopia"]}


def test_anonymous_callers_get_401(api_client):
    client = api_client()
    assert client.get(LIST).status_code == 401
    assert client.post(LIST, BODY, format="json").status_code == 401
    assert client.get(f"{LIST}hexagora/").status_code == 401


def test_start_a_community_through_the_api(api_client):
    """The same service as the page: owner, address, audit entry; 201 with the details."""
    ann = make_confirmed_user("ann")
    response = api_client(ann).post(LIST, BODY, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["slug"], body["name"], body["language"], body["games"], body["role"]) == (
        "owls", "Night Owls", "fr", ["hextopia"], "owner")
    assert body["address"] == "http://owls.localhost/"
    assert body["staff"] == [{"username": "ann", "name": ann.public_name, "role": "owner"}]
    tenant = Tenant.objects.get(slug="owls")
    assert AuditEntry.objects.for_tenant(tenant).get().action == "create"


@pytest.mark.parametrize(("body", "status", "code", "field"), [
    ({**BODY, "slug": "admin"}, 400, "slug_reserved", "slug"),
    ({**BODY, "slug": "Hexagora"}, 409, "slug_taken", "slug"),
    ({**BODY, "name": "HEXAGORA"}, 409, "name_lookalike", "name"),
    ({**BODY, "name": "Hex\u0430gora"}, 409, "name_lookalike", "name"),  # Cyrillic а
    ({**BODY, "slug": "ab"}, 400, "invalid", "slug"),  # the schema's minLength
    ({**BODY, "slug": "a_b_c"}, 400, "slug_invalid", "slug"),
    ({**BODY, "games": ["chess"]}, 400, "unknown_game", "games"),
    ({**BODY, "is_open": "yes"}, 400, "invalid", "is_open"),
    ({**BODY, "language": "de"}, 400, "invalid", "language"),
    ({**BODY, "owner": "bob"}, 400, "invalid", "owner"),  # unknown fields are refused
    ({"slug": "owls"}, 400, "invalid", "name"),
])
def test_refusals_are_the_services_with_the_field(api_client, tenant, body, status, code, field):
    client = api_client(make_confirmed_user())
    before = Tenant.objects.count()
    response = client.post(LIST, body, format="json")
    assert response.status_code == status, response.content
    assert (response.json()["error"], response.json().get("field")) == (code, field)
    assert Tenant.objects.count() == before


def test_unconfirmed_address_limit_and_staff_switch(api_client, settings):
    """The same permissions as the page."""
    response = api_client(make_user("nomail")).post(LIST, BODY, format="json")
    assert (response.status_code, response.json()["error"]) == (403, "email_unconfirmed")
    ann = make_confirmed_user("ann")
    settings.COMMUNITIES_PER_PERSON = 1
    start(ann, "first")
    response = api_client(ann).post(LIST, BODY, format="json")
    assert (response.status_code, response.json()["error"]) == (409, "too_many_communities")
    settings.COMMUNITY_CREATION = "staff"
    response = api_client(make_confirmed_user("bob")).post(LIST, BODY, format="json")
    assert (response.status_code, response.json()["error"]) == (403, "creation_staff_only")


@pytest.fixture
def directory(tenant):
    make_tenant("chess-club", name="Chess Club")
    Tenant.objects.filter(slug="chess-club").update(language="fr", games=["hexal"])
    make_tenant("hex-fans", name="Hex Fans")
    Tenant.objects.filter(slug="hex-fans").update(language="sv")
    make_tenant("closed-club", name="Closed Club")
    Tenant.objects.filter(slug="closed-club").update(closed_at=timezone.now())
    return make_tenant("secret-club", name="Secret Club", is_open=False)


def slugs(response):
    assert response.status_code == 200, response.content
    return [c["slug"] for c in response.json()["results"]]


def test_find_open_communities_and_ones_own(api_client, directory):
    """Open communities and mine, never closed ones, never another's invite-only one."""
    outsider = make_user("outsider")
    assert slugs(api_client(outsider).get(LIST)) == ["chess-club", "hex-fans", "hexagora"]
    assert slugs(api_client(outsider).get(LIST + "?q=CLUB")) == ["chess-club"]
    assert slugs(api_client(outsider).get(LIST + "?language=sv")) == ["hex-fans"]
    assert slugs(api_client(outsider).get(LIST + "?game=hextopia")) == ["hex-fans", "hexagora"]
    insider = make_user("insider")
    make_member(insider, directory)
    assert "secret-club" in slugs(api_client(insider).get(LIST + "?q=club"))
    page = api_client(outsider).get(LIST + "?limit=1&offset=1").json()
    assert page["count"] == 3 and [c["slug"] for c in page["results"]] == ["hex-fans"]


@pytest.mark.parametrize("query", ["language=xx", "game=chess", "limit=0", "q=" + "x" * 81])
def test_bad_filters_are_a_400_naming_them(api_client, directory, query):
    response = api_client(make_user()).get(f"{LIST}?{query}")
    assert response.status_code == 400
    assert response.json()["field"] == query.split("=")[0]


def test_details_and_invite_only_hidden(api_client, directory):
    outsider = make_user("outsider")
    body = api_client(outsider).get(f"{LIST}chess-club/").json()
    assert (body["name"], body["language"], body["games"], body["role"]) == ("Chess Club", "fr", ["hexal"], None)
    hidden = api_client(outsider).get(f"{LIST}secret-club/")
    assert (hidden.status_code, hidden.json()["error"]) == (404, "community_not_found")
    assert api_client(outsider).get(f"{LIST}no-such/").json()["error"] == "community_not_found"
    insider = make_user("insider")
    make_member(insider, directory)
    assert api_client(insider).get(f"{LIST}secret-club/").json()["role"] == "player"


def test_an_owner_of_one_is_a_player_in_another(api_client, directory):
    """A person who owns one community and plays in another sees their role in each, and the
    API answers the same from either community's host."""
    ann = make_confirmed_user("ann")
    start(ann, "owls", name="Night Owls")
    make_member(ann, Tenant.objects.get(slug="hex-fans"))
    for host in ("testserver", "owls.localhost"):
        client = api_client(ann, host=host)
        assert client.get(f"{LIST}owls/").json()["role"] == "owner"
        assert client.get(f"{LIST}hex-fans/").json()["role"] == "player"
        assert client.get(f"{LIST}secret-club/").status_code == 404
    assert Membership.objects.get(user=ann, tenant__slug="hex-fans").role == "player"


def test_the_routes_are_in_the_schema(client, tenant):
    schema = client.get("/api/schema/?format=json").json()
    assert {"get", "post"} <= set(schema["paths"]["/api/v1/communities/"])
    assert "get" in schema["paths"]["/api/v1/communities/{slug}/"]
    assert schema["components"]["schemas"]["CommunityCreateIn"]["additionalProperties"] is False


def test_an_empty_search_is_every_community(api_client, directory):
    assert slugs(api_client(make_user()).get(LIST + "?q=")) == ["chess-club", "hex-fans", "hexagora"]


def test_a_page_of_communities_counts_members_and_roles_in_a_few_queries(api_client, directory,
                                                                         django_assert_max_num_queries):
    member = make_user("member")
    for slug in ("chess-club", "hex-fans"):
        make_member(member, Tenant.objects.get(slug=slug))
    make_member(make_user("other"), Tenant.objects.get(slug="hex-fans"))
    client = api_client(member)
    with django_assert_max_num_queries(12):
        rows = {c["slug"]: c for c in client.get(LIST).json()["results"]}
    assert (rows["hex-fans"]["members"], rows["hex-fans"]["role"]) == (2, "player")
    assert (rows["hexagora"]["members"], rows["hexagora"]["role"]) == (0, None)


def test_the_match_api_refuses_a_game_the_community_does_not_offer(api_client):
    """Issue 27, point 6: "a match of a game not offered is refused with a clear error (field
    game)", through the API as on the page."""
    ann = make_confirmed_user("ann")
    start(ann, "owls", name="Night Owls", games=["hextopia"])
    client = api_client(ann, host="owls.localhost")
    refused = client.post("/api/v1/matches/", {"game": "hexal", "seats": 2}, format="json")
    assert refused.status_code == 400
    assert (refused.json()["error"], refused.json()["field"]) == ("game_not_offered", "game")
    assert client.post("/api/v1/matches/", {"game": "hextopia", "seats": 2}, format="json").status_code == 201
