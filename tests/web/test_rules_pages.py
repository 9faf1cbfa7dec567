"""Rules at hand (issue 8): a rules page per registered game, public, linked from the lobby, the
create form and the match page."""
import html

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


def _rules_text(client, slug):
    """The game's own part of its rules page (the included rules_template) and the whole page."""
    body = client.get(f"/games/{slug}/rules/").content.decode()
    own = body[body.index('<div class="rules-game'):body.index('<aside class="panel rules-facts"')]
    return own, body


def _words(html):
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_hextopia_rules_explain_the_board_the_cards_and_the_score_with_pictures(client):
    """Issue 8, point 2: "a rules page per game ... written for players from the game's RULES.md
    (examples, pictures of the board where they help)": HOME, START and HEXTOPIA drawn, every
    card's move, the deal table from the engine's numbers, and how the score is counted."""
    from games.hextopia.engine.constants import HAND_SIZES, INNER_TRACK, OUTER_TRACK, QUEEN_STEPS

    own, body = _rules_text(client, "hextopia")
    text = _words(own)
    assert registry.get_engine("hextopia").ui.rules_template == "hextopia/rules.html"
    assert own.count("<svg") >= 3 and own.count("<svg") == own.count("<title")
    for word in ("HOME", "START", "HEXTOPIA", "IN-PLAY", "DEAL", "exact count", "total progress", "Examples"):
        assert word in text
    for card in ("KING", "ACE", "TWO", "THREE", "4 to 10", "QUEEN", "JACK", "JOKER"):
        assert f">{card}</th>" in own
    assert f"{QUEEN_STEPS}" in text and f"{INNER_TRACK} spaces" in text and f"{OUTER_TRACK} spaces" in text
    for players, sizes in HAND_SIZES.items():
        cell = ", then ".join(str(s) for s in sizes + sizes[-1:] * (players == 4)) if len(sizes) > 1 else str(sizes[0])
        assert f"<tr><td>{players}</td><td>{cell}</td>" in own
    assert "shared/" not in body  # the site carries its own text


def test_hexfolk_rules_explain_the_island_costs_and_cards_with_pictures(client):
    """Issue 8, point 2, for Hexfolk: the island drawn with a hex, its number, a harbor, a
    settlement, a city, a road and the robber; the costs and supplies as the engine has them."""
    from games.hexfolk.engine.rules import (
        CITIES_PER_PLAYER,
        CITY_COST,
        DEV_CARD_COST,
        RESOURCES,
        ROAD_COST,
        ROADS_PER_PLAYER,
        SETTLEMENT_COST,
        SETTLEMENTS_PER_PLAYER,
    )

    own, body = _rules_text(client, "hexfolk")
    text = _words(own)
    assert registry.get_engine("hexfolk").ui.rules_template == "hexfolk/rules.html"
    assert own.count("<svg") >= 2 and own.count("<svg") == own.count("<title")
    for word in ("harbor", "robber", "distance rule", "Longest Road", "Largest Army", "special building phase",
                 "Number tokens", "Knight", "Monopoly", "Year of plenty", "Road building", "Victory point"):
        assert word in text
    for cost in (ROAD_COST, SETTLEMENT_COST, CITY_COST, DEV_CARD_COST):
        words = " + ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n)
        assert f"<td>{words}</td>" in own, words
    assert f"{ROADS_PER_PLAYER} roads, {SETTLEMENTS_PER_PLAYER} settlements and {CITIES_PER_PLAYER} cities" in text
    assert "shared/" not in body


@pytest.mark.parametrize("language, text", [
    ("en", "Scores well every turn and, near the end, plays the turn that wins most often. Thinks for up to 1.5 s a move."),
    ("fr", "Réfléchit au plus 1,5 s par coup."),
    ("sv", "Tänker högst 0,1 s per drag."),
])
def test_the_rules_page_states_each_bot_levels_time_budget(client, language, text):
    """Issue 29, point 5: "a bot decision has a time budget per level (stated in the lobby's
    level description)"; Hexal's strong bot thinks up to 1.5 s, the others 0.1 s."""
    body = client.get("/games/hexal/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert html.unescape(text) in html.unescape(body)
