"""Two-factor sign-in (accounts/mfa.py, README "Two-factor sign-in") through the site with the
Django client: enrolling from the settings page, signing in with a code or a recovery code,
the admin behind the second factor (its login is the site's; staff without an authenticator
app are sent to enrol, a session without a code is asked for one), players never forced,
``POST /api/v1/auth/token/`` asking for the code, and the pages in French and Swedish.
The throttle on codes: test_mfa_throttle.py; the admin's reset: test_mfa_admin.py."""
from __future__ import annotations

import base64
import re

import pytest
from allauth.mfa.models import Authenticator
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts import mfa
from tests.conftest import PASSWORD
from tests.mfa import admin_sign_in, enrol, fresh_code, totp

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
AUTHENTICATE = "/accounts/2fa/authenticate/"
ACTIVATE = "/accounts/2fa/totp/activate/"
REAUTHENTICATE_CODE = "/accounts/2fa/reauthenticate/"
TOKEN = "/api/v1/auth/token/"


def signed_in(client) -> str | None:
    return client.session.get("_auth_user_id")


def password_step(client, user, password: str = PASSWORD):
    return client.post(LOGIN, {"login": user.username, "password": password})


def code_step(client, code: str):
    return client.post(AUTHENTICATE, {"code": code})


def staff_member(user_factory, name: str = "sam", **fields):
    """A moderator of the default community, staff as ``membership_set_role`` makes them."""
    return user_factory(name, role="moderator", is_staff=True, **fields)


# --- codes ----------------------------------------------------------------------------------


def test_the_tests_codes_follow_rfc_6238_and_agree_with_allauth():
    """RFC 6238, appendix B (SHA-1, 8 digits), and allauth's own HOTP for the 6-digit code."""
    from allauth.mfa.totp.internal.auth import format_hotp_value, hotp_value

    secret = base64.b32encode(b"12345678901234567890").decode()
    assert totp(secret, at=59, digits=8) == "94287082"
    assert totp(secret, at=1111111109, digits=8) == "07081804"
    assert totp(secret, at=2000000000, digits=8) == "69279037"
    assert totp(secret, at=59) == format_hotp_value(hotp_value(secret, 1)) == "287082"


# --- enrolling ------------------------------------------------------------------------------


def test_a_player_enrols_from_the_settings_page(client, member, django_capture_on_commit_callbacks):
    assert password_step(client, member).status_code == 302
    settings_page = client.get("/settings/").content.decode()
    assert 'href="/accounts/2fa/"' in settings_page and 'id="mfa-state"' in settings_page
    assert "mfa-off" in settings_page and 'id="mfa-required"' not in settings_page  # a player: not forced

    # allauth asks for the password again before a change of sign-in, then shows the secret.
    response = client.get(ACTIVATE)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/reauthenticate/")
    assert client.post(response["Location"], {"password": PASSWORD}).status_code == 302
    page = client.get(ACTIVATE)
    assert page.status_code == 200 and b"data:image/svg+xml;base64," in page.content  # the QR code
    secret = re.search(r'id="authenticator_secret"[^>]*value="([A-Z2-7]+)"', page.content.decode()).group(1)

    wrong = client.post(ACTIVATE, {"code": "000000"})
    assert wrong.status_code == 200 and str(mfa.CODE_WRONG) in wrong.content.decode()
    assert not Authenticator.objects.filter(user=member).exists()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(ACTIVATE, {"code": totp(secret)})
    assert response.status_code == 302 and response["Location"] == "/accounts/2fa/recovery-codes/"
    codes_page = client.get(response["Location"]).content.decode()
    assert len(re.findall(r"\b\d{8}\b", codes_page)) >= 10
    assert set(Authenticator.objects.filter(user=member).values_list("type", flat=True)) == {"totp", "recovery_codes"}
    assert "mfa-on" in client.get("/settings/").content.decode()
    [notice] = mail.outbox
    assert notice.to == [member.email] and "Authenticator app activated" in notice.body


def test_enrolling_revokes_the_api_token_got_with_the_password_alone(client, member, django_capture_on_commit_callbacks):
    old = Token.objects.create(user=member)
    password_step(client, member)
    client.post("/accounts/reauthenticate/", {"password": PASSWORD})
    client.get(ACTIVATE)
    secret = client.session["mfa.totp.secret"]
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(ACTIVATE, {"code": totp(secret)}).status_code == 302
    assert not Token.objects.filter(key=old.key).exists()


# --- signing in -----------------------------------------------------------------------------


