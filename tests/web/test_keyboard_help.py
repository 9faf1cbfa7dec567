"""Issue 31, point 5: "a short 'Playing without a mouse or a screen' page in the site (three
languages), linked from each rules page, listing each game's keys" (``/games/keyboard/``,
templates/matches/keyboard_help.html and each game's ``GameUI.keys_template``)."""
import pytest
from django.template.loader import get_template

from games import registry

pytestmark = pytest.mark.django_db

TITLES = {"en": "Playing without a mouse or a screen", "fr": "Jouer sans souris ni écran", "sv": "Spela utan mus eller skärm"}
DESCRIBE = {"en": "Describe", "fr": "Décrire", "sv": "Beskriv"}


@pytest.mark.parametrize("language", sorted(TITLES))
def test_the_page_is_public_in_three_languages_and_lists_every_games_keys(client, language):
    page = client.get("/games/keyboard/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = page.content.decode()
    assert TITLES[language] in text
    assert "<kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>D</kbd>" in text
    assert DESCRIBE[language] in text
    for slug in registry.slugs():
        engine = registry.get_engine(slug)
        assert f'id="keys-{slug}"' in text and engine.name in text
        assert f'href="/games/{slug}/rules/"' in text


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_game_declares_its_keys_and_its_rules_page_links_them(client, slug):
    engine = registry.get_engine(slug)
    assert engine.ui.keys_template, f"{slug}: no keys_template"
    get_template(engine.ui.keys_template)
    rules = client.get(f"/games/{slug}/rules/").content.decode()
    assert f'href="/games/keyboard/#keys-{slug}"' in rules


def test_the_match_page_offers_describe_and_a_live_region(client_for, member, other_member, match_factory):
    match = match_factory("hextopia", [member, other_member])
    text = client_for(member).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="describe-btn"' in text and 'aria-keyshortcuts="Alt+Shift+D"' in text
    assert 'id="announcer"' in text and 'role="log"' in text and 'aria-live="polite"' in text
    # The move log is not live itself: each move is said once, by the announcer.
    log = text[text.index('id="move-log"') - 40:text.index('id="move-log"') + 120]
    assert "aria-live" not in log
