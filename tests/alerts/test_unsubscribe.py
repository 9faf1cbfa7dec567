"""Issue 13, point 3: "signed one-click unsubscribe link": GET asks, POST turns the mails off,
and a mail client's RFC 8058 one-click POST works without a cookie or a form token. A bad
token is a 400 and changes nothing."""
import pytest
from django.test import Client

from gameplatform.alerts import selectors
from gameplatform.players.models import Preferences
from gameplatform.players.selectors import preferences_get

pytestmark = pytest.mark.django_db


def link(user) -> str:
    return f"/alerts/unsubscribe/{selectors.unsubscribe_token(user)}/"


def test_get_asks_and_changes_nothing(member):
    page = Client().get(link(member))
    assert page.status_code == 200
    body = page.content.decode()
    assert 'id="unsubscribe-confirm"' in body and "alice" not in body  # the page names nobody
    assert preferences_get(member).email_notifications == "every_turn"


def test_the_button_turns_the_mails_off(member):
    response = Client().post(link(member), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200 and 'id="unsubscribed"' in response.content.decode()
    assert Preferences.objects.get(user=member).email_notifications == "off"


def test_one_click_from_a_mail_client_needs_no_cookie_or_csrf_token(member):
    Preferences.objects.create(user=member, email_notifications="daily_digest", language="sv")
    client = Client(enforce_csrf_checks=True)
    response = client.post(link(member), "List-Unsubscribe=One-Click",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    prefs = Preferences.objects.get(user=member)
    assert (prefs.email_notifications, prefs.language) == ("off", "sv")  # nothing else changed


@pytest.mark.parametrize("token", ["nonsense", "MQ:forged", "x" * 500, "Ik1RIg:abc"])
def test_a_bad_token_is_a_400_and_changes_nothing(member, token):
    for method in ("get", "post"):
        response = getattr(Client(), method)(f"/alerts/unsubscribe/{token}/")
        assert response.status_code == 400
    assert not Preferences.objects.exists()


def test_a_token_of_another_salt_or_a_suspended_account_is_refused(member, user_factory):
    from django.core import signing

    invite_like = signing.Signer(salt=selectors.INVITE_SALT).sign_object(member.pk)
    assert Client().post(f"/alerts/unsubscribe/{invite_like}/").status_code == 400
    gone = user_factory("gone", is_active=False)
    assert Client().post(link(gone)).status_code == 400
    assert not Preferences.objects.exists()


def test_the_settings_page_has_the_permission_button(client, member):
    client.force_login(member)
    body = client.get("/settings/").content.decode()
    assert 'id="notify-permission"' in body and 'id="notify-state"' in body
    assert 'data-denied="This browser blocks notifications' in body
