"""Hints in casual play in headless Chromium (issue 30, point 4): "a 'Hint' button asks the strong
bot for its choice from the player's view and highlights it on the board; the log records that a
hint was used", and a rated match shows no such button. Hextopia against bots ("Play against bots
now", which offers hints), on the live site whose worker plays the bots. Screenshots:
``artifacts/e2e/hint-<width>.png`` (the hint shown, its card chosen and its space ringed).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gameplatform.matches.models import Match, MoveRecord
from gameplatform.matches.shortcuts import match_play_bots_now
from gameplatform.tenants.selectors import tenant_default

from .conftest import ARTIFACTS
from .test_games_help import page_for, people, shot

pytestmark = pytest.mark.browser

HINT_READY = ("() => { const b = document.querySelector('#hint-btn');"
              " return b && !b.hidden && !b.disabled; }")


@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740)])
def test_a_hint_is_shown_on_the_board_played_and_marked_in_the_log(browser, live_site, width, height):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (alice,) = people(1)
    match = match_play_bots_now(tenant=tenant_default(), user=alice, game="hextopia")
    context, page = page_for(browser, live_site, alice, width, height)
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    page.wait_for_function(HINT_READY)
    page.get_by_role("button", name="Hint").click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Hint: ")
    # Highlighted: the hinted move's card is chosen in the hand, the board rings its space (a
    # deal with no card to play hints the discard: no card, no space).
    hinted = page.evaluate("window.hexagora.page.hints.hint.action")
    if hinted["type"] == "play":
        expect(page.locator("#hand button[aria-pressed='true']")).to_have_count(1)
        expect(page.locator("#board .hx-target, #move-choices button").first).to_be_attached()
    shot(page, f"hint-{width}", width)
    version = int(page.evaluate("document.body.dataset.matchVersion"))
    box.get_by_role("button", name="Play it").click()
    page.wait_for_function(f"Number(document.body.dataset.matchVersion) > {version}")
    expect(box).to_be_hidden()
    record = MoveRecord.objects.get(match=match, seq=version + 1)
    assert (record.seat, record.actor) == (0, MoveRecord.Actor.HINT)
    if width > 500:
        expect(page.locator("#move-log")).to_contain_text("after a hint")
    assert page.js_errors == []
    context.close()


def test_a_rated_match_has_no_hint_button(browser, live_site):
    alice, bob = people(2)
    match = match_play_bots_now(tenant=tenant_default(), user=alice, game="hextopia")
    Match.unscoped.filter(pk=match.pk).update(rated=True)
    context, page = page_for(browser, live_site, alice, 1280, 800)
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("#status-banner")).not_to_have_text("Loading the table…")
    expect(page.locator("#hint-btn")).to_have_count(0)
    expect(page.locator("#hint-box")).to_have_count(0)
    context.close()
