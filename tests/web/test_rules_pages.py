"""Rules at hand (issue 8): a rules page per registered game, public, linked from the lobby, the
create form and the match page."""
import pytest

from games import registry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_game_has_a_public_rules_page(client, slug):
    engine = registry.get_engine(slug)
    page = client.get(f"/games/{slug}/rules/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"How to play {engine.name}" in text
    for kind in engine.bots():
        assert kind.capitalize() in text
    if engine.ui.rules_template:
        assert "has no rules page of its own" not in text


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/games/chess/rules/").status_code == 404


def test_the_lobby_the_form_and_the_match_page_link_the_rules(client_for, member, other_member, match_factory):
    client = client_for(member)
    lobby = client.get("/").content.decode()
    for slug in registry.slugs():
        assert lobby.count(f'href="/games/{slug}/rules/"') >= 2  # the lobby's list and the form
    match = match_factory("hextopia", [member, other_member])
    assert 'href="/games/hextopia/rules/"' in client.get(f"/matches/{match.pk}/").content.decode()
