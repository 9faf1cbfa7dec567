"""TenantMiddleware: the tenant comes from the host; unknown hosts get a 404."""
import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from gameplatform.tenants.middleware import TenantMiddleware
from gameplatform.tenants.models import Tenant
from gameplatform.tenants.selectors import normalize_host, tenant_for_host
from tests.tenants.factories import make_tenant

pytestmark = pytest.mark.django_db


def resolve(host):
    """(status, request.tenant) for a GET with that Host header."""
    seen = {}

    def view(request):
        seen["tenant"] = request.tenant
        return HttpResponse("ok")

    request = RequestFactory().get("/", HTTP_HOST=host)
    response = TenantMiddleware(view)(request)
    return response.status_code, seen.get("tenant", request.tenant)


@pytest.mark.parametrize(
    "raw, host",
    [
        ("Play.Example.ORG:8000", "play.example.org"),
        ("play.example.org.", "play.example.org"),
        ("[::1]:8000", "::1"),
        ("127.0.0.1:8000", "127.0.0.1"),
        ("", ""),
    ],
)
def test_normalize_host(raw, host):
    assert normalize_host(raw) == host


def test_domain_match_is_case_insensitive_and_ignores_port():
    chess = make_tenant("chess", domain="Chess.Example.org")
    assert Tenant.objects.get(pk=chess.pk).domain == "chess.example.org"  # stored normalised
    assert resolve("CHESS.example.ORG:8443") == (200, chess)
    assert resolve("chess.example.org") == (200, chess)


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "testserver"])
def test_development_hosts_get_the_default_tenant(host, settings):
    status, tenant = resolve(host)
    assert status == 200
    assert tenant.slug == settings.DEFAULT_TENANT_SLUG


def test_default_tenant_is_created_on_first_use(settings):
    assert not Tenant.objects.filter(slug=settings.DEFAULT_TENANT_SLUG).exists()
    resolve("localhost")
    resolve("localhost")
    assert Tenant.objects.filter(slug=settings.DEFAULT_TENANT_SLUG).count() == 1


def test_default_tenant_with_its_own_domain_serves_it(settings):
    main = make_tenant(settings.DEFAULT_TENANT_SLUG, domain="hexagora.example")
    assert resolve("hexagora.example") == (200, main)


def test_unknown_host_is_404_not_the_default_tenant(client):
    """Decision (middleware docstring): a mistyped community address must not drop the
    visitor into another community."""
    make_tenant("chess", domain="chess.example.org")
    status, tenant = resolve("chesss.example.org")
    assert (status, tenant) == (404, None)
    response = client.get("/communities/", HTTP_HOST="chesss.example.org")
    assert response.status_code == 404
    assert b"No community here" in response.content


def test_unknown_host_under_api_answers_json(client):
    """API clients get the API's error shape, not an HTML page."""
    response = client.get("/api/v1/matches/", HTTP_HOST="chesss.example.org")
    assert response.status_code == 404
    assert response.json() == {"error": "unknown_host", "message": "No community is served at this address."}


def test_default_hosts_are_configurable(settings):
    settings.TENANT_DEFAULT_HOSTS = ["intranet.local"]
    assert resolve("intranet.local")[0] == 200
    assert resolve("localhost") == (404, None)


def test_tenant_for_host_prefers_a_domain_over_the_default_list():
    special = make_tenant("local-special", domain="localhost")
    assert tenant_for_host("localhost:8000") == special