def test_sign_in_asks_for_a_code_and_refuses_a_wrong_one_clearly(member):
    secret, _ = enrol(member)
    client = Client()
    response = password_step(client, member)
    assert response.status_code == 302 and response["Location"] == AUTHENTICATE
    assert signed_in(client) is None  # the password alone signs nobody in
    assert client.get("/settings/").status_code == 302

    page = client.get(AUTHENTICATE).content.decode()
    assert 'autocomplete="one-time-code"' in page and 'id="recovery-hint"' in page
    wrong = code_step(client, "123456" if totp(secret) != "123456" else "654321")
    assert wrong.status_code == 200 and str(mfa.CODE_WRONG) in wrong.content.decode()
    assert signed_in(client) is None

    response = code_step(client, totp(secret))
    assert response.status_code == 302 and signed_in(client) == str(member.pk)
    assert mfa.session_second_factor_passed(_request_of(client), member)


def test_a_code_works_once(member):
    secret, _ = enrol(member)
    code = totp(secret)
    first = Client()
    password_step(first, member)
    assert code_step(first, code).status_code == 302
    second = Client()
    password_step(second, member)
    assert code_step(second, code).status_code == 200 and signed_in(second) is None


def test_a_recovery_code_signs_in_once(member):
    _, codes = enrol(member)
    client = Client()
    password_step(client, member)
    assert code_step(client, codes[3]).status_code == 302 and signed_in(client) == str(member.pk)
    client.post("/accounts/logout/")
    password_step(client, member)
    assert code_step(client, codes[3]).status_code == 200 and signed_in(client) is None
    assert code_step(client, codes[4]).status_code == 302
    unused = Authenticator.objects.get(user=member, type="recovery_codes").wrap().get_unused_codes()
    assert codes[3] not in unused and codes[4] not in unused and len(unused) == len(codes) - 2


def _request_of(client):
    """A request carrying ``client``'s session (to ask ``accounts.mfa`` about it)."""
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.session = client.session
    return request


# --- the admin ------------------------------------------------------------------------------


def test_a_moderator_without_an_authenticator_is_sent_to_enrol_before_the_admin(user_factory):
    mod = staff_member(user_factory)
    client = Client()
    assert password_step(client, mod).status_code == 302
    for path in ("/admin/", "/admin/accounts/user/", "/admin/chat/report/", "/admin/password_change/",
                 "/admin/autocomplete/?app_label=accounts&model_name=user&field_name=user"):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"] == ACTIVATE, path
        assert response["Cache-Control"].startswith("max-age=0")
    page = client.get(ACTIVATE, follow=True)
    assert str(mfa.ENROL_FOR_ADMIN) in page.content.decode()


def test_after_enrolling_the_admin_opens_without_signing_in_again(user_factory, django_capture_on_commit_callbacks):
    mod = staff_member(user_factory)
    client = Client()
    password_step(client, mod)
    client.post("/accounts/reauthenticate/", {"password": PASSWORD})
    client.get(ACTIVATE)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(ACTIVATE, {"code": totp(client.session["mfa.totp.secret"])}).status_code == 302
    assert b'id="continue-admin"' in client.get("/accounts/2fa/recovery-codes/").content
    assert client.get("/admin/").status_code == 200


def test_a_session_signed_in_without_the_code_is_asked_for_one_and_comes_back(user_factory):
    """An authenticator enrolled after this session signed in (or on another device): the
    session never passed a code, so the admin asks for one (allauth's MFA re-authentication)."""
    mod = staff_member(user_factory)
    client = Client()
    password_step(client, mod)  # no authenticator yet: signed in with the password alone
    secret, codes = enrol(mod)
    response = client.get("/admin/accounts/user/?q=x")
    assert response.status_code == 302
    assert response["Location"] == f"{REAUTHENTICATE_CODE}?next=%2Fadmin%2Faccounts%2Fuser%2F%3Fq%3Dx"
    assert str(mfa.CODE_FOR_ADMIN) in client.get(response["Location"]).content.decode()
    assert client.post(response["Location"], {"code": "000000"}).status_code == 200
    assert client.get("/admin/").status_code == 302
    back = client.post(response["Location"], {"code": totp(secret)})
    assert back.status_code == 302 and back["Location"] == "/admin/accounts/user/?q=x"
    assert client.get("/admin/accounts/user/").status_code == 200


