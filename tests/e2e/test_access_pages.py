"""Issue 31's tryout, on the site's pages: "focus is lost after the skip link and after some form
posts". The skip link takes the focus into the page's main content, and the page that answers a
form starts where its outcome is told (the flash messages, else the form's first error), so a
keyboard or screen reader user hears it and goes on from there. Headless Chromium, keys only."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gameplatform.bots.services import match_play_out
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.shortcuts import match_play_bots_now
from gameplatform.tenants.selectors import tenant_default

from .test_chat import _page
from .test_table_layout import _people as people

pytestmark = pytest.mark.browser

ACTIVE_JS = "() => { const a = document.activeElement; return {id: a.id, cls: a.className, text: a.textContent.trim()}; }"


def test_the_skip_link_takes_the_focus_to_the_main_content(browser, live_site):
    (user,) = people(1)
    page = _page(browser, live_site, user, (1280, 800))
    page.goto(f"{live_site.url}/settings/")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate(ACTIVE_JS)["id"] == "main"
    page.keyboard.press("Tab")  # and goes on inside it, not back in the site's bar
    assert page.evaluate("() => Boolean(document.activeElement.closest('main'))")
    assert page.js_errors == []


def test_a_sent_form_answers_with_the_focus_on_its_outcome(browser, live_site):
    (user,) = people(1)
    page = _page(browser, live_site, user, (1280, 800))
    page.goto(f"{live_site.url}/settings/")
    page.locator("#settings-form button[type=submit]").focus()
    page.keyboard.press("Enter")  # saved: the page says so, and the focus is on what it says
    expect(page.locator(".messages")).to_be_visible()
    active = page.evaluate(ACTIVE_JS)
    assert "messages" in active["cls"] and active["text"], active
    # A page without a message keeps its own start.
    page.goto(f"{live_site.url}/settings/")
    assert page.evaluate(ACTIVE_JS)["id"] != "main" and "messages" not in page.evaluate(ACTIVE_JS)["cls"]
    assert page.js_errors == []


SUITS = re.compile("[\u2660\u2665\u2666\u2663]")


def test_hextopias_cards_reach_a_screen_reader_in_words_in_the_log_and_the_replay(browser, live_site):
    """The log shows "A♥"; what the accessibility tree gives for it is "Ace of hearts" (a screen
    reader reads "♥" as "black heart suit"): the live log, the replay's log and its step line."""
    (user,) = people(1)
    match = match_play_bots_now(tenant=tenant_default(), user=user, game="hextopia")
    page = _page(browser, live_site, user, (1280, 800))
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    log = page.locator("#move-log")
    expect(log).to_contain_text("Your cards:")
    assert SUITS.search(log.inner_text())  # shown as they are
    said = log.aria_snapshot()
    assert "Your cards:" in said and " of " in said and not SUITS.search(said), said
    page.keyboard.press("Alt+Shift+D")  # Describe's latest moves: each said once, in words
    latest = page.locator("#describe-body ol li").all_inner_texts()
    assert sum(line.count("Your cards:") for line in latest) == 1 and not SUITS.search(" ".join(latest)), latest
    page.keyboard.press("Escape")
    Seat.objects.filter(match=match, index=0).update(user=None, bot_kind="random")
    match_play_out(match_id=match.pk, max_actions=5000)
    assert Match.unscoped.get(pk=match.pk).status == Match.Status.FINISHED
    page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
    expect(page.locator("#rp-step")).to_contain_text("Step")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#move-log li").first).to_be_visible()
    for box in ("#move-log", "#rp-text"):
        said = page.locator(box).aria_snapshot()
        assert not SUITS.search(said), (box, said)
    assert " of " in page.locator("#move-log").aria_snapshot()
    assert page.js_errors == []
