"""Issue 13, point 5, before the match starts, in headless Chromium on the live site: the
waiting page (``/matches/<id>/`` while open) has the match's chat. alice (creator) and bob,
both seated, talk there live; markup stays text; alice starts the match and both pages become
the table, whose Chat tab goes on with the waiting room's words. Screenshots:
``artifacts/chat/waiting-<width>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling, services
from gameplatform.tenants.selectors import tenant_default

from .test_chat import EVIL, SHOTS, _open_chat, _page, _person, _say

pytestmark = pytest.mark.browser


def test_the_waiting_room_chat_goes_on_at_the_table(browser, live_site, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)  # no worker in this process
    alice, bob = _person("alice"), _person("bob")
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, turn_seconds=600,
                                  title="Waiting room")
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    url = f"{live_site.url}/matches/{match.pk}/"
    SHOTS.mkdir(parents=True, exist_ok=True)
    pa = _page(browser, live_site, alice, (1280, 800))
    pb = _page(browser, live_site, bob, (360, 740))
    for page in (pa, pb):
        page.goto(url)
        expect(page.locator("#conn-state")).to_have_text("Live")
        expect(page.locator("#chat-input")).to_be_enabled()
        expect(page.locator("#chat .chat-rooms")).to_contain_text("Players' chat")

    _say(pa, "ready when you are")
    expect(pb.locator("#chat .chat-line .chat-text")).to_have_text(["ready when you are"])
    _say(pb, EVIL)
    for page in (pa, pb):
        expect(page.locator("#chat .chat-line .chat-text")).to_have_text(["ready when you are", EVIL])
        assert page.locator("#chat .chat-line b, #chat .chat-line img, #chat .chat-line script").count() == 0
        assert page.evaluate("window.__xss") is None
    pa.screenshot(path=SHOTS / "waiting-1280.png", full_page=True)
    assert pb.evaluate("document.documentElement.scrollWidth") <= 360, "the waiting page is wider than the phone"
    pb.locator("#chat-input").scroll_into_view_if_needed()
    pb.screenshot(path=SHOTS / "waiting-360.png")

    # alice starts: both pages become the table; its Chat tab has the waiting room's words.
    pa.get_by_role("button", name="Start match").click()
    for page in (pa, pb):
        expect(page.locator("#status-banner")).not_to_have_text("Loading the table…")
        _open_chat(page)
        expect(page.locator("#chat .chat-line .chat-text")).to_have_text(["ready when you are", EVIL])
    for page in (pa, pb):
        assert page.js_errors == []
