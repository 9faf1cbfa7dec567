"""Who may call the API: authentication (token, session), the token endpoint, tenant
membership, and tenant isolation (another community's match is an unknown match)."""
from urllib.parse import urlencode

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from gameplatform.api.views import BAD_CREDENTIALS
from gameplatform.matches import selectors
from gameplatform.matches.models import Match
from gameplatform.tenants import services as tenancy
from gameplatform.tenants.models import Membership
from tests.api.conftest import OTHER_HOST
from tests.api.support import url
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

# (method, tail, body): every endpoint under matches/<id>/, with a well-formed body so the
# request gets as far as looking the match up.
MATCH_ENDPOINTS = [
    ("get", "", None),
    ("post", "join/", {}),
    ("post", "leave/", None),
    ("post", "start/", None),
    ("post", "seats/1/bot/", {"kind": "random"}),
    ("post", "resume/", None),
    ("get", "view/", None),
    ("get", "legal-actions/", None),
    ("post", "actions/", {"action": {"type": "sit_out"}, "expected_version": 1}),
    ("post", "hint/", None),
    ("post", "analysis/", None),
    ("get", "analysis/", None),
    ("get", "history/", None),
]
OTHER_ENDPOINTS = [("get", "/api/v1/matches/", None),
                   ("post", "/api/v1/matches/", {"game": "hextopia", "seats": 2})]


def _call(client, method, path, body):
    return getattr(client, method)(path, body, format="json") if method == "post" else client.get(path)


def _every_path(match_id):
    return [(m, url(match_id, tail), b) for m, tail, b in MATCH_ENDPOINTS] + OTHER_ENDPOINTS


# --- authentication -------------------------------------------------------------------------


def test_anonymous_gets_401_everywhere(api_client, match_factory):
    match = match_factory("hextopia")
    for method, path, body in _every_path(match.pk):
        response = _call(api_client(), method, path, body)
        assert response.status_code == 401, path
        assert response["WWW-Authenticate"] == "Token"
        assert response.json() == {
            "error": "not_authenticated", "message": "Authentication credentials were not provided.",
        }


def test_the_catalogue_is_public(api_client):
    """Issue 8: "GET /api/v1/games/ answers without sign-in (the catalogue is public)"."""
    response = api_client().get("/api/v1/games/")
    assert response.status_code == 200
    assert [g["slug"] for g in response.json()] == ["hextopia", "hexcrement", "hexal", "hexfolk", "hexboard-words"]
    assert all(b["description"] for g in response.json() for b in g["bots"])


def test_bad_token_is_401(api_client):
    client = api_client()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = client.get("/api/v1/matches/")
    assert response.status_code == 401
    assert response.json() == {"error": "authentication_failed", "message": "Invalid token."}


def test_suspended_users_token_is_refused(api_client, alice):
    client = api_client(alice)
    assert client.get("/api/v1/matches/").status_code == 200
    alice.is_active = False
    alice.save()
    response = client.get("/api/v1/matches/")
    assert response.status_code == 401
    assert response.json() == {"error": "authentication_failed", "message": "User inactive or deleted."}


def test_session_auth_works_and_needs_csrf_for_writes(alice):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get("/api/v1/matches/").status_code == 200
    response = client.post("/api/v1/matches/", {"game": "hextopia", "seats": 2}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == "permission_denied" and "CSRF" in response.json()["message"]
    assert not Match.unscoped.exists()


# --- the token endpoint ---------------------------------------------------------------------


def test_obtain_token(api_client, alice):
    response = api_client().post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    assert token == Token.objects.get(user=alice).key
    client = api_client()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/v1/games/").status_code == 200


def test_obtain_token_with_a_form(api_client, alice):
    response = api_client().post(
        "/api/v1/auth/token/", urlencode({"username": "alice", "password": PASSWORD}),
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200 and response.json()["token"]


@pytest.mark.parametrize("password", [PASSWORD + "x", ""])
def test_wrong_password_gets_no_token(api_client, alice, password):
    response = api_client().post("/api/v1/auth/token/", {"username": "alice", "password": password}, format="json")
    assert response.status_code == 400
    assert not Token.objects.filter(user=alice).exists()


def test_wrong_password_message(api_client, alice):
    response = api_client().post("/api/v1/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert response.json() == {"error": "invalid_credentials", "message": BAD_CREDENTIALS}


def test_suspended_user_gets_no_token(api_client, alice):
    alice.is_active = False
    alice.save()
    response = api_client().post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": "invalid_credentials", "message": BAD_CREDENTIALS}
    assert not Token.objects.filter(user=alice).exists()


def test_token_endpoint_is_throttled_per_address(api_client, alice):
    """20 requests a minute per address (tests/accounts/test_throttle.py has the password
    policy): a forged X-Forwarded-For is the same address."""
    client = api_client()
    codes = [
        client.post(
            "/api/v1/auth/token/", {"username": f"guess{n}", "password": "guess"}, format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        ).status_code
        for n in range(21)
    ]
    assert codes[:20] == [400] * 20 and codes[20] == 429
    assert client.post("/api/v1/auth/token/", {}, format="json").json()["error"] == "throttled"


# --- membership -----------------------------------------------------------------------------


def test_open_tenant_makes_a_signed_in_user_a_player(api_client, user_factory, tenant):
    newcomer = user_factory("newcomer", tenant=None)
    assert api_client(newcomer).get("/api/v1/matches/").status_code == 200
    assert Membership.objects.get(user=newcomer, tenant=tenant).role == "player"


def test_invite_only_tenant_refuses_non_members_everywhere(api_client, user_factory, other_tenant, match_factory):
    owner = user_factory("olga", tenant=other_tenant)
    match = match_factory("hextopia", [owner, "random"], tenant=other_tenant)
    outsider = user_factory("oscar")  # a member of the default tenant only
    version = match.version
    for method, path, body in _every_path(match.pk):
        response = _call(api_client(outsider, host=OTHER_HOST), method, path, body)
        assert response.status_code == 403, path
        assert response.json() == {"error": "not_member", "message": tenancy.INVITE_ONLY}, path
    assert Match.unscoped.get(pk=match.pk).version == version
    # ... while its own member is served there.
    assert api_client(owner, host=OTHER_HOST).get(url(match.pk)).status_code == 200


def test_another_tenants_match_is_an_unknown_match(api_client, alice, user_factory, other_tenant, match_factory):
    """Same status and body as an id that does not exist, on every match endpoint."""
    owner = user_factory("olga", tenant=other_tenant)
    theirs = match_factory("hextopia", [owner, "random"], tenant=other_tenant, start=False)
    missing = theirs.pk + 1000
    client = api_client(alice)
    for method, tail, body in MATCH_ENDPOINTS:
        foreign = _call(client, method, url(theirs.pk, tail), body)
        unknown = _call(client, method, url(missing, tail), body)
        assert foreign.status_code == unknown.status_code == 404, tail
        assert foreign.json() == unknown.json() == {
            "error": "match_not_found", "message": selectors.MATCH_NOT_FOUND,
        }, tail
    theirs.refresh_from_db()
    assert theirs.version == 0 and theirs.status == "open"
    assert [s.bot_kind for s in theirs.seats.order_by("index")] == ["", "random"]
