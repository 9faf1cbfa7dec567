"""Hints on the boards of Hexal Classic and HexBoard Words in headless Chromium (issue 30, point
4): the game's ``showHint`` readies the hinted move as the player's own clicks would and marks
it (Hexal: the hand card chosen and its place or target ringed, ``#board .hl-hint-ring``, or
the button of the move aglow; HexBoard Words: the tile chosen and the card letter marked,
``.hw-hinted``, or the steal in the tray with "Steal" aglow, or "End turn" aglow); "Play it"
plays it and the move is recorded with the actor ``hint``. Against bots ("Play against bots
now", which offers hints), on the live site whose worker plays the bots. Screenshots:
``artifacts/e2e/hint-<game>-1280.png``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gameplatform.matches.models import MoveRecord
from gameplatform.matches.shortcuts import match_play_bots_now
from gameplatform.tenants.selectors import tenant_default

from .conftest import ARTIFACTS
from .test_games_help import page_for, people, shot
from .test_hints import HINT_READY

pytestmark = pytest.mark.browser

HINTED = "() => window.hexagora.page.hints.hint?.action ?? null"


def expect_hexal_marks(page, action: dict) -> None:
    """The hinted Hexal move marked: a place or target ringed (its hand card chosen for a
    place), else the button that makes it aglow."""
    kind = action["type"]
    if kind in ("place", "target"):
        ring = page.locator(f"#board .hl-hint-ring[data-hint='{kind}']")
        expect(ring).to_have_count(1)
        if kind == "place":
            expect(ring).to_have_attribute("data-q", str(action["q"]))
            expect(ring).to_have_attribute("data-r", str(action["r"]))
            expect(page.locator(f"#hl-hand button[data-card='{action['card']}']")).to_have_attribute("aria-pressed", "true")
    else:
        expect(page.locator(f"#hl-actions button[data-act='{kind}'].hint-glow")).to_have_count(1)


def expect_words_marks(page, action: dict) -> None:
    """The hinted HexBoard Words move readied: a match's tile chosen and its card letter
    marked; a steal's word in the box, its letters in the tray, "Steal" aglow; else "End turn"."""
    kind = action["type"]
    if kind == "match":
        cell = page.locator(f"#board [data-slot='{action['slot']}'] .hw-cell").nth(action["position"])
        expect(cell).to_have_class(re.compile(r"\bhw-hinted\b"))
        expect(page.locator("#board .hw-tile.hw-selected")).to_have_count(1)
    elif kind == "steal":
        expect(page.locator("#hw-word")).to_have_value(action["word"])
        expect(page.locator("#hw-tray li")).not_to_have_count(0)
        expect(page.locator("#hw-steal.hint-glow")).to_be_enabled()
    else:
        expect(page.locator("#hw-end.hint-glow")).to_be_visible()


SHOW = "(a) => window.hexagora.page.game.showHint(a, window.hexagora.page)"


def other_kinds_marked(page, game: str, hinted: dict | None = None) -> list[str]:
    """Shows, through the game's own ``showHint``, one legal action of each other kind the
    turn offers (a discard, a place, ending the turn...), checks its marks and words, and
    shows the server's hint (``hinted``) again; returns the kinds checked."""
    marks = expect_hexal_marks if game == "hexal" else expect_words_marks
    legal = page.evaluate("window.hexagora.page.snapshot.legal_actions || []")
    kinds = []
    for action in legal:
        kind = action.get("type")
        # HexBoard Words lists templates (a match or steal without its fields): only end_turn.
        if kind in kinds or kind == (hinted or {}).get("type") or (game != "hexal" and kind != "end_turn"):
            continue
        words = page.evaluate(SHOW, action)
        assert words and " · " not in words, (action, words)
        marks(page, action)
        kinds.append(kind)
    if hinted:
        page.evaluate(SHOW, hinted)
        marks(page, hinted)
    return kinds


def hexal_turn_goes_on(page) -> list[str]:
    """Hexal, still the player's turn after the hinted move: each kind of action marked, then
    a card placed (if one can be) and each kind marked again (take back, end turn...)."""
    kinds = other_kinds_marked(page, "hexal")
    place = page.evaluate("(window.hexagora.page.snapshot.legal_actions || []).find((a) => a.type === 'place') ?? null")
    if place:
        version = int(page.evaluate("document.body.dataset.matchVersion"))
        page.evaluate("(a) => window.hexagora.page.submit(a)", place)
        page.wait_for_function(f"Number(document.body.dataset.matchVersion) > {version}", timeout=15_000)
        page.wait_for_function(HINT_READY)
        kinds += other_kinds_marked(page, "hexal")
    return kinds


@pytest.mark.parametrize("game", ["hexal", "hexboard-words"])
def test_a_hint_is_marked_on_the_board_and_played(browser, live_site, game):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (alice,) = people(1)
    match = match_play_bots_now(tenant=tenant_default(), user=alice, game=game)
    context, page = page_for(browser, live_site, alice, 1280, 800)
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    page.wait_for_function(HINT_READY, timeout=30_000)
    page.get_by_role("button", name="Hint").click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible(timeout=15_000)
    expect(box).to_contain_text("Hint: ")
    action = page.evaluate(HINTED)
    assert action and action.get("type"), action
    (expect_hexal_marks if game == "hexal" else expect_words_marks)(page, action)
    # The game words the move itself (not the page's "type · field value" fallback).
    assert " · " not in box.locator("[data-hint-text]").inner_text(), action
    shot(page, f"hint-{game}-1280", 1280)
    kinds = other_kinds_marked(page, game, action)
    version = int(page.evaluate("document.body.dataset.matchVersion"))
    box.get_by_role("button", name="Play it").click()
    page.wait_for_function(f"Number(document.body.dataset.matchVersion) > {version}", timeout=15_000)
    record = MoveRecord.objects.get(match=match, seq=version + 1)
    assert (record.seat, record.actor) == (0, MoveRecord.Actor.HINT)
    if game == "hexal" and page.evaluate(HINT_READY):
        kinds += hexal_turn_goes_on(page)
    assert kinds or game != "hexal", action  # Hexal always offers another kind (a discard, a take back...)
    assert page.js_errors == []
    context.close()
