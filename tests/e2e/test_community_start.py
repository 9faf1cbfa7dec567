"""Issue 27, point 1, in headless Chromium on the live site: "Start a community: any signed-in
person with a confirmed e-mail address starts one from the site"; point 6: its page tells a
newcomer what it is.

A person with a confirmed address opens /communities/, follows "Start a community", fills the
form at 1280 px (the page shows the address as the slug is typed), starts it and lands on its
page with a message giving its address, ``http://<slug>.localhost:<port>/``; then opens that
address (Chromium sends ``*.localhost`` to this machine, the site allows the host), signs in
there and sees the community's own lobby, offering only its game, its chat connected. Screenshots of the start
page, the community's page and the list at 1280, 1366 and 360 px:
``artifacts/e2e/community-start-*.png``, ``community-page-*.png``, ``community-list-*.png``; at each width nothing sticks out sideways.
"""
from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.tenants.models import Membership, Tenant
from gameplatform.tenants.selectors import tenant_default

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

STEP_MS = 20_000
PASSWORD = "Community-start-pw-7"
WIDTHS = ((1280, 800), (1366, 768), (360, 740))
# Anything wider than the window, or sticking out of its panel sideways.
OVERFLOW_JS = """() => {
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push("page " + document.documentElement.scrollWidth);
  for (const panel of document.querySelectorAll(".panel")) {
    const box = panel.getBoundingClientRect();
    for (const el of panel.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > box.right + 1 || r.left < box.left - 1)) out.push(el.tagName + "." + el.className + " " + r.right + ">" + box.right);
    }
  }
  return out;
}"""


def _founder() -> User:
    user = User.objects.create_user(username="founder", email="founder@example.org")
    # Hashed as the live site checks it (this process's tests hash with MD5, which it lacks).
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user.save(update_fields=["password"])
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    Membership.objects.create(user=user, tenant=tenant_default())
    return user


def _shots(page, name: str) -> None:
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert page.evaluate(OVERFLOW_JS) == [], f"{name} at {width} px"
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_a_confirmed_person_starts_a_community_and_opens_its_address(browser, live_site):
    site = live_site
    founder = _founder()
    client = Client()
    client.force_login(founder)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    Tenant.objects.create(slug="larks", name="Early Larks", description="Hexfolk at breakfast, " * 12,
                          language="fr", games=["hexfolk"])
    page.goto(f"{site.url}/communities/?game=hexfolk")
    expect(page.locator("#community-results")).to_contain_text("Early Larks")
    _shots(page, "community-list")
    page.get_by_role("link", name="Start a community").click()
    expect(page).to_have_url(f"{site.url}/communities/new/")
    page.fill("#id_name", "Night Owls")
    page.fill("#id_slug", "night-owls")
    port = site.url.rsplit(":", 1)[1]
    expect(page.locator("#address-preview")).to_have_text(f"http://night-owls.localhost:{port}/")
    page.fill("#id_description", "We play Hextopia late in the evening. Newcomers welcome!")
    page.get_by_label("Invite-only: with an invitation code").check()
    page.select_option("#id_language", "sv")
    page.get_by_label("Hextopia").check()
    _shots(page, "community-start")
    page.get_by_role("button", name="Start the community").click()

    expect(page).to_have_url(f"{site.url}/communities/night-owls/")
    address = f"http://night-owls.localhost:{port}/"
    expect(page.locator(".message-success")).to_contain_text(address)
    expect(page.locator("h1")).to_have_text("Night Owls")
    expect(page.locator(".community-description")).to_contain_text("Newcomers welcome!")
    expect(page.locator(".community-members")).to_contain_text("founder")
    tenant = Tenant.objects.get(slug="night-owls")
    assert (tenant.domain, tenant.is_open, tenant.games) == ("night-owls.localhost", False, ["hextopia"])
    _shots(page, "community-page")

    # Its own address: a new host, so a new sign-in there, then its own lobby.
    page.goto(address)
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    page.fill("#id_login", "founder")
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    expect(page).to_have_url(address)
    expect(page.locator("h1")).to_contain_text("Night Owls")
    assert page.locator("#id_game option").evaluate_all("os => os.map(o => o.value)") == ["hextopia"]
    # The lobby's socket is accepted from the new host (its origin is the community's domain).
    expect(page.locator(".lobby-chat input[type=text], .lobby-chat textarea").first).to_have_attribute(
        "placeholder", "Say something…")
    page.screenshot(path=str(ARTIFACTS / "community-home-1280.png"), full_page=True)
    assert errors == []
    context.close()
