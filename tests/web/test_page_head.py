"""What every page's head says (issue 26, point 12: "/favicon.ico is a 404 on every page; no
page has a meta description"): the site's icon at /favicon.ico and in a <link rel=icon>, and a
meta description on every page, the lobby's, the rules pages' and the match pages' their own,
in the reader's language."""
import html
import re

import pytest
from django.test import Client

from games import registry

pytestmark = pytest.mark.django_db


def _description(response) -> str:
    body = response.content.decode()
    found = re.findall(r'<meta name="description" content="([^"]*)">', body)
    assert len(found) == 1, f"{len(found)} meta descriptions"
    return html.unescape(found[0])


def test_favicon_ico_answers_at_the_root(client):
    """'/favicon.ico is a 404 on every page': served (200), an icon."""
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


def test_every_page_links_the_sites_icon(client):
    body = client.get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/favicon.ico"' in body
    svg = re.search(r'<link rel="icon" id="favicon" href="([^"]+\.svg)"', body)
    assert svg, "the SVG icon js/alerts.js marks on one's turn"
    assert Client().get(svg.group(1)).status_code == 200


def test_a_page_without_its_own_description_has_the_sites(client):
    text = _description(client.get("/accounts/login/"))
    assert "hex board games" in text


def test_the_lobby_describes_the_community_and_its_games(client_for, member, tenant):
    text = _description(client_for(member).get("/"))
    assert tenant.name in text
    assert all(engine.name in text for engine in registry.all_engines())


@pytest.mark.parametrize("slug", registry.slugs())
def test_each_rules_page_describes_its_game(client, slug):
    engine = registry.get_engine(slug)
    text = _description(client.get(f"/games/{slug}/rules/"))
    assert text.startswith(f"How to play {engine.name}, for {engine.min_seats} to {engine.max_seats} players")


def test_the_match_pages_describe_the_match_in_the_readers_language(client_for, member, other_member, tenant,
                                                                    match_factory):
    match = match_factory("hexfolk", [member, other_member])
    client = client_for(member)
    assert _description(client.get(f"/matches/{match.pk}/")) == (
        f"A match of Hexfolk in {tenant.name} on Hexagora: the board, every move as it is made, the players "
        "and their clocks, and the table's chat.")
    french = _description(client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr"))
    assert french.startswith(f"Une partie de Hexfolk dans {tenant.name}")


def test_an_open_match_describes_itself(client_for, member, match_factory):
    match = match_factory("hextopia", [member, "random"], start=False)
    text = _description(client_for(member).get(f"/matches/{match.pk}/"))
    assert text.startswith("An open match of Hextopia in ")
