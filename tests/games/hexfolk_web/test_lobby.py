"""Issue 3, point 3: "Lobby options: players 2-8, victory points 8-15, map, turn time 30 s to
unlimited, friendly robber, robber off, longest road off, largest army off, discard limit;
rule variants in the admin can preset any of them." Through the lobby page, its form, the
REST API and the admin.
"""
from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from gameplatform.matches.models import Match, RuleVariant
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.board import load_map, map_slugs
from games.hexfolk.engine.engine import map_labels
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_moderator
from tests.web.helpers import embedded_json

pytestmark = pytest.mark.django_db

OPT = "opt__hexfolk__"
GOOD = {"game": "hexfolk", "seats": "3", "team_layout": "none", "turn_seconds": "60", "title": "Island night",
        f"{OPT}victory_points": "12", f"{OPT}map": "lagoon", f"{OPT}friendly_robber": "on",
        f"{OPT}largest_army_off": "on", f"{OPT}discard_limit": "9"}


def test_the_lobby_offers_hexfolk_with_every_option(user_factory, client_for):
    response = client_for(user_factory()).get("/")
    body = response.content.decode()
    assert '<option value="hexfolk">Hexfolk</option>' in body
    assert re.search(rf'<input type="number" name="{OPT}victory_points" value="10" min="8" max="15"', body)
    assert re.search(rf'<input type="number" name="{OPT}discard_limit" value="7" min="4" max="20"', body)
    for flag in ("friendly_robber", "robber_off", "longest_road_off", "largest_army_off"):
        assert f'type="checkbox" name="{OPT}{flag}"' in body
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>',
                         body[body.index(f'name="{OPT}map"'):].split("</select>")[0])
    values = [v for v, _ in options]
    assert values == list(dict.fromkeys(["standard", *map_slugs()]))  # each map once, standard first
    labels = dict(options)
    assert html.unescape(labels["lagoon"]) == "Small lagoon: 12 hexes, 2-3 players"
    assert html.unescape(labels["jatteland"]) == "Jatteland: 61 hexes, 5-8 players"
    assert labels["standard"].startswith("Standard island: 19, 30 or 44 hexes")
    config = embedded_json(response, "lobby-config")["hexfolk"]
    assert (config["min_seats"], config["max_seats"]) == (2, 8)
    assert all([name for name, _ in layouts] == ["none"] for layouts in config["layouts"].values())


def test_every_map_label_names_its_size_and_player_range():
    labels = map_labels()
    for slug in map_slugs():
        spec = load_map(slug)
        if slug != "standard":
            assert f"{len(spec.hexes)} hexes, {spec.players[0]}-{spec.players[1]} players" in labels[slug]


def test_the_form_creates_a_match_with_the_chosen_options(tenant, user_factory, client_for):
    alice = user_factory()
    response = client_for(alice).post("/matches/new/", GOOD)
    assert response.status_code == 302, response.context and response.context["form"].errors
    match = Match.objects.for_tenant(tenant).get()
    assert (match.game, match.turn_seconds, match.seats.count()) == ("hexfolk", 60, 3)
    assert match.options == {"victory_points": 12, "map": "lagoon", "friendly_robber": True, "robber_off": False,
                             "longest_road_off": False, "largest_army_off": True, "discard_limit": 9,
                             "turn_limit": 0}
    page = client_for(alice).get(f"/matches/{match.pk}/").content.decode()
    # In the schema's order, whatever order the database hands the options back in; only what
    # differs from the defaults, in words without double negatives (issue 8).
    lagoon = html.escape(map_labels()["lagoon"])
    assert f"Victory points: 12, Map: {lagoon}, Friendly robber, Largest Army off, Discard limit: 9" in page


@pytest.mark.parametrize(("change", "field", "message"), [
    ({f"{OPT}victory_points": "16"}, f"{OPT}victory_points", "Ensure this value is less than or equal to 15."),
    ({f"{OPT}victory_points": "7"}, f"{OPT}victory_points", "Ensure this value is greater than or equal to 8."),
    ({f"{OPT}discard_limit": "x"}, f"{OPT}discard_limit", "Enter a whole number."),
    ({f"{OPT}map": "atlantis"}, f"{OPT}map", "Select a valid choice. atlantis is not one of the available choices."),
    ({"seats": "6"}, "seats", E.MAP_SEATS),  # the lagoon is for 2-3 players
    ({"seats": "9"}, "seats", "Select a valid choice. 9 is not one of the available choices."),
    ({"team_layout": "2v2"}, "team_layout", "This team layout does not fit 3 players of Hexfolk; choose one of the offered layouts."),
])
def test_bad_options_show_the_form_error_and_create_nothing(tenant, user_factory, client_for, change, field, message):
    response = client_for(user_factory()).post("/matches/new/", {**GOOD, **change})
    assert response.status_code == 400
    assert message in response.context["form"].errors[field]
    assert not Match.objects.for_tenant(tenant).exists()


def test_a_rule_variant_presets_the_options(tenant, user_factory, client_for):
    variant = RuleVariant.objects.create(tenant=None, game="hexfolk", name="Calm island",
                                         options={"victory_points": 8, "robber_off": True, "longest_road_off": True})
    data = {"game": "hexfolk", "seats": "4", "team_layout": "none", "variant": str(variant.pk)}
    assert client_for(user_factory()).post("/matches/new/", data).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert match.variant == variant
    assert (match.options["victory_points"], match.options["robber_off"], match.options["longest_road_off"]) == (8, True, True)


def test_the_admin_checks_a_variant_with_the_engine(tenant, client):
    admin_sign_in(client, make_moderator("mod-hexfolk", tenant))
    data = {"tenant": tenant.pk, "game": "hexfolk", "name": "Long game", "description": "", "is_active": "on"}
    url = reverse("admin:matches_rulevariant_add")
    response = client.post(url, {**data, "options": '{"victory_points": 16}'})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["options"] == [f"victory_points: {E.OPTION_VICTORY_POINTS}"]
    response = client.post(url, {**data, "options": '{"victory_points": 15, "map": "jatteland", "discard_limit": 9}'})
    assert response.status_code == 302
    assert RuleVariant.objects.get(game="hexfolk").options["map"] == "jatteland"


def test_the_api_creates_a_hexfolk_match_with_options(tenant, user_factory, api_for):
    api = api_for(user_factory())
    games = {g["slug"]: g for g in api.get("/api/v1/games/").json()}
    assert "hexfolk" in games
    answer = api.post("/api/v1/matches/", {"game": "hexfolk", "seats": 5, "options": {"map": "fjordland",
                                                                                         "robber_off": True}},
                      format="json")
    assert answer.status_code == 201, answer.content
    match = Match.objects.for_tenant(tenant).get()
    assert (match.options["map"], match.options["robber_off"], match.seats.count()) == ("fjordland", True, 5)
    bad = api.post("/api/v1/matches/", {"game": "hexfolk", "seats": 2, "options": {"map": "jatteland"}}, format="json")
    assert bad.status_code == 400 and bad.json()["message"] == E.MAP_SEATS
