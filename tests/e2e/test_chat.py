"""Issue 13, point 5 in headless Chromium on the live site (``live_site``): the match chat in
the table's Chat tab and the lobby's chat, over the real sockets.

- alice (1280x800) says something with markup in it; bob (360x740, the tab bar) sees a count
  on his Chat tab, then the words as text (no element made of them, no script run); carol
  (1366x768), watching, does not see the players' room and talks in the spectators' own;
- the hand stays in view beside the open Chat tab on the wide screens;
- bob mutes alice from the message's menu: her lines leave his chat;
- the lobby's chat reaches the other member's lobby.

Screenshots: ``artifacts/chat/<who>-<width>.png``.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import scheduling, services
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default

pytestmark = pytest.mark.browser

STEP_MS = 20_000
SHOTS = Path(settings.BASE_DIR) / "artifacts" / "chat"
EVIL = '<b>hi</b> & <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'


def _person(name: str) -> User:
    user = User.objects.create_user(username=name, password="pw-not-used-9", email=f"{name}@example.org")
    Membership.objects.create(user=user, tenant=tenant_default())
    return user


def _page(browser, site, user, size):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def _open_chat(page):
    page.locator("#tab-chat").click()
    expect(page.locator("#info-chat")).to_be_visible()
    expect(page.locator("#chat-input")).to_be_enabled()


def _say(page, text):
    page.locator("#chat-input").fill(text)
    page.locator("#chat .chat-form button[type=submit]").click()


def _in_view(page, selector) -> bool:
    return page.evaluate("""(sel) => { const r = document.querySelector(sel)?.getBoundingClientRect();
        return Boolean(r) && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1; }""", selector)


def test_match_chat_rooms_escaping_mute_and_lobby(browser, live_site, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)  # no worker in this process
    alice, bob, carol = _person("alice"), _person("bob"), _person("carol")
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, turn_seconds=600,
                                  title="Chatty")
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    url = f"{live_site.url}/matches/{match.pk}/"
    SHOTS.mkdir(parents=True, exist_ok=True)
    pa = _page(browser, live_site, alice, (1280, 800))
    pb = _page(browser, live_site, bob, (360, 740))
    pc = _page(browser, live_site, carol, (1366, 768))
    for page in (pa, pb, pc):
        page.goto(url)
        expect(page.locator("#conn-state")).to_have_text("Live")

    # alice: the Chat tab beside the board, the hand still in view.
    _open_chat(pa)
    expect(pa.locator("#chat .chat-rooms")).to_contain_text("Players' chat")
    _say(pa, EVIL)
    expect(pa.locator("#chat .chat-line .chat-text")).to_have_text(EVIL)
    assert _in_view(pa, "#hand-panel"), "the hand left the screen beside the chat"
    pa.screenshot(path=SHOTS / "player-1280.png")

    # bob, on a phone: a count on the tab, then the words as text.
    expect(pb.locator("#chat-unread")).to_have_text("1")
    _open_chat(pb)
    expect(pb.locator("#chat-unread")).to_be_hidden()
    line = pb.locator("#chat .chat-line").first
    expect(line.locator(".chat-text")).to_have_text(EVIL)
    assert line.locator("b, img, script").count() == 0
    assert pb.evaluate("window.__xss") is None and pa.evaluate("window.__xss") is None
    assert _in_view(pb, "#chat-input"), "the chat box is off the phone's screen"
    pb.screenshot(path=SHOTS / "player-360.png")

    # carol watches: the players' room is not hers; she talks in the spectators' own.
    _open_chat(pc)
    expect(pc.locator("#chat .chat-rooms")).to_contain_text("Spectators' chat")
    expect(pc.locator("#chat .chat-empty")).to_be_visible()
    _say(pc, "go bob")
    expect(pc.locator("#chat .chat-line .chat-text")).to_have_text("go bob")
    pc.screenshot(path=SHOTS / "spectator-1366.png")
    pb.wait_for_timeout(300)
    expect(pb.locator("#chat .chat-line")).to_have_count(1)  # still only alice's line

    # bob mutes alice from her message's menu: her lines leave his chat.
    line.locator(".chat-more").click()
    pb.locator("#chat .chat-menu [data-chat-act=mute]").click()
    expect(pb.locator("#chat .chat-line")).to_have_count(0)
    _say(pa, "can you hear me?")
    expect(pa.locator("#chat .chat-line")).to_have_count(2)
    pb.wait_for_timeout(300)
    expect(pb.locator("#chat .chat-line")).to_have_count(0)

    # The lobby's chat.
    pa.goto(f"{live_site.url}/")
    pc.goto(f"{live_site.url}/")
    for page in (pa, pc):
        expect(page.locator("#chat-input")).to_be_enabled()
    _say(pc, "anyone for Hexfolk?")
    expect(pa.locator("#chat .chat-line .chat-text")).to_have_text("anyone for Hexfolk?")
    pa.screenshot(path=SHOTS / "lobby-1280.png", full_page=True)
    for page in (pa, pb, pc):
        assert page.js_errors == []
