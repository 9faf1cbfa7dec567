"""Issue 31, point 3: axe-core (tests/e2e/axe.py) finds nothing at the serious or critical level
on any page, and nothing at all on the pages players use most: the lobby, every table, the
replay and the settings. Every registered game's table mid-game (with "Describe" open too) and
at the end, and its replay, at 1280 and 360 px wide, in the three languages.
"""
from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match
from gameplatform.players.models import Preferences
from gameplatform.tenants.selectors import tenant_default
from games import registry

from .axe import assert_accessible
from .test_table_end import _finished
from .test_table_layout import SHOTS, _people, bot_move, started_match

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "fr", "sv")
WIDTHS = ((1280, 800), (360, 740))
MID_MOVES = 12  # bots' moves before the mid-game look (a few turns in, past any setup's start)


def _context(browser, site_url: str, user, size, language: str):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    cookies = [{"name": "django_language", "value": language, "url": site_url}]
    if user is not None:
        client = Client()
        client.force_login(user)
        cookies.append({"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site_url})
    context.add_cookies(cookies)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def _mid_game(slug: str, users) -> Match:
    tenant = tenant_default()
    engine = registry.get_engine(slug)
    match = started_match(slug, users, turn_seconds=600, title="Mid-game")
    bot = list(engine.bots().values())[0]()
    rng = random.Random(5)
    for _ in range(MID_MOVES):
        match.refresh_from_db()
        state = engine.decode(match.state)
        seat, action = bot_move(engine, state, bot, rng)
        if match.status != Match.Status.ACTIVE or seat == 0 and engine.to_act(state) == [0]:
            break
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                               tenant=tenant, user=users[seat])
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    return match


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_site_pages(browser, live_site, member, language):
    tenant = tenant_default()
    waiting = services.match_create(tenant=tenant, user=member, game="hextopia", seats=3, title="Open seats")
    pages = {"/": True, "/settings/": True, "/communities/": False, "/leaderboards/": False,
             f"/players/{member.username}/": False, "/games/keyboard/": False, "/your-turn/": False,
             "/tournaments/": False, "/tournaments/new/": False, "/communities/new/": False,
             f"/communities/{tenant.slug}/": False, f"/matches/{waiting.pk}/": True,
             "/leaderboards/hexfolk/": False}
    pages.update({f"/games/{slug}/rules/": False for slug in registry.slugs()})
    context, page = _context(browser, live_site.url, member, WIDTHS[0], language)
    try:
        for path, every in pages.items():
            page.goto(f"{live_site.url}{path}")
            assert_accessible(page, f"{path} ({language})", every=every)
    finally:
        context.close()
    context, page = _context(browser, live_site.url, None, WIDTHS[1], language)
    try:
        for path in ("/accounts/login/", "/accounts/signup/", "/games/keyboard/"):
            page.goto(f"{live_site.url}{path}")
            assert_accessible(page, f"{path} anonymous ({language})")
    finally:
        context.close()


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_table_mid_game_and_at_the_end_and_its_replay(browser, live_site, slug, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    users = _people(2)
    mid = _mid_game(slug, users)
    end = _finished(slug, users)
    for language in LANGUAGES:
        for size in WIDTHS:
            where = f"{slug} {size[0]} px ({language})"
            context, page = _context(browser, live_site.url, users[0], size, language)
            try:
                page.goto(f"{live_site.url}/matches/{mid.pk}/")
                page.wait_for_function("() => window.hexagora && window.hexagora.page")
                page.wait_for_timeout(300)
                assert_accessible(page, f"mid-game {where}", every=True)
                if size == WIDTHS[0]:
                    page.keyboard.press("Alt+Shift+D")
                    expect(page.locator("#describe-dialog")).to_be_visible()
                    assert_accessible(page, f"Describe {where}", every=True)
                    page.keyboard.press("Escape")
                page.goto(f"{live_site.url}/matches/{end.pk}/")
                expect(page.locator("body")).to_have_attribute("data-match-status", "finished")
                page.wait_for_timeout(300)
                assert_accessible(page, f"finished {where}", every=True)
                page.goto(f"{live_site.url}/matches/{end.pk}/replay/")
                expect(page.locator("#rp-step")).to_have_text(re.compile(r"\d"))
                page.wait_for_timeout(300)
                assert_accessible(page, f"replay {where}", every=True)
            finally:
                context.close()
    # Point 4: the high-contrast choice (Settings) honoured by the table: the board drawn with
    # more contrast, and still nothing for axe-core to find.
    Preferences.objects.update_or_create(user=users[0], defaults={"high_contrast": True})
    context, page = _context(browser, live_site.url, users[0], WIDTHS[0], "en")
    try:
        page.goto(f"{live_site.url}/matches/{mid.pk}/")
        page.wait_for_function("() => window.hexagora && window.hexagora.page")
        assert "high-contrast" in page.evaluate("() => document.body.className")
        assert "contrast" in page.evaluate("() => getComputedStyle(document.querySelector('#board-slot svg')).filter")
        page.screenshot(path=SHOTS / f"{slug}-high-contrast-1280.png")
        assert_accessible(page, f"high contrast {slug}", every=True)
    finally:
        context.close()


def test_nothing_moves_under_reduced_motion(browser, live_site, member):
    """Point 4: "animations stop under prefers-reduced-motion" (site.css, under every page and
    table): an animation and a transition of any element last next to nothing."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(f"{live_site.url}/games/keyboard/")
        timing = page.evaluate("""() => { const n = document.createElement('div');
          n.style.animation = 'spin 2s infinite'; n.style.transition = 'opacity 3s';
          document.body.append(n); const s = getComputedStyle(n);
          return [s.animationDuration, s.transitionDuration, s.animationIterationCount]; }""")
        assert timing[0] in ("1e-05s", "0.00001s") and timing[1] in ("1e-05s", "0.00001s") and timing[2] == "1", timing
    finally:
        context.close()

