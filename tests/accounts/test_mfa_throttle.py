"""The sign-in throttle on second-factor codes (accounts/throttle.py ``Scope.MFA``,
accounts/forms.py ``ThrottledCodeMixin``; README "Two-factor sign-in"): whoever types them
already knows the password. Within the window the 6th wrong code is refused from any address,
a right one too, at the sign-in, at re-authentication and at ``POST /api/v1/auth/token/``
(one count for all three); the owner on a device that passed a code before still gets in, a
reset link clears the counts, the owner is told by mail. A right password alone never earns a
device cookie for such an account. allauth's own limit on codes is on as well, and off for
passwords.

Addresses are documentation ranges (RFC 5737) given as ``REMOTE_ADDR``: no traffic is sent."""
from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts import devices, mfa, throttle
from tests.accounts.test_throttle import ATTACKER, OTHER, OWNER, link_in
from tests.conftest import PASSWORD
from tests.mfa import admin_sign_in, enrol, fresh_code, totp

pytestmark = pytest.mark.django_db

AUTHENTICATE = "/accounts/2fa/authenticate/"
ALLAUTH_TOO_MANY = "Too many failed login attempts. Try again later."


@pytest.fixture
def owner(member):
    member.secret, member.codes = enrol(member)
    member.used = set()
    return member


def wrong_code(owner) -> str:
    """A code that is none of the acceptable ones (the step before, now and after)."""
    acceptable = {totp(owner.secret, step_offset=n) for n in (-1, 0, 1)}
    return next(c for c in ("000000", "111111", "222222", "333333") if c not in acceptable)


