"""Issue 8, points 1 and 7, at the end of a match: every game's finished table and the last
step of its replay, in headless Chromium at 1280x800, 1366x768 and 360x740, keep their parts
apart and the board in view.

For each registered game a 2-seat match is played to the end on the server by the game's
strongest bot for both seats (through ``submit_action``). Then, on the match page and on the
replay's last step (the End key):

- no two parts of the table (``#table``'s children: banner, notes, board slot, hand or replay
  controls, information tabs) overlap, nor two parts of the board slot, and each of these
  parts that does not scroll holds all it draws;
- the board's content fits its box (``.board-wrap``: nothing of it drawn over what follows);
- while a summary shows below the board (``.board-summary``, docs/contracts.md), the board
  keeps its own height or 70% of its slot (18rem at least): it does not give way to a
  thumbnail; and what it draws fills that height (no empty strip of more than 24 px under it).

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
from tests.e2e.test_table_layout import SHOTS, SIZES, _open_as, _people, bot_move, started_match

pytestmark = pytest.mark.browser

MAX_MOVES = 5000
BOARD_SHARE = 0.7  # of the slot, as static/css/site.css gives it under a .board-summary
BOARD_MIN_PX = 18 * 16

# What is wrong with the table as drawn: a list of sentences (empty: nothing).
TROUBLE_JS = r"""([share, minPx]) => {
  const EMPTY_PX = 24;
  const out = [];
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => { const r = box(e); return r.width > 0 && r.height > 0; };
  const name = (e) => e.id ? `#${e.id}` : `.${[...e.classList].join(".")}`;
  const overlap = (a, b) => {
    const p = box(a), q = box(b);
    return Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
  };
  for (const parent of [document.getElementById("table"), document.getElementById("board-slot")]) {
    const parts = [...parent.children].filter(shown);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++)
        if (overlap(parts[i], parts[j])) out.push(`${name(parts[i])} and ${name(parts[j])} overlap`);
    // A part that does not scroll holds all it draws.
    for (const part of parts)
      if (getComputedStyle(part).overflowY === "visible" && part.scrollHeight > part.clientHeight + 1)
        out.push(`${name(part)} draws ${part.scrollHeight} px in a box of ${part.clientHeight} px`);
  }
  const slot = document.getElementById("board-slot");
  const wrap = slot.querySelector(":scope > .board-wrap");
  if (wrap.scrollHeight > wrap.clientHeight + 1)
    out.push(`the board's content (${wrap.scrollHeight} px) overflows its box (${wrap.clientHeight} px)`);
  const summary = slot.querySelector(":scope > .board-summary:not([hidden])");
  const need = Math.min(slot.clientHeight, Math.max(share * slot.clientHeight, minPx));
  if (summary && box(wrap).height < need - 1)
    out.push(`the board is ${Math.round(box(wrap).height)} px high under the summary, not ${Math.round(need)}`);
  // ... and its drawing fills that height: no empty strip under it.
  const drawn = [...wrap.children].filter(shown).map((e) => box(e).bottom);
  const empty = box(wrap).bottom - parseFloat(getComputedStyle(wrap).paddingBottom) - Math.max(...drawn);
  if (summary && empty > EMPTY_PX)
    out.push(`the board leaves ${Math.round(empty)} px empty under its drawing`);
  return out;
}"""


def _finished(slug: str, users) -> Match:
    """A match of ``slug`` for ``users`` played to the end by the game's strongest bot."""
    tenant = tenant_default()
    engine = registry.get_engine(slug)
    match = started_match(slug, users, turn_seconds=None, title="End table")
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
    users = _people(max(engine.min_seats, 2))
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
            assert page.evaluate(TROUBLE_JS, [BOARD_SHARE, BOARD_MIN_PX]) == [], f"{slug} finished at {size}"

            page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
            expect(page.locator("#rp-step")).to_have_text(re.compile(r"^Step \d+ of \d+$"))
            page.keyboard.press("End")
            expect(page.locator("#rp-step")).to_have_text(re.compile(r"^Step (\d+) of \1$"))
            page.wait_for_timeout(300)
            page.screenshot(path=SHOTS / f"{slug}-replay-end-{width}.png")
            assert page.evaluate(TROUBLE_JS, [BOARD_SHARE, BOARD_MIN_PX]) == [], f"{slug} replay at {size}"
            assert errors == []
        finally:
            context.close()
