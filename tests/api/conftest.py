"""Fixtures of the REST API tests (people, tenants and matches come from tests/conftest.py).

``api_client(user)`` authenticates with a real DRF token (``Authorization: Token ...``), the
way a REST client does; ``host`` picks the community (``TenantMiddleware`` reads it).
"""
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.support import url

OTHER_HOST = "elsewhere.test"  # other_tenant's domain (tests/conftest.py)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Hash test passwords cheaply: the real hasher costs ~0.3 s a user."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(user_factory):
    return user_factory("alice")


@pytest.fixture
def bob(user_factory):
    return user_factory("bob")


@pytest.fixture
def carol(user_factory):
    """A member who sits at no table: a spectator."""
    return user_factory("carol")


@pytest.fixture
def api_client(db):
    """``api_client(user=None, host="testserver")``: an APIClient with that user's token."""

    def make(user=None, host: str = "testserver") -> APIClient:
        client = APIClient(HTTP_HOST=host)
        if user is not None:
            token, _ = Token.objects.get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


@pytest.fixture
def hextopia_table(api_client, alice, bob):
    """A started 2-seat Hextopia match made through the API: alice created it (seat 0), bob
    joined (seat 1). Returns ``(match_id, clients)`` with ``clients[seat]`` the seat's client."""
    a, b = api_client(alice), api_client(bob)
    created = a.post(url(), {"game": "hextopia", "seats": 2, "title": "Duel"}, format="json")
    assert created.status_code == 201, created.content
    match_id = created.json()["id"]
    assert b.post(url(match_id, "join/"), {}, format="json").status_code == 200
    started = a.post(url(match_id, "start/"), format="json")
    assert started.status_code == 200, started.content
    return match_id, {0: a, 1: b}

