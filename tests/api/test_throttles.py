"""API rate limits (issue 13, point 6; README "API rate limits"): DRF throttles on every
endpoint, per account (burst and sustained) and per address for anonymous callers, rates from
``settings.API_THROTTLE_RATES``. A refused request is 429 ``throttled`` with Retry-After."""
import pytest
from django.conf import settings as django_settings

pytestmark = pytest.mark.django_db


def test_every_endpoint_has_the_default_throttles():
    classes = django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]
    assert classes == [
        "gameplatform.api.throttles.UserBurstThrottle",
        "gameplatform.api.throttles.UserSustainedThrottle",
        "gameplatform.api.throttles.AnonAddressThrottle",
    ]
    assert django_settings.API_THROTTLE_RATES == {"user_burst": "240/min", "user_sustained": "6000/hour",
                                                  "anon": "60/min"}


def test_an_account_over_its_burst_rate_gets_429_then_others_still_pass(api_client, alice, bob, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "user_burst": "3/min"}
    client = api_client(alice)
    assert [client.get("/api/v1/matches/").status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get("/api/v1/matches/")
    assert refused.status_code == 429
    assert refused.json()["error"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    # Per account, not per address: bob on the same address is not held back.
    assert api_client(bob).get("/api/v1/matches/").status_code == 200


def test_the_sustained_rate_counts_too(api_client, alice, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "user_sustained": "2/hour"}
    client = api_client(alice)
    assert [client.get("/api/v1/matches/").status_code for _ in range(3)] == [200, 200, 429]


def test_anonymous_callers_count_by_address_and_forged_headers_do_not_help(api_client, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "anon": "2/min"}
    client = api_client()
    codes = [client.get("/api/v1/games/", REMOTE_ADDR="198.51.100.1", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}").status_code
             for i in range(3)]
    assert codes == [200, 200, 429]
    assert client.get("/api/v1/games/", REMOTE_ADDR="198.51.100.2").status_code == 200


def test_a_throttled_request_changes_nothing(api_client, alice, settings):
    from gameplatform.matches.models import Match

    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "user_burst": "1/min"}
    client = api_client(alice)
    client.get("/api/v1/matches/")
    response = client.post("/api/v1/matches/", {"game": "hextopia", "seats": 4}, format="json")
    assert response.status_code == 429
    assert not Match.unscoped.exists()
