"""Help says what to do, not which device to do it with (issue 31's tryout: "Some help lines
still say 'Click'"). A player with a keyboard, a screen reader or a phone chooses; nobody but a
mouse user clicks. So no game's text (its catalogues' English, its rules pages in three
languages) tells the player to click; the platform's "one click" (a single action) is not an
instruction and may stay."""
from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
CLICK = {"en": re.compile(r"\bclick", re.I), "fr": re.compile(r"\bcliqu", re.I), "sv": re.compile(r"\bklick", re.I)}


@pytest.mark.parametrize("catalogue", sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("games/*/locale/*/LC_MESSAGES/*.po")))
def test_no_game_text_says_click(catalogue):
    lang = Path(catalogue).parts[3]
    found = []
    for entry in polib.pofile(str(ROOT / catalogue)):
        if entry.obsolete:
            continue
        for text, pattern in ((entry.msgid, CLICK["en"]), (entry.msgid_plural, CLICK["en"]), (entry.msgstr, CLICK[lang]),
                              *((s, CLICK[lang]) for s in entry.msgstr_plural.values())):
            if text and pattern.search(text):
                found.append(text)
    assert found == [], found


@pytest.mark.parametrize("page", sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("games/*/templates/*/rules*.html")))
def test_no_rules_page_says_click(page):
    lang = {"fr": "fr", "sv": "sv"}.get(page.rsplit(".", 2)[-2], "en")
    text = re.sub(r"<[^>]+>", " ", (ROOT / page).read_text(encoding="utf-8"))
    assert not CLICK[lang].search(text), [line.strip() for line in text.splitlines() if CLICK[lang].search(line)]
