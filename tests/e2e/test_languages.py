"""Issue 13, point 7, in headless Chromium on a live site: a signed-in player switches the
header's language chooser to French; the page comes back in French (server templates and the
ES modules' texts through /jsi18n/), the choice is stored, and it follows the player to a
match table, whose shared module (static/js/match.js) speaks French too. Screenshots of the
French lobby and table at 1280, 1366 and 360 px go to ``artifacts/e2e/lang-*.png``.
"""
from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import services
from gameplatform.players.models import Preferences
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (1366, 768), (360, 740))
STEP_MS = 20_000


def _person(name: str) -> User:
    user = User.objects.create_user(username=name, password="Lang-e2e-pw-1", email=f"{name}@example.org")
    Membership.objects.create(user=user, tenant=tenant_default())
    return user


def _page(browser, site, user, size=(1280, 800)):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def test_switching_to_french_translates_the_pages_and_the_modules(browser, live_site):
    alice, bob = _person("alice"), _person("bob")
    page = _page(browser, live_site, alice)
    page.goto(f"{live_site.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".nav-links")).to_contain_text("Communities")

    # The chooser sends itself on change (JavaScript) and the page comes back in French.
    with page.expect_navigation():
        page.select_option("#language-select", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".nav-links")).to_contain_text("Communautés")
    expect(page.locator("#create-h")).to_have_text("Créer une partie")
    assert Preferences.objects.get(user=alice).language == "fr"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(ARTIFACTS / f"lang-lobby-fr-{width}.png"), full_page=False)

    # A table: the shared ES module's banner and turn line are French (the JS catalogue).
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, turn_seconds=600)
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("#conn-state")).to_have_text("En direct")
    expect(page.locator("#turn-text")).to_contain_text("Tour 1")
    expect(page.locator("#status-banner")).to_have_text(re.compile("Votre tour|En attente de"))
    expect(page.locator("#tab-moves")).to_have_text("Coups")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(ARTIFACTS / f"lang-table-fr-{width}.png"), full_page=False)

    # Another device of the same person, browser in English: still French (the stored choice).
    other = _page(browser, live_site, alice, size=(360, 740))
    other.goto(f"{live_site.url}/settings/")
    expect(other.locator("h1")).to_have_text("Paramètres")
    assert not page.js_errors and not other.js_errors, page.js_errors + other.js_errors


# The games' own modules (issue 13, point 7, after the merges): the hand hint each one writes
# comes from the JS catalogue, in Swedish here (cookie only: no stored choice needed).
GAME_HINTS = (
    ("hexcrement", {}, re.compile(r"Din tur|Väntar på")),
    ("hexal", {}, re.compile(r"Välj|Väntar på")),
    ("hexboard-words", {"options": {"turn_seconds": 180}}, re.compile(r"Välj en bricka|spelar\.")),
    ("hexfolk", {}, re.compile(r"Placera en bosättning|Vänta på din tur")),
)


@pytest.mark.parametrize(("game", "extra", "hint"), GAME_HINTS, ids=[g for g, _, _ in GAME_HINTS])
def test_the_games_modules_speak_swedish(browser, live_site, game, extra, hint):
    alice, bob = _person("alice"), _person("bob")
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game=game, seats=2, **extra)
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    page = _page(browser, live_site, alice)
    page.context.add_cookies([{"name": "django_language", "value": "sv", "url": live_site.url}])
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.locator("#hand-hint")).to_have_text(hint)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(ARTIFACTS / f"lang-{game}-sv-{width}.png"), full_page=False)
    assert not page.js_errors, page.js_errors


# English words Hexfolk's modules wrote before they went through the catalogue: none may be
# left on the French table (the player names and the map's name are the players' own).
HEXFOLK_ENGLISH = re.compile(
    r"\b(?:Build|Roll the dice|End turn|Buy development|Offer to players|You give|You get|Bank and harbors|Trade with"
    r"|settlement|lumber|brick|wool|grain|ore|forest|hills|pasture|fields|mountains|desert|harbor|robber"
    r"|your turn|Your turn|turn:|development card|left|goal|bank:|Place a|Wait for|Knight|Monopoly)\b"
)
# Hexfolk's own play: the setup placements (the biggest settlement place first) and the roll.
HEXFOLK_STEP_JS = """() => {
  const {page, table} = window.hexagora;
  const s = page.snapshot;
  if ((page.client && page.client.pending) || !page.myTurn) return "wait";
  const legal = s.legal_actions || [];
  const phase = s.view.phase;
  if (phase === "main" || phase === "trade") return "done";
  const pick = legal.find((a) => a.type === "build_settlement" || a.type === "build_road")
    || legal.find((a) => a.type === "roll") || legal.find((a) => a.type === "move_robber")
    || legal.find((a) => a.type === "discard");
  if (!pick) return "wait";
  table.submit(pick);
  return "sent";
}"""


def test_hexfolk_table_speaks_french(browser, live_site):
    """Hexfolk at 1280 px in French, after the setup and the first roll: the hint, the build
    buttons, the trade panel, the strip over the island and the island's help texts are
    French, and nothing overflows the page's width."""
    alice = _person("alice")
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game="hexfolk", seats=3, turn_seconds=600)
    for seat in (1, 2):
        services.seat_assign_bot(tenant=tenant, user=alice, match_id=match.pk, seat_index=seat, kind="random")
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    page = _page(browser, live_site, alice)
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_site.url}])
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#conn-state")).to_have_text("En direct")
    page.screenshot(path=str(ARTIFACTS / "lang-hexfolk-fr-setup-1280.png"), full_page=True)
    for _ in range(60):
        state = page.evaluate(HEXFOLK_STEP_JS)
        if state == "done":
            break
        page.wait_for_timeout(250 if state == "wait" else 600)
        live_site.check_alive()
    assert state == "done", state
    expect(page.locator("#hf-actions button[data-act=end_turn]")).to_have_text("Finir le tour")
    expect(page.locator("#hf-trade")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "lang-hexfolk-fr-1280.png"), full_page=True)
    texts = page.evaluate("""() => [
      ...["#hand-panel", "#hf-actions", "#hf-trade", "#hf-bar-text", "#hf-devs", "#hf-costs-body"]
        .map((sel) => document.querySelector(sel)?.innerText || ""),
      ...[...document.querySelectorAll("#board [data-help]")].map((n) => n.dataset.help),
      ...[...document.querySelectorAll("#hf-trade [aria-label], #hf-actions [title]")].map((n) => n.getAttribute("aria-label") || n.title),
    ]""")
    names = {"alice", match.title or ""}
    english = sorted({m.group(0) for t in texts for m in HEXFOLK_ENGLISH.finditer(t) if m.group(0) not in names})
    assert not english, english
    wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0, f"the page is {wide}px wider than the window"
    assert not page.js_errors, page.js_errors
