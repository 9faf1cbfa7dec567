"""Request limits of the REST API (README "API rate limits"; rates in settings
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``, counted in the site's cache: Redis with
``REDIS_URL``, so every process counts together). A refused request gets 429 ``throttled``
with ``Retry-After``. Anonymous callers count by ``client_ip`` (trusted proxies only, so a
forged ``X-Forwarded-For`` is one client); signed-in ones by account, whatever the address."""
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from gameplatform.clientip import client_ip


class UserBurstThrottle(UserRateThrottle):
    """Per account: ``user_burst`` (120 a minute by default)."""

    scope = "user_burst"

    def get_ident(self, request) -> str:
        return client_ip(request)


class UserSustainedThrottle(UserBurstThrottle):
    """Per account: ``user_sustained`` (3,000 an hour by default)."""

    scope = "user_sustained"


class AnonAddressThrottle(AnonRateThrottle):
    """Per address, for requests without an account: ``anon`` (60 a minute by default)."""

    scope = "anon"

    def get_ident(self, request) -> str:
        return client_ip(request)
