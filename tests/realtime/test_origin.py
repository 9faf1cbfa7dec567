"""origin.origin_allowed: the handshake's Origin must be this site."""
import pytest

from gameplatform.realtime.origin import origin_allowed


def scope(origin=None, host="play.example.test", scheme="ws"):
    headers = [(b"host", host.encode())] if host is not None else []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.fixture(autouse=True)
def site(settings):
    settings.ALLOWED_HOSTS = ["*"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.hexagora.test", "http://localhost:8000"]


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("https://play.example.test", "play.example.test", True),  # same origin
        ("https://PLAY.example.test", "play.example.test", True),  # host names ignore case
        ("https://play.example.test:443", "play.example.test", True),  # default port spelled out
        ("https://play.example.test", "play.example.test:443", True),
        ("https://play.example.test:8443", "play.example.test", False),
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://[::1]:8000", "[::1]:8000", True),
        ("https://play.example.test", "play.example.test:8443", False),  # another port
        ("https://evil.test", "play.example.test", False),
        ("https://play.example.test.evil.test", "play.example.test", False),
        ("https://eu.hexagora.test", "play.example.test", True),  # trusted wildcard
        ("http://eu.hexagora.test", "play.example.test", False),  # ...for https only
        ("http://localhost:8000", "play.example.test", True),  # trusted exactly
        ("http://localhost:8001", "play.example.test", False),
        (None, "play.example.test", False),
        ("null", "play.example.test", False),
        ("file:///etc/passwd", "play.example.test", False),
        ("http://[bad", "play.example.test", False),
        ("http://play.example.test:99999", "play.example.test", False),
        ("https://play.example.test", None, False),
    ],
)
def test_origin_allowed(origin, host, allowed):
    assert origin_allowed(scope(origin, host)) is allowed


def test_named_allowed_hosts_are_trusted_but_a_wildcard_is_not(settings):
    settings.ALLOWED_HOSTS = ["*", ".hexagora.example"]
    assert origin_allowed(scope("https://club.hexagora.example")) is True
    assert origin_allowed(scope("https://club.elsewhere.example")) is False
