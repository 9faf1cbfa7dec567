"""Issue 26, points 3 and 10, on every game's finished table (headless Chromium, at 1280x800,
1366x768 and 360x740):

- point 3: "Hexcrement's result table contradicts the ranking: the winner shows 'Score 1',
  second place 'Score 2' (dung cards held). Every game's result column must say what it
  counts, and the ranking must read as a ranking." The score column is named by the game
  (``engine.score_column``: "Dung cards carried"...), the rows read "1st", "2nd"... in rank
  order, each value is the result's, the winners rank first, and the other seats rank by the
  value the way the column says (a note says how the winners are found where the value alone
  does not);
- point 10: "Words' help line still says 'Click it, then an open Z on a word-card'; nothing on a
  finished table invites an action." Every help line of the game (``[data-table-help]``, the
  hand's ``#hand-hint``) gives way to one that says the match is over, and "What next?" offers
  the replay, the rematch, a new match and the lobby; with them in, the layout checker
  (tests/e2e/layout_check.py) finds nothing: the ranking whole, the actions and the status
  banner neither overlapping nor overflowing.

Each game's match is played to its end on the server by its strongest bot for two people, in
the game's quick-start variant (its shortest). Screenshots: ``artifacts/tables/<game>-over-<width>.png``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling
from games import registry
from tests.e2e.layout_check import assert_layout
from tests.e2e.test_table_end import _finished
from tests.e2e.test_table_layout import SHOTS, SIZES, _open_as, _people

pytestmark = pytest.mark.browser

# What each game's result counts (a game to come may keep the default, "Points").
SCORE_LABELS = {
    "hextopia": "Progress of the pieces",
    "hexcrement": "Dung cards carried",
    "hexal": "Total points",
    "hexfolk": "Victory points",
    "hexboard-words": "Word-cards held",
}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}

# The result table as shown: [{rank, seat, value}] in the table's order.
ROWS_JS = """() => [...document.querySelectorAll("#result-body tr")].map((tr) => ({
  rank: tr.cells[0].textContent, seat: Number(tr.dataset.seat), name: tr.cells[1].textContent, value: tr.cells[tr.cells.length - 1].textContent,
}))"""

# True when `selector`'s element is in the viewport and not covered (in view without scrolling).
IN_VIEW_JS = """(selector) => {
  const n = document.querySelector(selector);
  const r = n.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(at && (at === n || n.contains(at)));
}"""

# The help lines of the table: [{text, visible, over}] (over: the shared line of the end).
HELP_JS = """() => [...document.querySelectorAll("[data-table-help], #hand-hint, [data-table-over]")].map((n) => ({
  id: n.id, text: n.textContent.trim(), visible: n.checkVisibility(), over: n.hasAttribute("data-table-over"),
}))"""


def _number(text: str) -> float:
    return float(text)


def _check_ranking(rows, result: dict, column, slug: str) -> None:
    """Point 3: ordinals in rank order, the result's values, the winners first and the others
    ranked by the value the way the column says."""
    ranks, scores, winners = result["ranks"], result["scores"], result.get("winners", [])
    assert [r["rank"] for r in rows] == [ORDINALS[ranks[r["seat"]]] for r in rows], rows
    assert [ranks[r["seat"]] for r in rows] == sorted(ranks), f"{slug}: not in rank order: {rows}"
    for r in rows:
        assert _number(r["value"]) == scores[r["seat"]], r
        assert (" · winner" in r["name"]) == (r["seat"] in winners), r
    for w in winners:
        assert ranks[w] == 1
    sign = 1 if column.higher_is_better else -1
    ranked = [r["seat"] for r in rows if column.note == "" or r["seat"] not in winners]
    for a in ranked:
        for b in ranked:
            if ranks[a] < ranks[b]:
                assert sign * scores[a] > sign * scores[b], f"{slug}: rank {ranks[a]} has {scores[a]}, rank {ranks[b]} {scores[b]}"
            if ranks[a] == ranks[b]:
                assert scores[a] == scores[b]


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_finished_table_ranks_by_what_it_counts_and_offers_what_next(browser, live_site, slug, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    engine = registry.get_engine(slug)
    users = _people(2)
    match = _finished(slug, users, options=engine.quick_start_options())
    column = engine.score_column(match.options)
    label = SCORE_LABELS.get(slug, column.label)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        context, page, errors = _open_as(browser, live_site.url, users[0], size)
        try:
            page.goto(f"{live_site.url}/matches/{match.pk}/")
            expect(page.locator("#status-banner")).to_have_text(re.compile(r"^Finished: "))
            page.wait_for_timeout(300)
            page.screenshot(path=SHOTS / f"{slug}-over-{size[0]}.png")
            # Point 3: the column names what it counts; the ranking reads as one and agrees.
            assert page.locator("#result-panel [data-score-head]").text_content() == label
            note = page.locator("#result-panel [data-score-note]")
            if column.note:
                expect(note).to_have_text(column.note)
            else:
                expect(note).to_be_hidden()
            _check_ranking(page.evaluate(ROWS_JS), match.result, column, slug)

            # Point 10: the help lines say the match is over; what next is offered.
            lines = page.evaluate(HELP_JS)
            game_lines = [line for line in lines if not line["over"]]
            assert game_lines, f"{slug}: no help line"
            assert not [line for line in game_lines if line["visible"]], f"{slug}: a help line still helps: {lines}"
            shown = [line for line in lines if line["over"] and line["visible"]]
            assert shown and all(line["text"].startswith("The match is over: ") for line in shown), lines
            assert "replay" in shown[0]["text"] and "rematch" in shown[0]["text"]
            for control in ("#next-replay", "#rematch-btn", "#next-new", "#next-lobby"):
                expect(page.locator(control)).to_be_visible()
            assert page.evaluate(IN_VIEW_JS, "#next-replay"), f"{slug} at {size}: the replay is not offered in view"
            expect(page.locator("#next-replay")).to_have_attribute("href", f"/matches/{match.pk}/replay/")
            assert_layout(page, f"{slug} over at {size}")
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], "the page scrolls sideways"
            assert errors == []
        finally:
            context.close()
