"""Issue 8, points 1 and 7, and issue 26, point 1, at the end of a match: every game's finished
table and the last step of its replay, in headless Chromium at 1280x800, 1366x768 and 360x740,
keep their parts apart, every panel whole and the board in view.

For each registered game a match of up to four seats (a full seat list is the harder layout)
is played to the end on the server by the game's strongest bot for every seat (through
``submit_action``), however long it lasts (the bound is the conformance suite's,
``MAX_ACTIONS``, which every game's playouts meet). Then, on the match page and on the replay's
last step (the End key), the layout checker (tests/e2e/layout_check.py) finds nothing:

- no two parts of the table (``#table``'s children: banner, notes, board slot, hand or replay
  controls, information tabs) overlap, nor two parts of the board slot, and each of these
  parts that does not scroll holds all it draws; the board's content fits its ``.board-wrap``;
- while a summary shows below the board (``.board-summary``, docs/contracts.md), the board
  keeps its own height or 70% of its slot (18rem at least) and its drawing fills that height;
- no panel overflows sideways or is clipped, nothing lies over a control or text, and every
  seat of the players list is whole (issue 26: "On the finished table Bot 2's 'Longest Road ·
  Largest Army' line is half hidden under the tab bar").

Screenshots: ``artifacts/tables/<game>-end-<width>.png`` and ``<game>-replay-end-<width>.png``.
"""
from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match
from gameplatform.tenants.selectors import tenant_default
from games import registry
from tests.e2e.layout_check import assert_layout
from tests.e2e.test_table_layout import SEATS, SHOTS, SIZES, _open_as, _people, bot_move, started_match
from tests.games.test_conformance import MAX_ACTIONS as MAX_MOVES

pytestmark = pytest.mark.browser


def _finished(slug: str, users, options: dict | None = None) -> Match:
    """A match of ``slug`` (with ``options``) for ``users`` played to the end by the game's
    strongest bot."""
    tenant = tenant_default()
    engine = registry.get_engine(slug)
    match = started_match(slug, users, turn_seconds=None, title="End table", options=options)
    bot = list(engine.bots().values())[-1]()
    rng = random.Random(8)
    for _ in range(MAX_MOVES):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        seat, action = bot_move(engine, engine.decode(match.state), bot, rng)
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                               tenant=tenant, user=users[seat])
    raise AssertionError(f"{slug} did not end within {MAX_MOVES} moves")


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_end_of_a_match_keeps_the_board_and_the_summary_apart(browser, live_site, slug, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    engine = registry.get_engine(slug)
    users = _people(max(engine.min_seats, min(SEATS, engine.max_seats)))
    match = _finished(slug, users)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        width = size[0]
        context, page, errors = _open_as(browser, live_site.url, users[0], size)
        try:
            page.goto(f"{live_site.url}/matches/{match.pk}/")
            expect(page.locator("#status-banner")).to_have_text(re.compile(r"^Finished: "))
            page.wait_for_timeout(300)  # the game's page draws its summary from the snapshot
            page.screenshot(path=SHOTS / f"{slug}-end-{width}.png")
            assert_layout(page, f"{slug} finished at {size}")

            page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
            expect(page.locator("#rp-step")).to_have_text(re.compile(r"^Step \d+ of \d+$"))
            page.keyboard.press("End")
            expect(page.locator("#rp-step")).to_have_text(re.compile(r"^Step (\d+) of \1$"))
            page.wait_for_timeout(300)
            page.screenshot(path=SHOTS / f"{slug}-replay-end-{width}.png")
            assert_layout(page, f"{slug} replay at {size}")
            assert errors == []
        finally:
            context.close()
