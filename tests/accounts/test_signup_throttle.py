"""Sign-up is throttled per client address (issue 13, point 6): allauth's ``signup`` limit,
``ACCOUNT_RATE_LIMITS["signup"]`` = 5 in 10 minutes and 20 a day per address, counted in the
shared cache. A refused sign-up creates no account and sends no mail."""
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.tenants.factories import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(client, n: int, address: str = "198.51.100.7"):
    return client.post(
        reverse("account_signup"),
        {"email": f"new{n}@example.org", "username": f"new{n}", "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )


def test_the_limit_is_five_in_ten_minutes_and_twenty_a_day_per_address():
    assert settings.ACCOUNT_RATE_LIMITS["signup"] == "5/10m/ip,20/d/ip"


def test_the_sixth_sign_up_from_one_address_is_refused_and_creates_nothing(client):
    for n in range(5):
        client.logout()
        assert sign_up(client, n).status_code == 302
    client.logout()
    sent = len(mail.outbox)
    refused = sign_up(client, 99)
    assert refused.status_code == 429
    assert not get_user_model().objects.filter(username="new99").exists()
    assert len(mail.outbox) == sent
    # Another address is not held back.
    assert sign_up(client, 100, address="203.0.113.9").status_code == 302


def test_a_forged_forwarded_for_header_is_the_same_client(client):
    """Without a trusted proxy (TRUSTED_PROXY_COUNT=0) X-Forwarded-For is ignored."""
    for n in range(5):
        client.logout()
        client.post(
            reverse("account_signup"),
            {"email": f"f{n}@example.org", "username": f"f{n}", "password1": PASSWORD, "password2": PASSWORD},
            REMOTE_ADDR="198.51.100.8", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        )
    client.logout()
    response = client.post(
        reverse("account_signup"),
        {"email": "f9@example.org", "username": "f9", "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR="198.51.100.8", HTTP_X_FORWARDED_FOR="10.0.0.99",
    )
    assert response.status_code == 429
