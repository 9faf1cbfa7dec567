"""Issue 13, point 7: each game's rules page in English, French and Swedish. A translation is
``<game>/rules.<lang>.html`` beside the game's ``rules_template`` (docs/contracts.md,
"Translations"); Hexcrement's French and Hexfolk's Swedish follow the original rule texts."""
import re

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
