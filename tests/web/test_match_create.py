"""Creating a match from the lobby form (POST /matches/new/): good input makes a match,
bad input shows form errors (400) and creates nothing, never a 500."""
import pytest

from gameplatform.matches import forms
from gameplatform.matches.models import Match, RuleVariant
from gameplatform.tenants.models import Tenant

GOOD = {"game": "hextopia", "seats": "4", "team_layout": "2v2", "turn_seconds": "120",
        "title": "Team night", "opt__hextopia__jokers": "on"}


def test_valid_form_creates_the_match_and_opens_its_page(tenant, alice, client_for):
    response = client_for(alice).post("/matches/new/", GOOD)
    match = Match.objects.for_tenant(tenant).get()
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"
    assert match.title == "Team night"
    assert match.turn_seconds == 120
    assert match.options["jokers"] is True
    assert [s.team for s in match.seats.order_by("index")] == [0, 1, 0, 1]
    assert match.seats.get(index=0).user == alice


def test_unlimited_turn_time_and_no_teams(tenant, alice, client_for):
    data = {"game": "hextopia", "seats": "3", "team_layout": "none", "turn_seconds": ""}
    assert client_for(alice).post("/matches/new/", data).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert match.turn_seconds is None
    assert match.options["jokers"] is False
    assert [s.team for s in match.seats.all()] == [None, None, None]


def test_rule_variant_of_the_game_is_applied(tenant, alice, client_for):
    variant = RuleVariant.objects.create(tenant=None, game="hextopia", name="Jokers wild", options={"jokers": True})
    data = {"game": "hextopia", "seats": "2", "team_layout": "none", "variant": str(variant.pk)}
    assert client_for(alice).post("/matches/new/", data).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert match.variant == variant
    assert match.options["jokers"] is True


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"seats": "9"}, "seats", "Select a valid choice. 9 is not one of the available choices."),
        ({"seats": "abc"}, "seats", "Select a valid choice. abc is not one of the available choices."),
        ({"seats": "2", "team_layout": "2v2"}, "team_layout",
         forms.ERR_LAYOUT.format(n=2, name="Hextopia")),
        ({"team_layout": "4v4"}, "team_layout", forms.ERR_LAYOUT.format(n=4, name="Hextopia")),
        ({"game": "chess"}, "game", "Select a valid choice. chess is not one of the available choices."),
        ({"turn_seconds": "31"}, "turn_seconds", "Select a valid choice. 31 is not one of the available choices."),
        ({"title": "x" * 81}, "title", "Ensure this value has at most 80 characters (it has 81)."),
        ({"variant": "999999"}, "variant", "Select a valid choice. That choice is not one of the available choices."),
    ],
)
def test_bad_input_shows_the_form_error_and_creates_nothing(tenant, alice, client_for, change, field, message):
    response = client_for(alice).post("/matches/new/", {**GOOD, **change})
    assert response.status_code == 400
    assert message in response.context["form"].errors[field]
    assert message.replace("'", "&#x27;") in response.content.decode()
    assert not Match.objects.for_tenant(tenant).exists()


def test_variant_of_another_game_is_refused(tenant, alice, client_for):
    variant = RuleVariant.objects.create(tenant=None, game="hexfolk", name="Short", options={})
    response = client_for(alice).post("/matches/new/", {**GOOD, "variant": str(variant.pk)})
    assert response.status_code == 400
    assert response.context["form"].errors["variant"] == [forms.ERR_VARIANT_GAME]
    assert not Match.objects.for_tenant(tenant).exists()


def test_variant_of_another_community_is_not_offered(tenant, alice, client_for):
    elsewhere = Tenant.objects.create(slug="far", name="Far", domain="far.example")
    variant = RuleVariant.objects.create(tenant=elsewhere, game="hextopia", name="Their house rule", options={})
    assert "Their house rule" not in client_for(alice).get("/").content.decode()
    response = client_for(alice).post("/matches/new/", {**GOOD, "variant": str(variant.pk)})
    assert response.status_code == 400
    assert "variant" in response.context["form"].errors
    assert not Match.objects.for_tenant(tenant).exists()


def test_empty_post_is_a_form_error_not_a_crash(tenant, alice, client_for):
    response = client_for(alice).post("/matches/new/", {})
    assert response.status_code == 400
    assert "This field is required." in response.context["form"].errors["game"]


def test_get_on_the_create_url_is_not_allowed(alice, client_for):
    assert client_for(alice).get("/matches/new/").status_code == 405


def test_anonymous_post_creates_nothing(tenant, client_for):
    response = client_for().post("/matches/new/", GOOD)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Match.objects.for_tenant(tenant).exists()
