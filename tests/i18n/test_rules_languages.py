"""Issue 13, point 7: each game's rules page in English, French and Swedish. A translation is
``<game>/rules.<lang>.html`` beside the game's ``rules_template`` (docs/contracts.md,
"Translations"); Hexcrement's French and Hexfolk's Swedish follow the original rule texts."""
import re
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.test import Client

from games.registry import all_engines

pytestmark = pytest.mark.django_db

ENGINES = [e for e in all_engines() if e.ui.rules_template]


def rules_page(slug: str, language: str) -> str:
    page = Client().get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    return page.content.decode()


def text_of(html: str) -> str:
    article = html.split('class="panel rules-text"', 1)[1].split("</article>", 1)[0]
    article = re.sub(r"<svg.*?</svg>", "", article, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@pytest.mark.parametrize("language", ["fr", "sv"])
def test_every_rules_page_has_its_translation(engine, language):
    stem = engine.ui.rules_template.rsplit(".", 1)[0]
    get_template(f"{stem}.{language}.html")  # raises when missing
    html = rules_page(engine.slug, language)
    assert f'<article class="panel rules-text" lang="{language}">' in html
    english = text_of(rules_page(engine.slug, "en"))
    translated = text_of(html)
    assert translated != english
    # The same headings, pictures and figures as the English page: a translation, not a summary.
    for tag in ("<h2", "<figure", "<svg", "<table", "<li"):
        assert html.count(tag) == rules_page(engine.slug, "en").count(tag), (engine.slug, language, tag)


@pytest.mark.parametrize(("slug", "language", "phrase"), [
    ("hexcrement", "fr", "Faites une course ! Prenez un tour supplémentaire"),
    ("hexcrement", "fr", "Le sol se déplace sous vos pieds."),
    ("hexfolk", "sv", "Avståndsregeln</strong> gäller alltid, även vid grundläggningen"),
    ("hexfolk", "sv", "Den som bygger en längre väg tar över poängen"),
])
def test_the_originals_wording_is_used(slug, language, phrase):
    assert phrase in rules_page(slug, language)


def test_the_page_around_the_rules_is_translated_too():
    html = rules_page("hextopia", "sv")
    assert "Så spelar du Hextopia" in html and "I korthet" in html
    assert "Stark" in html or "Heuristisk" in html  # the bots' names, from the engine, translated


INCLUDE = re.compile(r'\{%\s*include\s+"([^"]+)"')
INLINE_PICTURES = re.compile(r"<(svg|table|figure|style)[\s>]")


def page_sources(engine) -> dict[str, str]:
    """The template source of the game's rules page in each language, by language code."""
    stem = engine.ui.rules_template.rsplit(".", 1)[0]
    names = {"en": engine.ui.rules_template, "fr": f"{stem}.fr.html", "sv": f"{stem}.sv.html"}
    return {code: get_template(name).template.source for code, name in names.items()}


def shared_parts(engine) -> list[str]:
    """The figure, table and style includes of the page: the templates of ``<game>/rules/``."""
    stem = engine.ui.rules_template.rsplit(".", 1)[0]
    folder = Path(get_template(engine.ui.rules_template).origin.name).with_suffix("")
    return sorted(f"{stem}/{path.name}" for path in folder.glob("*.html"))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_figures_and_tables_are_shared_by_the_three_languages(engine):
    """Issue 25, point 5: a figure or table is one include in ``<game>/rules/``, used by the
    English, French and Swedish pages alike (its words go through ``translate``), so the three
    cannot drift apart; the pages hold prose only."""
    sources = page_sources(engine)
    parts = shared_parts(engine)
    assert parts, f"{engine.slug}: no figure or table in {engine.ui.rules_template.rsplit('.', 1)[0]}/"
    used = {code: INCLUDE.findall(source) for code, source in sources.items()}
    assert used["fr"] == used["en"] and used["sv"] == used["en"], (engine.slug, used)
    assert sorted(set(used["en"])) == parts, (engine.slug, "every shared part is used", used["en"], parts)
    for code, source in sources.items():
        inline = INLINE_PICTURES.findall(source)
        assert not inline, f"{engine.slug} ({code}) draws a {inline[0]} itself: make it an include of its rules/ folder"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_a_shared_figure_speaks_the_pages_language(engine):
    """The words of a shared figure or table come from the catalogue: the French and Swedish
    pages show none of the English ones (titles, labels, captions, cells)."""
    english = rules_page(engine.slug, "en")
    for part in shared_parts(engine):
        words = [w for w in re.findall(r'\{% translate "([^"]+)"', get_template(part).template.source)
                 if len(w) > 12]
        for code in ("fr", "sv"):
            html = rules_page(engine.slug, code)
            for phrase in words:
                assert phrase in english and phrase not in html, (engine.slug, part, code, phrase)


def test_hexals_drawn_figures_speak_the_pages_language_too():
    """Hexal's figures are drawn in Python (games/hexal/pictures.py, ``{% hexal_figure %}``):
    their accessible names and labels come from the catalogue as well."""
    english, french, swedish = (rules_page("hexal", code) for code in ("en", "fr", "sv"))
    assert "+3 this card" in english and "+3 cette carte" in french and "+3 detta kort" in swedish
    assert 'aria-label="Six cartes : cercle rouge 1' in french and 'aria-label="Sex kort: röd cirkel 1' in swedish
    assert "Six cards:" not in french + swedish and "this card" not in french + swedish
