"""Issue 31, point 1, on the board: its legal targets take one tab stop, the arrow keys move
between them, Enter chooses, Escape backs out of a half-made move; keys only (no click, no
script that plays), headless Chromium at 1280x800, every registered game.

From the phone test's near-the-end match (tests/e2e/phone.py), seat 0 plays by Describe
(Alt+Shift+D, Enter) until its board offers choices; where a card must be chosen first
(Hextopia, Hexal) Tab reaches the hand and Enter chooses one. Then Tab from the Describe button
reaches the board's one tab stop (a target, whose accessible name says what it does), the arrows
reach other targets, and Enter on one either plays a move (the version grows) or goes on with
the move (the page changes) which Escape then backs out of where the game has one.
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from gameplatform.matches import scheduling
from gameplatform.matches.models import Match
from games import registry

from .phone import started_near_end, wait_ready
from .phone_games import GAMES
from .test_access_play import _against_bot
from .test_chat import _page
from .test_table_layout import _people as people

pytestmark = pytest.mark.browser

SECONDS = 120
NAMES_JS = "() => window.hexagora.page.boardKeys.choices().slice(0, 4).map((c) => c.getAttribute('aria-label') || c.textContent)"
CHOICES_JS = "() => window.hexagora.page.boardKeys.choices().length"
FOCUS_JS = """() => { const a = document.activeElement; const k = window.hexagora.page.boardKeys;
  const cs = k.choices(); const i = cs.indexOf(a);
  return {i, n: cs.length, name: a ? (a.getAttribute('aria-label') || a.textContent || '').trim() : '',
          stops: cs.filter((c) => c.getAttribute('tabindex') === '0').length}; }"""
PAGE_JS = """() => document.querySelector('#board-slot').innerHTML.length + ':' + document.body.dataset.matchVersion
  + ':' + (document.querySelector('#hand-slot')?.innerHTML.length || 0)"""


def _tab_to(page, where_js: str, tries: int = 120) -> bool:
    for _ in range(tries):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {where_js}"):
            return True
    return False


IN_BOARD = "window.hexagora.page.boardKeys.choices().includes(document.activeElement)"
IN_HAND = "(() => { const a = document.activeElement; return Boolean(a && a.closest('#hand-panel') && a.matches('button:not([disabled])')); })()"


def _card_first(page) -> bool:
    """True once the board offers choices; else, where a card must be chosen first (Hextopia,
    Hexal), Tab goes through the hand's cards (``aria-pressed`` buttons), Enter choosing each in
    turn and Escape letting it go, until one lights up the board."""
    if page.evaluate(CHOICES_JS):
        return True
    page.locator("#describe-btn").focus()
    for _ in range(8):
        if not _tab_to(page, IN_HAND + " && document.activeElement.hasAttribute('aria-pressed')", 40):
            return False
        page.keyboard.press("Enter")
        page.wait_for_timeout(200)
        if page.evaluate(CHOICES_JS):
            # Escape backs out (the card let go, the board's choices gone), the focus stays on
            # the card (drawn again), and Enter chooses it again.
            page.keyboard.press("Escape")
            page.wait_for_function(f"() => !({CHOICES_JS})()")
            assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "false"
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => ({CHOICES_JS})() > 0")
            return True
        page.keyboard.press("Escape")
        page.wait_for_timeout(100)
    return False


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_boards_targets_by_keyboard(browser, live_site, slug, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    game = GAMES[slug]
    users = people(2)
    match = started_near_end(slug, game, users)
    page = _page(browser, live_site, users[0], (1280, 800))
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("#conn-state")).to_have_text("Live")
    started = time.monotonic()
    while True:
        assert time.monotonic() - started < SECONDS, f"{slug}: the board offered no choice"
        match = wait_ready(page, live_site, match.pk)
        assert match.status == Match.Status.ACTIVE, f"{slug}: over before the board offered a choice"
        if _card_first(page):
            break
        page.keyboard.press("Alt+Shift+D")
        expect(page.locator("#describe-dialog")).to_be_visible()
        page.keyboard.press("Enter")
        page.wait_for_function("v => Number(document.body.dataset.matchVersion) > v", arg=match.version)
    # One tab stop on the board, reached by Tab; its name says what choosing it does.
    page.locator("#describe-btn").focus()
    assert _tab_to(page, IN_BOARD), f"{slug}: Tab never reached the board's targets"
    at = page.evaluate(FOCUS_JS)
    assert at["stops"] == 1 and at["name"], at
    names = page.evaluate(NAMES_JS)
    assert all(n.strip() for n in names), names
    reached = {at["i"]}
    if at["n"] > 1:
        for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home") * 2:
            page.keyboard.press(key)
            now = page.evaluate(FOCUS_JS)
            assert now["i"] >= 0, f"{slug}: {key} left the board's targets"
            reached.add(now["i"])
        assert len(reached) >= 2, f"{slug}: the arrows reached {reached} of {at['n']} targets"
        assert page.evaluate(FOCUS_JS)["stops"] == 1
    before = page.evaluate(PAGE_JS)
    version = match.version
    page.keyboard.press("Enter")
    page.wait_for_function("b => (" + PAGE_JS + ")() !== b", arg=before)
    try:  # a move is answered within a few seconds; a step of a move changes only the page
        page.wait_for_function("v => Number(document.body.dataset.matchVersion) > v", arg=version, timeout=4000)
        played = True
    except PlaywrightTimeout:
        played = False
    if not played:
        page.keyboard.press("Escape")  # a half-made move (a tile chosen): backed out, nothing sent
        page.wait_for_timeout(300)
        assert int(page.evaluate("() => document.body.dataset.matchVersion")) == version
    assert page.js_errors == []


FOCUSED_JS = "() => ({id: document.activeElement.id, words: document.activeElement.textContent})"


def test_a_new_state_keeps_the_focus_on_the_move_the_player_heard(browser, live_site, monkeypatch):
    """Describe told again while open (a bot's move arrives): the focus stays on the same move,
    found by its words wherever the list now puts it, and falls to the list's heading when that
    move is no longer offered, never onto another move that Enter would play."""
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    (user,) = people(1)
    match = _against_bot("hexfolk", GAMES["hexfolk"], user)  # the first settlement: many spots
    page = _page(browser, live_site, user, (1280, 800))
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("#conn-state")).to_have_text("Live")
    wait_ready(page, live_site, match.pk)
    # The island's drawing is not read as a run of words (terrains, numbers, rates): its
    # targets are, and the harbors are said by place, in Describe and on the corners by them.
    island = page.locator("#board").aria_snapshot()
    assert "- text:" not in island and "- button" in island, island[:500]
    assert page.locator('#board [data-target][aria-label*="harbor"]').count() >= 1
    page.keyboard.press("Alt+Shift+D")
    expect(page.locator("#describe-dialog")).to_be_visible()
    expect(page.locator("#describe-body")).to_contain_text("Harbors: ")
    for _ in range(2):
        page.keyboard.press("ArrowDown")
    heard = page.evaluate(FOCUSED_JS)["words"]
    place = page.evaluate("() => document.activeElement.dataset.action")
    page.evaluate("() => { const p = window.hexagora.page; p.snapshot.legal_actions.reverse(); p.describer.update(); }")
    assert page.evaluate(FOCUSED_JS)["words"] == heard
    assert page.evaluate("() => document.activeElement.dataset.action") != place  # it moved in the list
    page.evaluate("""() => { const p = window.hexagora.page; const i = Number(document.activeElement.dataset.action);
      p.snapshot.legal_actions.splice(i, 1); p.describer.update(); }""")
    assert page.evaluate(FOCUSED_JS)["id"] == "describe-actions-h"
    assert page.locator("#describe-body").get_by_role("button", name=heard, exact=True).count() == 0
    page.keyboard.press("Escape")
    expect(page.locator("#describe-dialog")).to_be_hidden()
    assert Match.unscoped.get(pk=match.pk).version == match.version  # nothing was played
    assert page.js_errors == []


def test_the_players_panel_is_a_tab_panel_only_where_its_tab_is_offered(browser, live_site):
    """Wide and tall, the players stay in view above the tabs and their tab is hidden: their
    panel is then a region named "Players", not a tab panel whose tab cannot be reached; on a
    phone it is the Players tab's panel again."""
    (user,) = people(1)
    match = _against_bot("hextopia", GAMES["hextopia"], user)
    page = _page(browser, live_site, user, (1280, 800))
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("#conn-state")).to_have_text("Live")
    expect(page.locator("#tab-players")).to_be_hidden()
    regions = page.get_by_role("region", name="Players", exact=True)
    assert [r.evaluate("n => n.id || n.outerHTML.slice(0, 120)") for r in regions.all()] == ["info-players"]
    expect(page.locator("#info-players")).to_have_attribute("role", "region")
    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.locator("#tab-players")).to_be_visible()
    expect(page.locator("#info-players")).to_have_attribute("role", "tabpanel")
    # Keys on the phone's tab bar: Enter opens the Players sheet and Enter again keeps it open
    # (a tap would close it); Tab reaches the panel; Escape closes it.
    page.locator("#tab-players").focus()
    for _ in range(2):
        page.keyboard.press("Enter")
        expect(page.locator("#tab-players")).to_have_attribute("aria-selected", "true")
        expect(page.locator("#info-players")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#info-players")).to_be_focused()
    page.locator("#tab-players").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#info-players")).to_be_hidden()
    assert page.js_errors == []
