"""origin.origin_allowed: the handshake's Origin must be one of the site's origins, matched on
scheme, host and port: a community's host with the scheme and port the socket came on, or an
entry of CSRF_TRUSTED_ORIGINS. A wildcard (or a named) ALLOWED_HOSTS trusts nothing."""
import pytest

from gameplatform.realtime.origin import origin_allowed
from gameplatform.tenants.models import Tenant

pytestmark = pytest.mark.django_db


def scope(origin=None, host="play.example.test", scheme="wss", proto=None):
    headers = [(b"host", host.encode())] if host is not None else []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if proto is not None:
        headers.append((b"x-forwarded-proto", proto.encode()))
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.fixture(autouse=True)
def site(settings):
    settings.ALLOWED_HOSTS = ["*"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.hexagora.test", "http://localhost:8000"]
    settings.TRUSTED_PROXY_COUNT = 0
    Tenant.objects.create(slug="play", name="Play", domain="play.example.test")
    Tenant.objects.create(slug="owls", name="Owls", domain="owls.example.test")


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("https://play.example.test", "play.example.test", "wss", True),  # same origin
        ("https://PLAY.example.test", "play.example.test", "wss", True),  # host names ignore case
        ("https://play.example.test:443", "play.example.test", "wss", True),  # default port spelled out
        ("https://play.example.test", "play.example.test:443", "wss", True),
        ("https://owls.example.test", "play.example.test", "wss", True),  # another community, same server
        ("http://play.example.test", "play.example.test", "wss", False),  # another scheme
        ("https://play.example.test", "play.example.test", "ws", False),
        ("https://play.example.test:8443", "play.example.test", "wss", False),  # another port
        ("https://play.example.test", "play.example.test:8443", "wss", False),
        ("https://play.example.test:8443", "play.example.test:8443", "wss", True),
        ("https://owls.example.test:8443", "play.example.test", "wss", False),
        ("https://evil.example.test", "play.example.test", "wss", False),  # sibling subdomain
        ("https://example.test", "play.example.test", "wss", False),  # parent domain
        ("https://play.example.test.evil.test", "play.example.test", "wss", False),
        ("https://evil.test", "evil.test", "wss", False),  # no community there, even same-origin
        ("http://127.0.0.1:8001", "127.0.0.1:8001", "ws", True),  # default hosts, any port served
        ("http://localhost:8001", "127.0.0.1:8001", "ws", True),
        ("http://127.0.0.1:8002", "127.0.0.1:8001", "ws", False),
        ("http://[::1]:8000", "[::1]:8000", "ws", True),
        ("https://eu.hexagora.test", "play.example.test", "wss", True),  # trusted wildcard
        ("http://eu.hexagora.test", "play.example.test", "wss", False),  # ...for https only
        ("https://eu.hexagora.test:8443", "play.example.test", "wss", False),  # ...on 443 only
        ("http://localhost:8000", "play.example.test", "wss", True),  # trusted exactly
        ("http://localhost:8001", "play.example.test", "wss", False),
        ("https://localhost:8000", "play.example.test", "wss", False),
        (None, "play.example.test", "wss", False),
        ("null", "play.example.test", "wss", False),
        ("file:///etc/passwd", "play.example.test", "wss", False),
        ("http://[bad", "play.example.test", "wss", False),
        ("http://play.example.test:99999", "play.example.test", "ws", False),
        ("https://play.example.test/path", "play.example.test", "wss", False),
        ("https://user@play.example.test", "play.example.test", "wss", False),
        ("https://play.example.test", None, "wss", False),
        ("https://play.example.test", "play.example.test:http", "wss", False),
    ],
)
def test_origin_allowed(origin, host, scheme, allowed):
    assert origin_allowed(scope(origin, host, scheme)) is allowed


def test_allowed_hosts_trust_no_origin(settings):
    for hosts in (["*"], [".example.test"], ["evil.example.test"]):
        settings.ALLOWED_HOSTS = hosts
        assert origin_allowed(scope("https://evil.example.test")) is False
        assert origin_allowed(scope("https://play.example.test")) is True


def test_behind_a_trusted_tls_proxy_the_forwarded_scheme_counts(settings):
    """nginx terminates TLS: the socket reaches Daphne as ws, X-Forwarded-Proto says https."""
    behind_proxy = scope("https://play.example.test", scheme="ws", proto="https")
    assert origin_allowed(behind_proxy) is False  # no trusted proxy: the header is ignored
    settings.TRUSTED_PROXY_COUNT = 1
    assert origin_allowed(behind_proxy) is True
    assert origin_allowed(scope("http://play.example.test", scheme="ws", proto="https")) is False
