"""Hints on the boards of Hexcrement and Hexfolk in headless Chromium (issue 30, point 4): the
game's ``showHint`` highlights the strong bot's move as if the player had started it and words
it in the hint box; "Play it" plays it, recorded as made after a hint. Against bots ("Play
against bots now", which offers hints), on the live site whose worker plays the bots.

- Hexcrement: the first hint is the roll (its button glows), the next one the move after it
  (its end cell marked on the board);
- Hexfolk: the setup's settlement (its intersection marked), then its road (its edge marked).

Screenshots: ``artifacts/e2e/hint-<game>-1280.png`` (the board's mark) and
``hint-<game>-first-1280.png`` (the first hint).
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from gameplatform.matches.models import MoveRecord
from gameplatform.matches.shortcuts import match_play_bots_now
from gameplatform.tenants.selectors import tenant_default

from .conftest import ARTIFACTS
from .test_games_help import page_for, people, shot

pytestmark = pytest.mark.browser

HINT_READY = ("() => { const b = document.querySelector('#hint-btn');"
              " return b && !b.hidden && !b.disabled; }")
HINT_SPACING_S = 2.5  # bots.hints.HINT_SPACING (2 s) between two hints of a seat, and a margin


def ask_hint(page, words: str) -> float:
    """Waits for the player's turn, asks for a hint and checks the box shows the game's own
    ``words`` for it; returns when the answer came (time.monotonic: the server counts the
    spacing from the question, which it answers after)."""
    page.wait_for_function(HINT_READY)
    page.get_by_role("button", name="Hint").click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    answered = time.monotonic()
    expect(box).to_contain_text("Hint: ")
    expect(box).to_contain_text(words)
    return answered


def play_hint(page, match) -> None:
    """Clicks "Play it" and checks the move made is recorded as made after a hint, the marks gone."""
    version = int(page.evaluate("document.body.dataset.matchVersion"))
    page.locator("#hint-box").get_by_role("button", name="Play it").click()
    page.wait_for_function(f"Number(document.body.dataset.matchVersion) > {version}")
    expect(page.locator("#hint-box")).to_be_hidden()
    record = MoveRecord.objects.get(match=match, seq=version + 1)
    assert (record.seat, record.actor) == (0, MoveRecord.Actor.HINT)


def wait_spacing(answered: float) -> None:
    """Sleeps until the next hint of the seat is allowed."""
    time.sleep(max(0.0, answered + HINT_SPACING_S - time.monotonic()))


def phase(page) -> str:
    """The phase of the view on the page."""
    return page.evaluate("window.hexagora.page.snapshot.view.phase")


def test_hexcrement_hint_glows_the_roll_then_marks_the_cell(browser, live_site):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (alice,) = people(1)
    match = match_play_bots_now(tenant=tenant_default(), user=alice, game="hexcrement")
    context, page = page_for(browser, live_site, alice, 1280, 800)
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    page.wait_for_function(HINT_READY)
    assert phase(page) == "roll"
    answered = ask_hint(page, "Roll")
    expect(page.locator("#hx-actions button.hint-glow")).to_have_count(1)
    expect(page.locator("#hx-actions button.hint-glow")).to_have_attribute("data-key", "roll")
    shot(page, "hint-hexcrement-first-1280", 1280)
    play_hint(page, match)
    # After the roll, the move: its end cell marked among the lit ones.
    wait_spacing(answered)
    page.wait_for_function(HINT_READY)
    assert phase(page) == "move"
    ask_hint(page, "Move to ")
    expect(page.locator("#board .hx-target.hx-hinted")).to_have_count(1)
    shot(page, "hint-hexcrement-1280", 1280)
    play_hint(page, match)
    expect(page.locator("#board .hx-hinted")).to_have_count(0)
    assert page.js_errors == []
    context.close()


def test_hexfolk_hint_marks_the_settlement_then_the_road(browser, live_site):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (alice,) = people(1)
    match = match_play_bots_now(tenant=tenant_default(), user=alice, game="hexfolk")
    context, page = page_for(browser, live_site, alice, 1280, 800)
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    page.wait_for_function(HINT_READY)
    assert phase(page) == "setup_settlement"
    answered = ask_hint(page, "Build a settlement at ")
    hinted = page.locator("#board .hf-target.hf-hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_class("hf-target hf-target-node hf-hinted")
    shot(page, "hint-hexfolk-1280", 1280)
    play_hint(page, match)
    # The road of the setup: its edge marked among the lit ones.
    wait_spacing(answered)
    page.wait_for_function(HINT_READY)
    assert phase(page) == "setup_road"
    ask_hint(page, "Build a road at ")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_class("hf-target hf-target-edge hf-hinted")
    shot(page, "hint-hexfolk-road-1280", 1280)
    play_hint(page, match)
    expect(page.locator("#board .hf-hinted")).to_have_count(0)
    assert page.js_errors == []
    context.close()
