"""Issue 27, points 2 and 3, in headless Chromium on the live site: "an owner appoints a
moderator, changes a setting, offers ownership, the other accepts (two browser contexts), and
the audit log shows it all". Screenshots of the console's Members and Audit log tabs at 1280,
1366 and 360 px wide: ``artifacts/e2e/console-*.png``; at each width the page is no wider than
the window."""
from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

STEP_MS = 20_000
WIDTHS = ((1280, 800), (1366, 768), (360, 740))
NO_SIDEWAYS_JS = "() => document.documentElement.scrollWidth <= innerWidth + 1"


def _person(name: str, role=Membership.Role.PLAYER) -> User:
    user = User.objects.create_user(username=name, email=f"{name}@example.org")
    Membership.objects.create(user=user, tenant=tenant_default(), role=role)
    return user


def _page(browser, site, user, errors: list):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page


def _shots(page, name: str) -> None:
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(NO_SIDEWAYS_JS), f"{name} at {width} px is wider than the window"
        page.screenshot(path=str(ARTIFACTS / f"console-{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_owner_appoints_sets_offers_and_the_other_accepts(browser, live_site):
    olga, _max = _person("olga", Membership.Role.OWNER), _person("max")
    _person("pia")
    slug = tenant_default().slug
    console = f"{live_site.url}/communities/{slug}/console"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    owner = _page(browser, live_site, olga, errors)

    # The owner appoints max moderator from the Members tab.
    owner.goto(f"{console}/members/")
    owner.locator("#member-max button[value=moderator]").click()
    expect(owner.locator(".messages")).to_contain_text("max is now a moderator.")
    expect(owner.locator("#member-max")).to_contain_text("Moderator")

    # ... changes a setting ...
    owner.locator(".console-tabs a", has_text="Settings").click()
    owner.locator("#id_vacation_days_per_year").fill("21")
    owner.locator("#id_description").fill("Hex on Thursdays.")
    owner.get_by_role("button", name="Save the settings").click()
    expect(owner.locator(".messages")).to_contain_text("Settings saved.")

    # ... and offers the ownership to max.
    owner.locator(".console-tabs a", has_text="Ownership").click()
    owner.locator("#offer-user").select_option(label="max (Moderator)")
    owner.locator("#offer-reason").fill("Moving away")
    owner.get_by_role("button", name="Offer the ownership").click()
    expect(owner.locator(".messages")).to_contain_text("Ownership offered to max")

    # max, in a browser context of his own, sees the offer on the community's page and accepts.
    other = _page(browser, live_site, User.objects.get(username="max"), errors)
    other.goto(f"{live_site.url}/communities/{slug}/")
    expect(other.locator("#ownership-offer")).to_be_visible()
    other.get_by_role("button", name="Accept the ownership").click()
    expect(other.locator(".messages")).to_contain_text("You are now the owner")

    # The new owner's console: olga is a moderator now; the Members tab, then the audit log.
    other.goto(f"{console}/members/")
    expect(other.locator("#member-olga")).to_contain_text("Moderator")
    expect(other.locator("#member-max")).to_contain_text("Owner")
    _shots(other, "members")

    owner.goto(f"{console}/audit/")  # olga, a moderator now, still reads the log
    log = owner.locator(".console-audit tbody")
    for text in ("Changed a role", "Changed the settings", "Offered the ownership", "Took over the ownership",
                 "Moving away", "Vacation days per year: 14 → 21"):
        expect(log).to_contain_text(text)
    expect(owner.locator(".console-tabs")).not_to_contain_text("Settings")  # a moderator's tabs
    _shots(owner, "audit")
    assert errors == []
