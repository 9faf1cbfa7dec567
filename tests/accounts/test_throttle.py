"""The sign-in throttle (accounts/throttle.py, README "Sign-in throttling") on every route that
checks a password: the site login (allauth; the admin's login sends there, tests/accounts/
test_mfa.py), ``POST /api/v1/auth/token/``, allauth's and the admin's password change (the
latter with a session that passed the second factor, as the admin requires). On each: the
6th wrong password within the window
is refused, from the same address with forged ``X-Forwarded-For`` headers and from another real
address, while the owner on a device that signed in before, and after a password-reset link,
still gets in; the owner is told once by e-mail.

Addresses are documentation ranges (RFC 5737) given as ``REMOTE_ADDR``: no traffic is sent."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.core import mail
from django.test import Client

from accounts import devices, throttle
from tests.mfa import admin_sign_in
from tests.tenants.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

ATTACKER = "192.0.2.66"
OTHER = "198.51.100.7"
OWNER = "203.0.113.5"
WRONG = "not-the-password-0"
NEW_PASSWORD = "another-Horse-battery-7"


def client_at(ip: str, **headers) -> Client:
    return Client(REMOTE_ADDR=ip, **headers)


def signed_in(client) -> str | None:
    return client.session.get("_auth_user_id")


@dataclass(frozen=True)
class Route:
    """One way to check a password. ``session``: the route needs the account signed in first
    (a password change; an attacker there holds a stolen session)."""

    name: str
    session: bool = False

    def attempt(self, client: Client, user, password: str):
        if self.name == "site_login":
            return client.post("/accounts/login/", {"login": user.username, "password": password})
        if self.name == "api_token":
            return client.post(
                "/api/v1/auth/token/", {"username": user.username, "password": password}, content_type="application/json"
            )
        if self.name == "password_change":
            return client.post(
                "/accounts/password/change/",
                {"oldpassword": password, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
            )
        if self.name == "admin_password_change":
            return client.post(
                "/admin/password_change/",
                {"old_password": password, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
            )
        raise AssertionError(self.name)

    def succeeded(self, response, user) -> bool:
        if self.name == "api_token":
            return response.status_code == 200 and "token" in response.json()
        if self.session:
            user.refresh_from_db()
            return response.status_code == 302 and user.check_password(NEW_PASSWORD)
        return response.status_code == 302 and signed_in(response.client) == str(user.pk)

    def prepare(self, client: Client, user) -> Client:
        """The client ready to try: signed in for a password change (in the admin: a session
        that passed the second factor, which enrols ``user`` the first time)."""
        if self.name == "admin_password_change":
            admin_sign_in(client, user)
        elif self.session and not signed_in(client):
            client.force_login(user)
        return client


ROUTES = [
    Route("site_login"),
    Route("api_token"),
    Route("password_change", session=True),
    Route("admin_password_change", session=True),
]


@pytest.fixture
def owner():
    return make_user("ada", is_staff=True)  # staff: the admin routes are hers too


def fail_five_times(route: Route, user, ip: str = ATTACKER) -> None:
    """Five wrong passwords, each from a new forged X-Forwarded-For: every one is checked."""
    for n in range(5):
        client = route.prepare(client_at(ip, HTTP_X_FORWARDED_FOR=f"10.9.8.{n}"), user)
        response = route.attempt(client, user, WRONG)
        assert response.status_code != 429, f"attempt {n + 1} refused"
        assert not route.succeeded(response, user)


def refused(response) -> bool:
    return response.status_code == 429


def device_client(user, ip: str = OWNER) -> Client:
    """A client that signed in once through the site login: it holds the device cookie."""
    client = client_at(ip)
    response = client.post("/accounts/login/", {"login": user.username, "password": PASSWORD})
    assert response.status_code == 302 and devices.cookie_name() in response.cookies
    return client


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name)
def test_the_sixth_wrong_password_is_refused_from_any_address(route, owner):
    fail_five_times(route, owner)
    # The 6th, even with the right password: from the same address, a forged header, ...
    response = route.attempt(route.prepare(client_at(ATTACKER, HTTP_X_FORWARDED_FOR="10.1.1.1"), owner), owner, PASSWORD)
    assert refused(response) and not route.succeeded(response, owner)
    # ... and from another real address (the account-wide limit).
    response = route.attempt(route.prepare(client_at(OTHER), owner), owner, PASSWORD)
    assert refused(response) and not route.succeeded(response, owner)
    assert response["Retry-After"] == "900"


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name)
@pytest.mark.parametrize("owner_ip", [OWNER, ATTACKER], ids=["elsewhere", "same-address"])
def test_the_owner_on_a_known_device_still_gets_in(route, owner, owner_ip):
    device = device_client(owner, owner_ip)
    if not route.session:
        device.post("/accounts/logout/")
    fail_five_times(route, owner)
    assert refused(route.attempt(route.prepare(client_at(OTHER), owner), owner, PASSWORD))
    response = route.attempt(route.prepare(device, owner), owner, PASSWORD)
    assert route.succeeded(response, owner), response.status_code


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name)
def test_a_reset_link_gets_the_owner_in_and_clears_the_counters(route, owner):
    fail_five_times(route, owner)
    assert refused(route.attempt(route.prepare(client_at(OTHER), owner), owner, PASSWORD))

    newcomer = client_at(OWNER)  # no device cookie, a third address
    assert newcomer.post("/accounts/password/reset/", {"email": owner.email}).status_code == 302
    reset_path = link_in(mail.outbox[-1], "/accounts/password/reset/key/")
    response = newcomer.get(reset_path)
    form_path = response["Location"] if response.status_code == 302 else reset_path
    reset_to = "reset-Horse-battery-8"
    assert newcomer.post(form_path, {"password1": reset_to, "password2": reset_to}).status_code == 302
    owner.set_password(PASSWORD)  # back to the one the routes try (counters stay cleared)
    owner.save()

    response = route.attempt(route.prepare(client_at(OTHER), owner), owner, PASSWORD)
    assert route.succeeded(response, owner)


def link_in(message, path_start: str) -> str:
    found = re.search(rf"https?://[^/\s]+({re.escape(path_start)}\S+)", message.body)
    assert found, message.body
    return found.group(1)


def throttle_mails():
    return [m for m in mail.outbox if "paused" in m.subject.lower()]


def test_the_owner_gets_one_mail_per_window_naming_the_site(owner):
    route = ROUTES[0]
    fail_five_times(route, owner)
    assert not throttle_mails()
    for ip in (ATTACKER, OTHER, OWNER):
        assert refused(route.attempt(client_at(ip), owner, WRONG))
    [message] = throttle_mails()
    assert message.to == [owner.email]
    assert "Hexagora" in message.subject + message.body
    assert "/accounts/password/reset/" in message.body
    assert WRONG not in message.body and PASSWORD not in message.body


def test_no_mail_for_an_unknown_account():
    for _ in range(7):
        ROUTES[0].attempt(client_at(ATTACKER), type("U", (), {"username": "nobody"})(), WRONG)
    assert not mail.outbox


def test_an_address_trying_many_accounts_is_stopped_after_20_failures(owner):
    client = client_at(ATTACKER)
    for n in range(20):
        response = client.post("/accounts/login/", {"login": f"guess{n}", "password": WRONG})
        assert response.status_code == 200, n
    # The 21st, at an account it never tried, with its right password: refused.
    assert refused(client.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))
    # Forged headers do not make it someone else.
    forged = client_at(ATTACKER, HTTP_X_FORWARDED_FOR="10.2.3.4")
    assert refused(forged.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))
    # Another address is not affected.
    assert client_at(OTHER).post("/accounts/login/", {"login": owner.username, "password": PASSWORD}).status_code == 302


def test_a_trusted_proxy_hop_names_the_client(owner, settings):
    """Behind one proxy (TRUSTED_PROXY_COUNT=1) the address the proxy wrote counts: the
    clients behind it are told apart, and what a client prepends is ignored."""
    settings.TRUSTED_PROXY_COUNT = 1
    fail_five_times_via_proxy = [
        client_at("127.0.0.1", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, {ATTACKER}") for n in range(5)
    ]
    for client in fail_five_times_via_proxy:
        assert not refused(client.post("/accounts/login/", {"login": owner.username, "password": WRONG}))
    attacker = client_at("127.0.0.1", HTTP_X_FORWARDED_FOR=f"1.1.1.1, {ATTACKER}")
    response = attacker.post("/accounts/login/", {"login": "someone-else", "password": WRONG})
    assert response.status_code == 200  # another account from the attacker: still checked
    assert refused(attacker.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))


def test_successes_are_not_counted(owner):
    for _ in range(8):
        client = client_at(ATTACKER)
        assert client.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}).status_code == 302


def test_the_login_may_be_the_email_in_any_case(owner):
    for n in range(5):
        login = owner.email.upper() if n % 2 else owner.username.upper()
        assert client_at(ATTACKER).post("/accounts/login/", {"login": login, "password": WRONG}).status_code == 200
    assert refused(client_at(OTHER).post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))


def test_a_forged_device_cookie_is_ignored(owner):
    fail_five_times(ROUTES[0], owner)
    client = client_at(OWNER)
    client.cookies[devices.cookie_name()] = "W1sxLCJ4Il1d:forged:signature"
    assert refused(client.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))


def test_another_accounts_device_cookie_does_not_count(owner):
    other = make_user("bea")
    device = device_client(other)
    device.post("/accounts/logout/")
    fail_five_times(ROUTES[0], owner)
    assert refused(device.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))


def test_a_device_is_limited_by_its_own_counter(owner):
    device = device_client(owner)
    device.post("/accounts/logout/")
    for _ in range(5):
        assert device.post("/accounts/login/", {"login": owner.username, "password": WRONG}).status_code == 200
    assert refused(device.post("/accounts/login/", {"login": owner.username, "password": PASSWORD}))
    # It never touched the account's other counters: a new client may still try.
    assert client_at(OTHER).post("/accounts/login/", {"login": owner.username, "password": PASSWORD}).status_code == 302


def test_reset_requests_have_their_own_limit_and_never_block_signing_in(owner):
    for _ in range(5):
        assert client_at(ATTACKER).post("/accounts/password/reset/", {"email": owner.email}).status_code == 302
    sent = len(mail.outbox)
    response = client_at(OTHER).post("/accounts/password/reset/", {"email": owner.email})
    assert refused(response) and len(mail.outbox) == sent + 1  # no reset mail; the owner is told
    assert "reset" in mail.outbox[-1].body.lower()
    assert client_at(OTHER).post("/accounts/login/", {"login": owner.username, "password": PASSWORD}).status_code == 302


def test_a_refused_token_request_is_json(owner):
    fail_five_times(ROUTES[1], owner)
    response = ROUTES[1].attempt(client_at(OTHER), owner, PASSWORD)
    assert response.status_code == 429
    assert response.json()["error"] == "too_many_attempts" and "15 minutes" in response.json()["message"]


def test_the_policy_decision_counts_before_the_password_is_checked(rf, owner):
    """Concurrent guesses cannot slip under the limit: each attempt is counted when it begins."""
    request = rf.post("/accounts/login/", REMOTE_ADDR=ATTACKER)
    open_attempts = [throttle.attempt_begin(request, login=owner.username) for _ in range(6)]
    assert [a.refused for a in open_attempts] == [None] * 5 + [throttle.Reason.ACCOUNT_ADDRESS]


def test_no_password_reaches_the_logs(owner, caplog):
    """Refusals are logged (account id, address), never a password, nor a login that is no
    account (it may be a password typed in the wrong box)."""
    caplog.set_level("DEBUG")
    for _ in range(7):
        client_at(ATTACKER).post("/accounts/login/", {"login": owner.username, "password": WRONG})
        client_at(ATTACKER).post("/accounts/login/", {"login": "My-Secret-Pw-1", "password": WRONG})
        ROUTES[1].attempt(client_at(ATTACKER), owner, WRONG)
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "refused" in text
    assert WRONG not in text and PASSWORD not in text
    assert "my-secret-pw-1" not in text.lower()
