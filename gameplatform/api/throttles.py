"""Request limits of the REST API (README "API rate limits"; rates in settings
``API_THROTTLE_RATES``, read on every request, counted in the site's cache: Redis with
``REDIS_URL``, so every process counts together). A refused request gets 429 ``throttled``
with ``Retry-After``. Anonymous callers count by ``client_ip`` (trusted proxies only, so a
forged ``X-Forwarded-For`` is one client); signed-in ones by account, whatever the address."""
from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from gameplatform.core.clientip import client_ip


class _SettingsRate:
    """Reads the rate of ``scope`` from ``settings.API_THROTTLE_RATES`` each time (DRF's own
    lookup is bound at import, so a changed setting would not count)."""

    def get_rate(self):
        return settings.API_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request) -> str:
        return client_ip(request)


class UserBurstThrottle(_SettingsRate, UserRateThrottle):
    """Per account: ``user_burst`` (240 a minute by default)."""

    scope = "user_burst"


class UserSustainedThrottle(_SettingsRate, UserRateThrottle):
    """Per account: ``user_sustained`` (6,000 an hour by default)."""

    scope = "user_sustained"


class AnonAddressThrottle(_SettingsRate, AnonRateThrottle):
    """Per address, for requests without an account: ``anon`` (60 a minute by default)."""

    scope = "anon"
