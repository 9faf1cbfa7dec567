"""The client's address, the one every counter by address uses (sign-in throttling, DRF
throttles, allauth's rate limits, the e-mails that tell an owner where an attempt came from).

``X-Forwarded-For`` is read only as deep as ``settings.TRUSTED_PROXY_COUNT`` says there are
proxies of ours in front of the server (0, the default: the header is ignored and
``REMOTE_ADDR`` counts). Each proxy appends the address it received the request from, so with
N trusted proxies the client is the N-th entry from the right; anything left of it was
written by the client and may be forged. The README's nginx example *overwrites* the header
with ``$remote_addr`` (one entry) and goes with ``TRUSTED_PROXY_COUNT=1``.
"""
from __future__ import annotations

import ipaddress

from django.conf import settings

UNKNOWN = "0.0.0.0"  # no usable address: every such client counts as one


def clean_ip(value: str | None) -> str | None:
    """``value`` as a canonical IP address string (``"::FFFF:1.2.3.4"`` -> ``"::ffff:1.2.3.4"``,
    an IPv4 ``"1.2.3.4:5678"`` or ``"[::1]:80"`` loses its port), or None if it is not one."""
    value = (value or "").strip()
    if not value:
        return None
    if value.startswith("[") and "]" in value:  # [v6]:port
        value = value[1:value.index("]")]
    elif value.count(":") == 1:  # v4:port
        value = value.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        return None


def client_ip_from(*, remote_addr: str | None, forwarded_for: str | None, trusted_proxies: int) -> str:
    """The client address given the socket peer, the ``X-Forwarded-For`` value and the number
    of trusted proxies (see the module docstring). A header with fewer entries than trusted
    proxies, or an entry that is no IP address, is ignored: the peer counts."""
    peer = clean_ip(remote_addr) or UNKNOWN
    if trusted_proxies <= 0 or not forwarded_for:
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",")]
    if len(hops) < trusted_proxies:
        return peer
    return clean_ip(hops[-trusted_proxies]) or peer


def client_ip(request) -> str:
    """The address of the client that sent ``request`` (a Django ``HttpRequest`` or a DRF
    ``Request``); ``UNKNOWN`` when there is none."""
    meta = request.META
    return client_ip_from(
        remote_addr=meta.get("REMOTE_ADDR"),
        forwarded_for=meta.get("HTTP_X_FORWARDED_FOR"),
        trusted_proxies=settings.TRUSTED_PROXY_COUNT,
    )


def address_bucket(ip: str) -> str:
    """What counts as one address for throttling: an IPv4 address itself, an IPv6 address's
    /64 network (one subscriber gets a whole /64, so single IPv6 addresses cost nothing)."""
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{addr}/64", strict=False).network_address) + "/64"
    return ip
