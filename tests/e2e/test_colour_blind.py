"""Issue 26, point 2: "The colour-blind setting does not reach Hexal: Settings saves it, the page
config says "colour_blind": true and the body has the class, but Hexal's own "Colour-blind
colours" box stays unticked and the cards stay red and green."

Every game's table reads the player's setting through the shared page (``page.colourBlind``,
js/palette.js) and draws its colour-blind rendering: each seat's swatch in the shared seat list
carries its seat's mark (stripes, dots, ...), and each game marks what it draws in the seats'
colours (``GAME_MARKS``): Hextopia's pieces, Hexcrement's beetles, Hexfolk's buildings and
roads, HexBoard Words' player swatches; Hexal's own box starts ticked and its cards show their
colour's letter. The same table for a player without the setting shows none of it.

Per game, in headless Chromium at 1280x800 and 360x740, a table some moves into a two-person
match (``test_table_layout``'s: the game's strongest bot chooses for both). Screenshots:
``artifacts/tables/<game>-colour-blind-<width>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling
from gameplatform.players.models import Preferences
from games import registry
from tests.e2e.test_table_layout import SHOTS, _open_as, _people, _table_where_the_viewer_acts

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (360, 740)]

# The seat list's swatches: [{seat, mark}] (mark: data-pattern, or null).
SWATCHES_JS = """() => [...document.querySelectorAll("#seat-list li")].map((li) => ({
  seat: Number(li.dataset.seat), mark: li.querySelector(".seat-swatch")?.dataset.pattern ?? null,
}))"""

# Per game: how many of its seat-coloured things carry the colour-blind rendering.
GAME_MARKS = {
    "hextopia": """() => [...document.querySelectorAll("#board-slot .hx-piece-body")]
        .filter((n) => (n.getAttribute("fill") || "").startsWith("url(#seat-pattern-")).length""",
    "hexcrement": """() => [...document.querySelectorAll("#board-slot .hx-shell")]
        .filter((n) => n.style.fill.startsWith('url("#seat-pattern-')).length""",
    "hexfolk": """() => [...document.querySelectorAll("#board-slot .hf-building-body")]
        .filter((n) => (n.getAttribute("fill") || "").startsWith("url(#seat-pattern-")).length
        + document.querySelectorAll("#board-slot .hf-road-body[stroke-dasharray]").length""",
    "hexboard-words": """() => document.querySelectorAll("#hw-players .seat-swatch[data-pattern]").length""",
    "hexal": """() => (document.getElementById("hl-palette").checked ? 1 : 0)
        + document.querySelectorAll("#board-slot .hl-card-letter").length""",
}


def _marks(page, slug: str) -> tuple[list, int]:
    return page.evaluate(SWATCHES_JS), page.evaluate(GAME_MARKS[slug]) if slug in GAME_MARKS else 0


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_colour_blind_setting_reaches_the_table(browser, live_site, slug, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    users = _people(2)
    Preferences.objects.create(user=users[0], colour_blind=True)
    match = _table_where_the_viewer_acts(slug, users)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        context, page, errors = _open_as(browser, live_site.url, users[0], size)
        try:
            page.goto(f"{live_site.url}/matches/{match.pk}/")
            expect(page.locator("#conn-state")).to_have_text("Live")
            assert page.evaluate("document.body.classList.contains('colour-blind')")
            assert page.evaluate("JSON.parse(document.getElementById('match-config').textContent).colour_blind") is True
            page.screenshot(path=SHOTS / f"{slug}-colour-blind-{size[0]}.png")
            if slug == "hexal":  # the issue's own case: the table's box starts in the setting
                expect(page.locator("#hl-palette")).to_be_checked()
            swatches, game = _marks(page, slug)
            marks = [s["mark"] for s in swatches]
            assert None not in marks and len(set(marks)) == len(marks) == 2, f"{slug}: seat list {swatches}"
            if slug in GAME_MARKS:
                assert game > 0, f"{slug}: no colour-blind rendering on the table at {size}"
            assert errors == []
        finally:
            context.close()

    # The other player has no such setting: the same table, in colour only.
    context, page, errors = _open_as(browser, live_site.url, users[1], SIZES[0])
    try:
        page.goto(f"{live_site.url}/matches/{match.pk}/")
        expect(page.locator("#conn-state")).to_have_text("Live")
        swatches, game = _marks(page, slug)
        assert [s["mark"] for s in swatches] == [None, None] and game == 0, f"{slug}: {swatches}, {game}"
        if slug == "hexal":  # its own box still switches the table
            page.locator("#hl-palette").check()
            expect(page.locator("#board-slot .hl-card-letter").first).to_be_attached()
        assert errors == []
    finally:
        context.close()
