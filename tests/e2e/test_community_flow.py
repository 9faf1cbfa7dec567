"""Issue 13, point 9, in headless Chromium on the live site: "one headless Chromium test that
plays a turn, receives the "your turn" badge in a second browser context, chats, and switches
the language to French".

Two people in one 2-player Hextopia match, each in a browser context of their own, on the
match page: A (first to act) plays a turn by clicking a card and a ringed hex; B's header
badge, 0 until then, says 1 over the WebSocket (the page is not reloaded). They talk in the
match chat; B's message carrying ``<b>bold</b>`` and ``<img src=x onerror=alert(1)>`` shows as
text on both pages (no element made of it, no dialog). B picks French in the header's
language chooser: the page comes back in French, stays French after a reload, and after
logging out and in again in a new browser session (English browser, no cookie): the choice
is stored. Screenshots at 1280 and 360 px: ``artifacts/e2e/community-*.png``.
"""
from __future__ import annotations

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.alerts import services as alert_services
from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match
from gameplatform.players.models import Preferences
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games import registry

from .conftest import ARTIFACTS
from .test_play_hextopia import play_one_move

pytestmark = pytest.mark.browser

STEP_MS = 20_000
PASSWORD = "Community-e2e-pw-7"
EVIL = "look: <b>bold</b> <img src=x onerror=alert(1)>"
WIDTHS = ((1280, 800), (360, 740))
# The info tabs (static/js/tabs.js) have followed the width: docked, or a sheet closed by it.
SETTLED_JS = """() => matchMedia("(min-width: 960px)").matches
  ? document.getElementById("table-info").dataset.open !== ""
  : document.getElementById("table-info").dataset.open === "" """



def _person(name: str) -> User:
    user = User.objects.create_user(username=name, email=f"{name}@example.org")
    # Hashed as the live site checks it (this process's tests hash with MD5, which it lacks).
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user.save(update_fields=["password"])
    Membership.objects.create(user=user, tenant=tenant_default())
    return user


def _watch(page, dialogs: list) -> None:
    page.set_default_timeout(STEP_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))

    def on_dialog(dialog):
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)


def _context(browser):
    return browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")


def _signed_in_page(browser, site, user, dialogs: list):
    client = Client()
    client.force_login(user)
    context = _context(browser)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    page = context.new_page()
    _watch(page, dialogs)
    return page


def _shots(page, name: str, *, tab: str | None = None) -> None:
    """Screenshots at each of ``WIDTHS``; ``tab``: an info tab ("chat") shown in each (on a
    phone the tabs are a sheet, closed at first: it is opened)."""
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        if tab:
            # Under 960 px the tabs become a sheet, which the width change closes (an event
            # that may come after the resize): wait for it, then open the tab.
            page.wait_for_function(SETTLED_JS)
            button = page.locator(f"#tab-{tab}")
            if button.get_attribute("aria-selected") != "true":
                button.click()
            expect(page.locator(f"#info-{tab}")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"community-{name}-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})


def _me_ready(page) -> None:
    """Waits until the page's ws/me/ socket has given the count."""
    page.wait_for_function("window.hexagoraMe && window.hexagoraMe.count !== null")


def _open_chat(page) -> None:
    page.locator("#tab-chat").click()
    expect(page.locator("#info-chat")).to_be_visible()
    expect(page.locator("#chat-input")).to_be_enabled()


def _say(page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat .chat-form button[type=submit]").click()


def _in_french(page) -> None:
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".nav-links")).to_contain_text("Communautés")
    expect(page.locator("#tab-moves")).to_have_text("Coups")
    expect(page.locator("#conn-state")).to_have_text("En direct")


