"""Issue 10, point 2 (the lobby side): "players 2-8, target score 50-200 (default 100),
personal stack (rules 14-15, off by default), turn time as for every game; rule variants in
the admin can preset them." Through the lobby page, its form, the admin and the REST API; the
options come from the engine's schema.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from gameplatform.matches.models import Match, RuleVariant
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_moderator
from tests.web.helpers import embedded_json

pytestmark = pytest.mark.django_db

OPT = "opt__hexal__"
GOOD = {"game": "hexal", "seats": "5", "team_layout": "none", "turn_seconds": "120", "title": "Cards night",
        f"{OPT}target_score": "150", f"{OPT}personal_stack": "on"}


def test_the_lobby_offers_hexal_with_its_options(user_factory, client_for):
    response = client_for(user_factory()).get("/")
    body = response.content.decode()
    assert '<option value="hexal">Hexal Classic</option>' in body
    fieldset = body[body.index('data-game-options="hexal"'):].split("</fieldset>")[0]
    assert "<legend>Hexal Classic options</legend>" in fieldset
    assert re.search(rf'<input type="number" name="{OPT}target_score" value="100" min="50" max="200"', fieldset)
    assert f'type="checkbox" name="{OPT}personal_stack"' in fieldset and "checked" not in fieldset
    assert "Target score" in fieldset and "Personal stack" in fieldset
    assert "draws from it before the deck" in fieldset  # the schema's description, as help
    config = embedded_json(response, "lobby-config")["hexal"]
    assert (config["name"], config["min_seats"], config["max_seats"]) == ("Hexal Classic", 2, 8)
    assert all([name for name, _ in layouts] == ["none"] for layouts in config["layouts"].values())


def test_the_form_creates_a_match_with_the_chosen_options(tenant, user_factory, client_for):
    alice = user_factory()
    response = client_for(alice).post("/matches/new/", GOOD)
    assert response.status_code == 302, response.context and response.context["form"].errors
    match = Match.objects.for_tenant(tenant).get()
    assert (match.game, match.turn_seconds, match.seats.count()) == ("hexal", 120, 5)
    assert match.options == {"target_score": 150, "personal_stack": True}
    page = client_for(alice).get(f"/matches/{match.pk}/").content.decode()
    assert "Target score: 150, Personal stack" in page


@pytest.mark.parametrize(("change", "field", "message"), [
    ({f"{OPT}target_score": "201"}, f"{OPT}target_score", "Ensure this value is less than or equal to 200."),
    ({f"{OPT}target_score": "49"}, f"{OPT}target_score", "Ensure this value is greater than or equal to 50."),
    ({f"{OPT}target_score": "lots"}, f"{OPT}target_score", "Enter a whole number."),
    ({"seats": "9"}, "seats", "Select a valid choice. 9 is not one of the available choices."),
    ({"seats": "1"}, "seats", "Select a valid choice. 1 is not one of the available choices."),
])
def test_bad_options_show_the_form_error_and_create_nothing(tenant, user_factory, client_for, change, field, message):
    response = client_for(user_factory()).post("/matches/new/", {**GOOD, **change})
    assert response.status_code == 400
    assert message in response.context["form"].errors[field]
    assert not Match.objects.for_tenant(tenant).exists()


def test_a_rule_variant_presets_the_options(tenant, user_factory, client_for):
    variant = RuleVariant.objects.create(tenant=None, game="hexal", name="Quick with stacks",
                                         options={"target_score": 50, "personal_stack": True})
    lobby = client_for(user_factory()).get("/").content.decode()
    assert re.search(rf'<option value="{variant.pk}" data-game="hexal"[^>]*>Quick with stacks</option>', lobby)
    data = {"game": "hexal", "seats": "3", "team_layout": "none", "variant": str(variant.pk),
            f"{OPT}target_score": "200"}  # the preset decides, whatever the form says
    assert client_for(user_factory()).post("/matches/new/", data).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert match.variant == variant
    assert match.options == {"target_score": 50, "personal_stack": True}


def test_the_admin_checks_a_variant_with_the_engine(tenant, client):
    admin_sign_in(client, make_moderator("mod-hexal", tenant))
    data = {"tenant": tenant.pk, "game": "hexal", "name": "Marathon", "description": "", "is_active": "on"}
    url = reverse("admin:matches_rulevariant_add")
    response = client.post(url, {**data, "options": '{"target_score": 250}'})
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["options"]
    assert len(errors) == 1 and errors[0].startswith("target_score: ")
    response = client.post(url, {**data, "options": '{"personal_stack": "yes"}'})
    assert response.status_code == 200 and response.context["adminform"].form.errors["options"][0].startswith("personal_stack: ")
    response = client.post(url, {**data, "options": '{"target_score": 200, "personal_stack": true}'})
    assert response.status_code == 302
    assert RuleVariant.objects.get(game="hexal").options == {"target_score": 200, "personal_stack": True}


def test_the_api_creates_a_hexal_match_with_options(tenant, user_factory, api_for):
    api = api_for(user_factory())
    games = {g["slug"]: g for g in api.get("/api/v1/games/").json()}
    assert games["hexal"]["name"] == "Hexal Classic"
    answer = api.post("/api/v1/matches/", {"game": "hexal", "seats": 8, "options": {"target_score": 75}}, format="json")
    assert answer.status_code == 201, answer.content
    match = Match.objects.for_tenant(tenant).get()
    assert (match.options, match.seats.count()) == ({"target_score": 75, "personal_stack": False}, 8)
    bad = api.post("/api/v1/matches/", {"game": "hexal", "seats": 2, "options": {"target_score": 10}}, format="json")
    assert bad.status_code == 400 and "target_score" in (bad.json().get("field") or "") + bad.json()["message"]
