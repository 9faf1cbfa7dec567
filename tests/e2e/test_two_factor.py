"""Issue 24, point 9, in headless Chromium on a live site (README "Two-factor sign-in"):

- a player enrols an authenticator app from the settings page (allauth asks for the password
  again, shows the QR code and the secret; the test reads the secret from the page and
  computes the codes as an app does, RFC 6238), refuses a wrong code, keeps the recovery codes;
- signs out, signs in with the password and then a code (a wrong one first: refused with a
  clear message), then again with a recovery code;
- a moderator without an authenticator app who opens the admin is sent to enrol first, with
  the reason on the page, and reaches the admin right after enrolling.

Screenshots of the enrol and code pages at 1280 and 360 px go to ``artifacts/e2e/mfa-*.png``.
"""
from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from playwright.sync_api import expect

from accounts import mfa
from accounts.models import User
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from tests.mfa import fresh_code, totp

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

PASSWORD = "Mfa-e2e-pw-1"
STEP_MS = 20_000
WIDTHS = ((1280, 800), (360, 740))


def _person(name: str, role: str = Membership.Role.PLAYER, **fields) -> User:
    user = User.objects.create_user(username=name, email=f"{name}@example.org", **fields)
    # Hashed as the live site checks it (this process's tests hash with MD5, which it lacks).
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user.save(update_fields=["password"])
    Membership.objects.create(user=user, tenant=tenant_default(), role=role)
    return user


def _shots(page, name: str) -> None:
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(ARTIFACTS / f"mfa-{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def _submit(page) -> None:
    with page.expect_navigation():
        page.locator("main form button[type=submit]").first.click()


def _password_step(page, site, user: User, next_path: str = "") -> None:
    page.goto(f"{site.url}/accounts/login/{next_path}")
    page.fill("#id_login", user.username)
    page.fill("#id_password", PASSWORD)
    _submit(page)


def _sign_out(page) -> None:
    with page.expect_navigation():
        page.locator(".nav-account form[action*=logout] button").click()
    expect(page.locator(".nav-account")).to_contain_text("Log in")


def _enrol(page) -> tuple[str, list[str]]:
    """On the activation page: reads the secret, types a right code; returns the secret and
    the recovery codes the next page shows."""
    expect(page.locator("img.qr-code")).to_be_visible()
    secret = page.input_value("#authenticator_secret")
    assert re.fullmatch(r"[A-Z2-7]{32}", secret), secret
    page.fill("input[name=code]", totp(secret))
    _submit(page)
    expect(page).to_have_url(re.compile(r"/accounts/2fa/recovery-codes/$"))
    codes = page.input_value("#recovery_codes").split()
    assert len(codes) == 10 and all(re.fullmatch(r"\d{8}", c) for c in codes), codes
    return secret, codes


def test_enrol_sign_in_with_a_code_and_with_a_recovery_code(browser, live_site):
    pia = _person("pia")
    used: set[str] = set()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # Enrol, from the settings page.
    _password_step(page, live_site, pia)
    page.goto(f"{live_site.url}/settings/")
    expect(page.locator("#mfa-state")).to_contain_text("Off")
    page.get_by_role("link", name="Set up two-factor authentication").click()
    expect(page.locator("main h1")).to_have_text("Two-Factor Authentication")
    page.locator("main a", has_text="Activate").click()
    expect(page).to_have_url(re.compile(r"/accounts/reauthenticate/"))  # allauth: the password again
    page.fill("input[name=password]", PASSWORD)
    _submit(page)
    expect(page).to_have_url(re.compile(r"/accounts/2fa/totp/activate/$"))
    _shots(page, "enrol")
    page.fill("input[name=code]", "000000" if totp(page.input_value("#authenticator_secret")) != "000000" else "111111")
    _submit(page)
    expect(page.locator("main .errorlist")).to_have_text(str(mfa.CODE_WRONG))
    secret, codes = _enrol(page)
    used.add(totp(secret))
    expect(page.locator(".messages")).to_contain_text("Authenticator app activated")
    page.goto(f"{live_site.url}/settings/")
    expect(page.locator("#mfa-state")).to_contain_text("On")

    # Sign out; the password alone is not enough; a wrong code is refused, a right one signs in.
    _sign_out(page)
    _password_step(page, live_site, pia)
    expect(page).to_have_url(re.compile(r"/accounts/2fa/authenticate/$"))
    expect(page.locator(".nav-account")).to_contain_text("Log in")  # not signed in yet
    expect(page.locator("#recovery-hint")).to_be_visible()
    _shots(page, "code")
    page.fill("input[name=code]", next(c for c in ("123456", "654321") if c not in {totp(secret, step_offset=n) for n in (-1, 0, 1)}))
    _submit(page)
    expect(page.locator("main .errorlist")).to_have_text(str(mfa.CODE_WRONG))
    _shots(page, "code-wrong")
    page.fill("input[name=code]", fresh_code(secret, used))
    _submit(page)
    expect(page).to_have_url(f"{live_site.url}/")
    expect(page.locator(".nav-user")).to_have_text("pia")

    # A recovery code instead of the app: once.
    _sign_out(page)
    _password_step(page, live_site, pia)
    page.fill("input[name=code]", codes[0])
    _submit(page)
    expect(page.locator(".nav-user")).to_have_text("pia")
    _sign_out(page)
    _password_step(page, live_site, pia)
    page.fill("input[name=code]", codes[0])
    _submit(page)
    expect(page.locator("main .errorlist")).to_be_visible()
    expect(page.locator(".nav-account")).to_contain_text("Log in")
    assert not errors, errors
    context.close()


def test_a_moderator_without_an_authenticator_enrols_before_the_admin(browser, live_site):
    mod = _person("mona", role=Membership.Role.MODERATOR, is_staff=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(STEP_MS)

    # Through the admin's own address: the site's sign-in, then the admin sends to enrol.
    page.goto(f"{live_site.url}/admin/")
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=%2Fadmin%2F$"))
    page.fill("#id_login", mod.username)
    page.fill("#id_password", PASSWORD)
    _submit(page)
    expect(page.locator(".messages")).to_contain_text(str(mfa.ENROL_FOR_ADMIN))
    expect(page).to_have_url(re.compile(r"/accounts/reauthenticate/"))
    page.fill("input[name=password]", PASSWORD)
    _submit(page)
    _enrol(page)
    with page.expect_navigation():
        page.locator("#continue-admin").click()
    expect(page).to_have_url(f"{live_site.url}/admin/")
    expect(page.locator("#site-name")).to_be_visible()  # Django's admin header
    page.screenshot(path=str(ARTIFACTS / "mfa-admin-after-enrol-1280.png"))
    context.close()