def test_a_turn_the_badge_the_chat_and_french(browser, live_site, monkeypatch):
    # Nothing started in this process schedules work here: the live site's own worker does it.
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    monkeypatch.setattr(alert_services, "task_send", lambda *args, **kwargs: None)
    anna, bruno = _person("anna"), _person("bruno")
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=anna, game="hextopia", seats=2, turn_seconds=600,
                                  title="Community night")
    services.match_join(tenant=tenant, user=bruno, match_id=match.pk)
    services.match_start(tenant=tenant, user=anna, match_id=match.pk)
    match.refresh_from_db()
    engine = registry.get_engine(match.game)
    first = engine.to_act(engine.decode(match.state))[0]
    seated = {s.index: s.user for s in match.seats.all()}
    a, b = seated[first], seated[1 - first]  # A acts first
    url = f"{live_site.url}/matches/{match.pk}/"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    dialogs: list[str] = []
    pa = _signed_in_page(browser, live_site, a, dialogs)
    pb = _signed_in_page(browser, live_site, b, dialogs)
    pages = [pa, pb]
    try:
        # Both at the table; B waits for nobody yet.
        for page in (pa, pb):
            page.goto(url)
            expect(page.locator("#conn-state")).to_have_text("Live")
            _me_ready(page)
        expect(pa.locator("#status-banner")).to_have_text("Your turn.")
        expect(pa.locator("#waiting-count")).to_have_text("1")
        expect(pb.locator("#waiting-count")).to_have_text("0")
        expect(pb.locator("#waiting-link")).not_to_have_class("nav-waiting has-waiting")
        pb.evaluate("window.__same_page = true")

        # A plays a turn with clicks; B's badge says 1, live.
        play_one_move(pa)
        expect(pb.locator("#waiting-count")).to_have_text("1")
        expect(pb.locator("#waiting-link")).to_have_class("nav-waiting has-waiting")
        expect(pb.locator("#status-banner")).to_have_text("Your turn.")
        expect(pa.locator("#waiting-count")).to_have_text("0")
        expect(pa.locator("#table-waiting-count")).to_have_text("0")
        assert pb.evaluate("window.__same_page") is True, "B's page was reloaded"
        _shots(pa, "turn-played")
        _shots(pb, "badge")
        # A phone at the table: the header gives way to the table's head, which has the badge.
        pb.set_viewport_size({"width": 360, "height": 740})
        expect(pb.locator("#waiting-link")).to_be_hidden()
        expect(pb.locator("#table-waiting-count")).to_be_visible()
        expect(pb.locator("#table-waiting-count")).to_have_text("1")
        pb.set_viewport_size({"width": 1280, "height": 800})
        expect(pb.locator("#table-waiting-link")).to_be_hidden()

        # The match chat: A greets, B answers with markup, which stays text on both pages.
        _open_chat(pa)
        _open_chat(pb)
        _say(pa, "good luck!")
        expect(pb.locator("#chat .chat-line .chat-text")).to_have_text(["good luck!"])
        _say(pb, EVIL)
        for page in (pa, pb):
            expect(page.locator("#chat .chat-line .chat-text")).to_have_text(["good luck!", EVIL])
            assert page.locator("#chat .chat-line b, #chat .chat-line img").count() == 0
            assert page.locator("img[src=x]").count() == 0
        _shots(pa, "chat-a", tab="chat")
        _shots(pb, "chat-b", tab="chat")

        # B switches to French with the chooser: the table comes back in French.
        with pb.expect_navigation():
            pb.select_option("#language-select", "fr")
        _in_french(pb)
        assert Preferences.objects.get(user=b).language == "fr"
        pb.reload()
        _in_french(pb)
        expect(pb.locator("#waiting-count")).to_have_text("1")
        _shots(pb, "fr")

        # Log out, then in again in a new session of an English browser: still French.
        with pb.expect_navigation():
            pb.locator(".nav-account form[action*=logout] button").click()
        expect(pb.locator(".nav-account")).to_contain_text("Se connecter")
        pn = _context(browser).new_page()
        _watch(pn, dialogs)
        pages.append(pn)
        pn.goto(f"{live_site.url}/accounts/login/?next=/matches/{match.pk}/")
        expect(pn.locator("html")).to_have_attribute("lang", "en")
        pn.fill("#id_login", b.username)
        pn.fill("#id_password", PASSWORD)
        pn.locator("form[action*=login] button[type=submit]").click()
        expect(pn).to_have_url(url)
        _in_french(pn)
        expect(pn.locator(".nav-user")).to_have_text(b.username)
        expect(pn.locator(".messages")).to_contain_text(f"Connexion avec {b.username} réussie")
        _shots(pn, "fr-new-session")
    except Exception:
        for i, page in enumerate(pages):
            page.screenshot(path=str(ARTIFACTS / f"community-failure-{i}.png"), full_page=True)
        print(live_site.logs())
        raise
    finally:
        js = [e for page in pages for e in page.js_errors]
        for page in pages:
            page.context.close()
    assert dialogs == []
    assert js == []
    assert Match.unscoped.get(pk=match.pk).version > match.version