def test_a_superuser_signs_in_with_password_and_code_and_opens_the_admin(user_factory):
    root = user_factory("root", is_staff=True, is_superuser=True)
    secret, _ = enrol(root)
    client = Client()
    response = client.get("/admin/")
    assert response.status_code == 302 and response["Location"] == "/admin/login/?next=/admin/"
    response = client.get(response["Location"])
    assert response.status_code == 302 and response["Location"] == f"{LOGIN}?next=%2Fadmin%2F"
    assert client.post(response["Location"], {"login": "root", "password": PASSWORD})["Location"] == AUTHENTICATE
    assert client.get("/admin/").status_code == 302
    response = code_step(client, totp(secret))
    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_the_admins_own_login_form_never_checks_a_password(user_factory):
    """POSTing credentials to /admin/login/ signs nobody in: it sends to the site's sign-in."""
    root = user_factory("root", is_staff=True, is_superuser=True)
    client = Client()
    response = client.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD, "next": "/admin/"})
    assert response.status_code == 302 and response["Location"].startswith(LOGIN)
    assert signed_in(client) is None
    assert client.get("/admin/login/").status_code == 302
    # A signed-in account that is not staff: 403, not a password form.
    player = Client()
    player.force_login(user_factory("pia"))
    assert player.get("/admin/login/").status_code == 403
    # Signed-in staff go on to where they were going (the gate decides there).
    admin_sign_in(client, root)
    assert client.get("/admin/login/?next=/admin/accounts/user/")["Location"] == "/admin/accounts/user/"
    assert client.get("/admin/login/?next=https://evil.example/")["Location"] == "/admin/"


def test_owners_and_moderators_must_have_it_players_need_not(user_factory, tenant):
    from accounts.selectors import user_mfa_required

    assert user_mfa_required(user=user_factory("own", role="owner"))
    assert user_mfa_required(user=user_factory("moddy", role="moderator"))
    assert user_mfa_required(user=user_factory("staffer", tenant=None, is_staff=True))
    assert not user_mfa_required(user=user_factory("plain"))
    # A player signs in with the password and plays; nothing sends them to enrol.
    client = Client()
    assert password_step(client, user_factory("pia"))["Location"] == "/"
    assert client.get("/").status_code == 200 and client.get("/settings/").status_code == 200


def test_a_token_never_opens_the_admin(user_factory):
    root = user_factory("root", is_staff=True, is_superuser=True)
    token = Token.objects.create(user=root)
    response = Client(HTTP_AUTHORIZATION=f"Token {token.key}").get("/admin/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


# --- the API's token ------------------------------------------------------------------------


def token_request(user, password: str = PASSWORD, **extra):
    return Client().post(TOKEN, {"username": user.username, "password": password, **extra},
                         content_type="application/json")


def test_the_token_endpoint_asks_an_mfa_account_for_its_code(member):
    secret, codes = enrol(member)
    response = token_request(member)
    assert response.status_code == 400
    assert response.json() == {"error": "mfa_required", "message": str(mfa.MFA_REQUIRED), "field": "otp"}
    # A wrong password says nothing about the second factor.
    assert token_request(member, "wrong-password-1", otp="123456").json()["error"] == "invalid_credentials"
    response = token_request(member, otp="000000" if totp(secret) != "000000" else "111111")
    assert response.status_code == 400 and response.json()["error"] == "invalid_code" and response.json()["field"] == "otp"
    used: set[str] = set()
    response = token_request(member, otp=fresh_code(secret, used))
    assert response.status_code == 200 and response.json()["token"] == Token.objects.get(user=member).key
    assert token_request(member, otp=codes[0]).status_code == 200
    assert token_request(member, otp=codes[0]).status_code == 400  # a recovery code works once
    assert not mfa.session_second_factor_passed(_request_of(Client()), member)


def test_an_account_without_mfa_gets_its_token_as_before(user_factory):
    """Even a moderator who has not enrolled: a token grants a player's rights only."""
    mod = staff_member(user_factory)
    response = token_request(mod)
    assert response.status_code == 200 and "token" in response.json()
    assert token_request(mod, otp="123456").status_code == 200  # an otp nobody needs is ignored


@pytest.mark.parametrize("otp", [123456, "", "x" * 65, None])
def test_a_bad_otp_is_a_400_naming_it(member, otp):
    enrol(member)
    response = token_request(member, otp=otp)
    assert response.status_code == 400 and response.json()["field"] == "otp"


# --- languages ------------------------------------------------------------------------------


@pytest.mark.parametrize("language, theirs, ours", [
    ("fr", "Authentification à deux facteurs", "Vous avez perdu votre téléphone"),
    ("sv", "Tvåfaktorsautentisering", "Har du tappat bort din telefon"),
])
def test_the_code_page_speaks_french_and_swedish(member, language, theirs, ours):
    """allauth's own catalogues for its texts, locale/ for ours."""
    enrol(member)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    password_step(client, member)
    page = client.get(AUTHENTICATE).content.decode()
    assert theirs in page and ours in page


@pytest.mark.parametrize("language, phrase", [("fr", "Authentification à deux facteurs"), ("sv", "Tvåfaktorsautentisering")])
def test_the_settings_section_speaks_french_and_swedish(member, language, phrase):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(member)
    page = client.get("/settings/").content.decode()
    assert phrase in page and "Two-factor" not in page
