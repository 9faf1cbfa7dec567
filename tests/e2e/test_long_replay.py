"""A long match in the browser (issue 14): the replay page stays small and fetches its steps as
the viewer moves (stepping, the slider, playing, the keys, "View as", the log scrolled to an
end), and the match page shows the latest moves and loads older ones on demand.

The match is a 4-seat Hexfolk match given 1,200 random moves the way bench/history_scaling.py
builds its matches, then marked finished. Screenshots: ``artifacts/e2e/long-replay-<width>.png``
and ``long-match-log-<width>.png``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from bench.history_scaling import match_build
from gameplatform.matches import selectors
from gameplatform.matches.models import Match
from games.registry import get_engine

from .conftest import ARTIFACTS
from .test_games_help import page_for, people

pytestmark = pytest.mark.browser

MOVES = 1200
SIZES = ((1280, 800), (360, 740))
NOT_LOADING = "() => !['Loading…', ''].includes(document.getElementById('rp-text').textContent)"


def hand_at(match: Match, step: int, seat: int) -> dict:
    """``engine.view(state after step moves, seat)["hand"]``, replayed here from the seed."""
    engine = get_engine(match.game)
    state = engine.setup(match.options, selectors._specs(match), match.seed)
    for by, action in match.moves.order_by("seq").values_list("seat", "action")[:step]:
        state, _ = engine.apply(state, by, action)
    return engine.view(state, seat)["hand"]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_long_replay_fetches_its_steps_as_the_viewer_moves(browser, live_site, width, height):
    users = people()
    match = match_build(MOVES, users)
    Match.unscoped.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    match = Match.unscoped.get(pk=match.pk)
    last = MOVES
    context, page = page_for(browser, live_site, users[0], width, height)
    asked = []
    page.on("request", lambda r: "/replay/" in r.url and "/api/" in r.url and asked.append(r.url))

    # The page itself: the summary only, whatever the length.
    response = page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
    assert len(response.body()) < 20_000
    expect(page.locator("#rp-step")).to_have_text(f"Step {last} of {last}")  # Hexfolk starts at the end
    page.wait_for_function(NOT_LOADING)
    api = f"{live_site.url}/api/v1/matches/{match.pk}/replay/"
    # The last step's view, and the log's lines of it and of the 30 before (two chunks here).
    assert sorted(asked) == sorted([f"{api}steps/?start=1200&count=1", f"{api}log/?start=1000&count=200",
                                    f"{api}log/?start=1200&count=1"]), asked

    # The keys: Home, then End; the log follows the step shown.
    page.keyboard.press("Home")
    expect(page.locator("#rp-step")).to_have_text(f"Step 0 of {last}")
    page.wait_for_function(NOT_LOADING)
    expect(page.locator("#rp-text")).to_have_text("The island is laid out.")
    page.keyboard.press("End")
    expect(page.locator("#rp-step")).to_have_text(f"Step {last} of {last}")
    page.wait_for_function(NOT_LOADING)
    if width >= 960:
        expect(page.locator("#move-log li.current")).to_be_in_viewport()
    assert int(page.locator("#move-log li.current").get_attribute("data-step")) <= last

    # The slider to the middle, then a few steps on: one window of views serves them.
    middle = 600
    page.locator("#rp-slider").fill(str(middle))
    expect(page.locator("#rp-step")).to_have_text(f"Step {middle} of {last}")
    page.wait_for_function(NOT_LOADING)
    asked.clear()
    for k in range(1, 4):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#rp-step")).to_have_text(f"Step {middle + k} of {last}")
        page.wait_for_function(NOT_LOADING)
    assert len([u for u in asked if "/steps/" in u]) <= 1, asked
    assert page.locator("#move-log li.current").get_attribute("data-step") is not None

    # Playing goes on by itself, fetching ahead.
    page.locator("#rp-play").click()
    page.wait_for_function(f"() => window.hexagora.replay.source.views.size && "
                           f"Number(document.getElementById('rp-slider').value) >= {middle + 12}", timeout=30_000)
    page.locator("#rp-play").click()
    expect(page.locator("#rp-play")).to_have_text("Play")
    at = int(page.locator("#rp-slider").input_value())

    # As carol saw it: her hand, as the engine has it at that step.
    page.locator("#rp-view-as").select_option("2")
    page.wait_for_function(NOT_LOADING)
    hand = page.locator("#hf-replay-hand")
    expect(hand).to_contain_text("Hand of carol:")
    expected = hand_at(match, at, 2)
    chips = hand.locator(".hf-chip").all_inner_texts()
    assert chips == [f"{expected[r]} {r}" for r in ("lumber", "brick", "wool", "grain", "ore")]

    # The log scrolled to its top fetches the chunk before.
    if width < 960:
        page.locator("#tab-moves").click()
    lines = page.locator("#move-log li").count()
    lo = page.evaluate("window.hexagora.replay.source.lo")
    assert lo > 0
    page.evaluate("for (const b of [document.getElementById('move-log'), document.getElementById('info-moves')]) b.scrollTop = 0")
    page.wait_for_function(f"() => window.hexagora.replay.source.lo < {lo}")
    assert page.locator("#move-log li").count() > lines
    page.screenshot(path=ARTIFACTS / f"long-replay-{width}.png")
    assert page.js_errors == []

    # The match page: the latest moves, older ones on demand.
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    shown = page.locator("#move-log li")
    expect(shown.first).to_be_attached()
    before = shown.count()
    assert 0 < before <= selectors.HISTORY_RECENT  # a move the game words as nothing has no line
    if width < 960:
        page.locator("#tab-moves").click()
    page.locator("#log-earlier").click()
    page.wait_for_function(f"() => document.querySelectorAll('#move-log li').length > {before + 50}")
    expect(page.locator("#log-earlier")).to_be_visible()
    assert re.match(r".+", shown.first.inner_text())
    page.screenshot(path=ARTIFACTS / f"long-match-log-{width}.png")
    assert page.js_errors == []
    context.close()
