"""Same-site check for WebSocket handshakes (cross-site WebSocket hijacking defence).

Browsers send the session cookie with a WebSocket handshake from any page, so a page on
another site could open a socket as the signed-in user. The ``Origin`` header, which a page
cannot forge, tells where the page came from; this module decides whether that place is us.
"""
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": "80", "https": "443"}


def header(scope: dict, name: bytes) -> str:
    """The first value of header ``name`` (lower-case bytes) in an ASGI scope, or ""."""
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return ""


def origin_allowed(scope: dict) -> bool:
    """True when the handshake's ``Origin`` is this site.

    Allowed: the Origin's host and port equal the request's ``Host`` header (same origin;
    a tenant's own domain passes this way), or the Origin is listed in (or matches a
    ``scheme://*.domain`` pattern of) ``settings.CSRF_TRUSTED_ORIGINS``, or its host matches
    a non-wildcard entry of ``settings.ALLOWED_HOSTS`` (``"*"`` there means "accept any Host",
    never "trust any Origin"). A missing, ``null`` or non-http(s) Origin is refused: every
    browser sends one with a WebSocket handshake.
    """
    origin = header(scope, b"origin").strip()
    if not origin or origin == "null":
        return False
    try:
        parsed = urlsplit(origin)
        if parsed.scheme not in DEFAULT_PORTS or not parsed.hostname:
            return False
        origin_port = str(parsed.port or DEFAULT_PORTS[parsed.scheme])
    except ValueError:  # a malformed host or port
        return False
    origin_host = parsed.hostname.lower().rstrip(".")

    host_domain, host_port = split_domain_port(header(scope, b"host"))
    if host_domain:
        # A Host without a port means the default one of the scheme the page was loaded
        # with, i.e. the Origin's (the socket's own scope scheme is "ws" behind a TLS proxy).
        host_port = host_port or DEFAULT_PORTS[parsed.scheme]
        # split_domain_port keeps an IPv6 literal's brackets; urlsplit's hostname drops them.
        if host_domain.strip("[]").rstrip(".") == origin_host and host_port == origin_port:
            return True

    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        if "*" in trusted:
            # Django's rule: "https://*.example.com" trusts https://<any>.example.com.
            t = urlsplit(trusted)
            if t.scheme == parsed.scheme and is_same_domain(parsed.netloc.lower(), t.netloc.lstrip("*").lower()):
                return True
        elif trusted.rstrip("/").lower() == origin.rstrip("/").lower():
            return True

    named_hosts = [h for h in settings.ALLOWED_HOSTS if h != "*"]
    return bool(named_hosts) and validate_host(origin_host, named_hosts)
