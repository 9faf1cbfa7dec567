"""Same-site check for WebSocket handshakes (cross-site WebSocket hijacking defence).

Browsers send the session cookie with a WebSocket handshake from any page, so a page on
another site could open a socket as the signed-in user. The ``Origin`` header, which a page
cannot forge, tells where the page came from; this module decides whether that place is us.

The site's origins, matched exactly on scheme, host and port:

- each community's host (every ``Tenant.domain``, and ``TENANT_DEFAULT_HOSTS`` for the default
  community) with the scheme and port the socket's request came on: a page of one community
  may follow a match of another on the same server, but not from another port or scheme;
- each entry of ``CSRF_TRUSTED_ORIGINS`` (Django's ``https://*.example.org`` patterns
  included, as Django trusts them for POSTs: scheme and port still exact).

``ALLOWED_HOSTS`` plays no part: ``"*"`` there means "answer any Host", never "trust any
Origin", and a named ``.example.org`` would trust every sibling subdomain. A missing, ``null``,
malformed or non-http(s) Origin is refused: every browser sends one with a WebSocket handshake.

The request's scheme is the socket's (``ws`` -> http, ``wss`` -> https), or, behind trusted
proxies (``TRUSTED_PROXY_COUNT`` > 0), the ``X-Forwarded-Proto`` the proxy set; its port is
the ``Host`` header's, else the scheme's default (nginx's ``Host $host`` carries none).
"""
from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port
from django.utils.http import is_same_domain

from gameplatform.tenants.models import Tenant
from gameplatform.tenants.selectors import normalize_host

DEFAULT_PORTS = {"http": 80, "https": 443}
SOCKET_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def header(scope: dict, name: bytes) -> str:
    """The first value of header ``name`` (lower-case bytes) in an ASGI scope, or ""."""
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return ""


def parse_origin(value: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an http(s) origin, host lower-cased without brackets or
    trailing dot, port explicit or the scheme's default; None for anything else."""
    value = (value or "").strip()
    if not value or value == "null":
        return None
    try:
        parsed = urlsplit(value)
        if parsed.scheme not in DEFAULT_PORTS or not parsed.hostname:
            return None
        if parsed.path not in ("", "/") or parsed.query or parsed.fragment or parsed.username is not None:
            return None
        port = parsed.port or DEFAULT_PORTS[parsed.scheme]
    except ValueError:  # a malformed host or port
        return None
    return parsed.scheme, parsed.hostname.lower().rstrip("."), port


def request_scheme_and_port(scope: dict) -> tuple[str, int] | None:
    """The scheme ("http"/"https") and port the socket's request came on (module docstring),
    or None without a usable Host header."""
    scheme = SOCKET_SCHEMES.get(scope.get("scheme") or "ws", "http")
    if settings.TRUSTED_PROXY_COUNT > 0:
        forwarded = header(scope, b"x-forwarded-proto").split(",")[-1].strip().lower()
        if forwarded in DEFAULT_PORTS:
            scheme = forwarded
    domain, port = split_domain_port(header(scope, b"host"))
    if not domain:
        return None
    if port:
        if not port.isdigit() or not 0 < int(port) < 65536:
            return None
        return scheme, int(port)
    return scheme, DEFAULT_PORTS[scheme]


def community_hosts_include(host: str) -> bool:
    """True when ``host`` serves a community: a ``Tenant.domain`` or a default host."""
    defaults = {normalize_host(h) for h in settings.TENANT_DEFAULT_HOSTS}
    return host in defaults or Tenant.objects.filter(domain=host).exists()


def trusted_origin(origin: tuple[str, str, int]) -> bool:
    """True when ``origin`` is one of ``settings.CSRF_TRUSTED_ORIGINS`` (scheme, host, port)."""
    scheme, host, port = origin
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        if "*" in trusted:
            # Django's rule: "https://*.example.com" trusts https://<any>.example.com.
            t = urlsplit(trusted)
            pattern_host, _, pattern_port = t.netloc.lower().partition(":")
            wanted_port = int(pattern_port) if pattern_port.isdigit() else DEFAULT_PORTS.get(t.scheme)
            if t.scheme == scheme and wanted_port == port and is_same_domain(host, pattern_host.lstrip("*")):
                return True
        elif parse_origin(trusted) == origin:
            return True
    return False


def origin_allowed(scope: dict) -> bool:
    """True when the handshake's ``Origin`` is one of the site's origins (module docstring).
    Reads the database (the communities' domains): call it from a thread."""
    origin = parse_origin(header(scope, b"origin"))
    if origin is None:
        return False
    if trusted_origin(origin):
        return True
    came_on = request_scheme_and_port(scope)
    if came_on is None:
        return False
    scheme, host, port = origin
    return (scheme, port) == came_on and community_hosts_include(host)