def at_code_step(ip: str, owner, client: Client | None = None, **headers) -> Client:
    """A client at ``ip`` that typed the right password: it is asked for the code."""
    client = client or Client(REMOTE_ADDR=ip, **headers)
    response = client.post("/accounts/login/", {"login": owner.username, "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == AUTHENTICATE, response.status_code
    return client


def code(client: Client, value: str):
    return client.post(AUTHENTICATE, {"code": value})


def signed_in(client) -> str | None:
    return client.session.get("_auth_user_id")


def fail_five_codes(owner, ip: str = ATTACKER) -> None:
    """Five wrong codes, each from a new forged X-Forwarded-For: each one is checked."""
    for n in range(5):
        client = at_code_step(ip, owner, HTTP_X_FORWARDED_FOR=f"10.9.8.{n}")
        response = code(client, wrong_code(owner))
        assert response.status_code == 200 and signed_in(client) is None, f"attempt {n + 1}"


def refused(response) -> bool:
    return response.status_code == 429


def test_the_sixth_code_is_refused_right_or_wrong_from_any_address(owner):
    fail_five_codes(owner)
    client = at_code_step(ATTACKER, owner, HTTP_X_FORWARDED_FOR="10.1.1.1")
    response = code(client, totp(owner.secret))
    assert refused(response) and signed_in(client) is None
    assert mfa.throttled_message() in response.content.decode()
    assert response["Retry-After"] == "900"
    # Another real address: the account's own counter refuses it, a recovery code too.
    client = at_code_step(OTHER, owner)
    assert refused(code(client, owner.codes[0])) and signed_in(client) is None
    assert refused(code(client, totp(owner.secret)))


def test_the_owner_on_a_device_that_passed_a_code_still_gets_in(owner):
    device = at_code_step(OWNER, owner)
    response = code(device, fresh_code(owner.secret, owner.used))
    assert response.status_code == 302 and devices.cookie_name() in response.cookies
    device.post("/accounts/logout/")
    fail_five_codes(owner)
    assert refused(code(at_code_step(OTHER, owner), totp(owner.secret)))  # refused: never checked
    at_code_step(OWNER, owner, client=device)
    assert code(device, fresh_code(owner.secret, owner.used)).status_code == 302
    assert signed_in(device) == str(owner.pk)


def test_the_right_password_alone_earns_no_device_cookie(owner, user_factory):
    """Else whoever knows the password would get a fresh device counter at each sign-in."""
    client = Client(REMOTE_ADDR=ATTACKER)
    response = client.post("/accounts/login/", {"login": owner.username, "password": PASSWORD})
    assert response.status_code == 302 and devices.cookie_name() not in response.cookies
    fail_five_codes(owner)
    assert refused(code(client, totp(owner.secret)))
    # An account without two-factor sign-in gets its cookie from the password, as before.
    plain = user_factory("plain")
    response = Client().post("/accounts/login/", {"login": plain.username, "password": PASSWORD})
    assert devices.cookie_name() in response.cookies


def test_a_device_is_limited_by_its_own_counter(owner):
    device = at_code_step(OWNER, owner)
    code(device, fresh_code(owner.secret, owner.used))
    device.post("/accounts/logout/")
    for _ in range(5):
        assert code(at_code_step(OWNER, owner, client=device), wrong_code(owner)).status_code == 200
    assert refused(code(at_code_step(OWNER, owner, client=device), totp(owner.secret)))
    # It never touched the account's other counters.
    assert code(at_code_step(OTHER, owner), fresh_code(owner.secret, owner.used)).status_code == 302


def test_the_owner_is_told_and_a_reset_link_clears_the_counts(owner):
    fail_five_codes(owner)
    assert refused(code(at_code_step(OTHER, owner), totp(owner.secret)))
    [notice] = [m for m in mail.outbox if "paused" in m.subject.lower()]
    assert notice.to == [owner.email] and "two-factor code" in notice.body
    assert "/accounts/password/reset/" in notice.body and wrong_code(owner) not in notice.body

    newcomer = Client(REMOTE_ADDR=OWNER)
    assert newcomer.post("/accounts/password/reset/", {"email": owner.email}).status_code == 302
    reset_path = link_in(mail.outbox[-1], "/accounts/password/reset/key/")
    response = newcomer.get(reset_path)
    form_path = response["Location"] if response.status_code == 302 else reset_path
    assert newcomer.post(form_path, {"password1": PASSWORD + "x", "password2": PASSWORD + "x"}).status_code == 302
    owner.set_password(PASSWORD)
    owner.save()
    assert code(at_code_step(OTHER, owner), fresh_code(owner.secret, owner.used)).status_code == 302


def test_site_api_and_reauthentication_codes_share_one_count(owner):
    """Three wrong codes at the site, one at the API, one at re-authentication: the 6th,
    wherever and however right, is refused (the API's answer is JSON)."""
    for n in range(3):
        assert code(at_code_step(ATTACKER, owner, HTTP_X_FORWARDED_FOR=f"10.0.0.{n}"), wrong_code(owner)).status_code == 200
    api = Client(REMOTE_ADDR=ATTACKER)
    body = {"username": owner.username, "password": PASSWORD, "otp": wrong_code(owner)}
    assert api.post("/api/v1/auth/token/", body, content_type="application/json").json()["error"] == "invalid_code"
    session = Client(REMOTE_ADDR=ATTACKER)
    admin_sign_in(session, owner)  # a stolen session asked for a code again
    assert session.post("/accounts/2fa/reauthenticate/", {"code": wrong_code(owner)}).status_code == 200

    right = totp(owner.secret)  # refused before it is checked, so it stays unused
    response = api.post("/api/v1/auth/token/", {**body, "otp": right}, content_type="application/json")
    assert refused(response) and response.json()["error"] == "too_many_attempts"
    assert response.json()["message"].startswith(mfa.throttled_message())
    assert refused(session.post("/accounts/2fa/reauthenticate/", {"code": right}))
    assert refused(code(at_code_step(OTHER, owner), owner.codes[1]))


def test_allauths_own_limit_on_codes_is_on_and_off_for_passwords(owner, settings):
    """With our limits out of the way: allauth refuses the 11th wrong code a minute from one
    address (``ACCOUNT_RATE_LIMITS["login_failed"]``), but never counts passwords."""
    for name in ("ACCOUNT_ADDRESS", "ACCOUNT", "DEVICE", "ADDRESS"):
        setattr(settings, f"AUTH_THROTTLE_{name}_LIMIT", 1000)
    client = at_code_step(ATTACKER, owner)
    for n in range(10):
        assert ALLAUTH_TOO_MANY not in code(client, wrong_code(owner)).content.decode(), n
    response = code(client, fresh_code(owner.secret, owner.used))
    assert response.status_code == 200 and ALLAUTH_TOO_MANY in response.content.decode()
    assert signed_in(client) is None
    # Passwords: a dozen wrong ones from one address in a minute are all checked.
    guesser = Client(REMOTE_ADDR=OTHER)
    for n in range(12):
        response = guesser.post("/accounts/login/", {"login": owner.username, "password": f"wrong-{n}"})
        assert response.status_code == 200 and ALLAUTH_TOO_MANY not in response.content.decode(), n
    assert guesser.post("/accounts/login/", {"login": owner.username, "password": PASSWORD})["Location"] == AUTHENTICATE


def test_allauths_limit_per_account_counts_across_addresses(owner, settings):
    for name in ("ACCOUNT_ADDRESS", "ACCOUNT", "DEVICE", "ADDRESS"):
        setattr(settings, f"AUTH_THROTTLE_{name}_LIMIT", 1000)
    for n in range(20):
        assert ALLAUTH_TOO_MANY not in code(at_code_step(f"192.0.2.{n + 1}", owner), wrong_code(owner)).content.decode()
    response = code(at_code_step(OTHER, owner), fresh_code(owner.secret, owner.used))
    assert ALLAUTH_TOO_MANY in response.content.decode()


def test_each_code_is_counted_before_it_is_checked(rf, owner):
    request = rf.post(AUTHENTICATE, REMOTE_ADDR=ATTACKER)
    attempts = [throttle.attempt_begin(request, user=owner, scope=throttle.Scope.MFA) for _ in range(6)]
    assert [a.refused for a in attempts] == [None] * 5 + [throttle.Reason.ACCOUNT_ADDRESS]
    # The password's counters are apart: the password still works.
    assert throttle.attempt_begin(rf.post("/", REMOTE_ADDR=ATTACKER), user=owner).refused is None


def test_no_code_reaches_the_logs(owner, caplog):
    caplog.set_level("DEBUG")
    for _ in range(7):
        code(at_code_step(ATTACKER, owner), wrong_code(owner))
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "mfa attempt refused" in text
    assert wrong_code(owner) not in text and owner.secret not in text
