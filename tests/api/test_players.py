"""REST API of issue 13 (points 1, 2 and 8): leaderboards, profiles, rating history, settings,
and the ``rated`` choice on matches. Bad input is a 4xx naming the field and changes nothing;
nobody shows to a community they are not in."""
import datetime

import pytest

from gameplatform.matches.models import Match
from gameplatform.players.models import Preferences
from gameplatform.tenants.models import Membership
from tests.api.support import url

pytestmark = pytest.mark.django_db


def test_leaderboard_is_paginated_best_first(finish, alice, bob, carol, api_client):
    finish([alice, bob], [2, 1])
    body = api_client(carol).get("/api/v1/leaderboards/podium/?limit=1").json()
    assert body["count"] == 2 and body["next"] and len(body["results"]) == 1
    top = body["results"][0]
    assert top["username"] == "bob" and top["position"] == 1 and top["provisional"] is True
    assert set(top) == {"game", "game_name", "rating", "mu", "sigma", "rated_games", "wins", "provisional",
                        "position", "username", "name"}
    second = api_client(carol).get("/api/v1/leaderboards/podium/?limit=1&offset=1").json()["results"]
    assert [r["username"] for r in second] == ["alice"] and second[0]["rating"] < top["rating"]


def test_leaderboard_of_an_unknown_game_is_a_404(alice, api_client):
    response = api_client(alice).get("/api/v1/leaderboards/chess/")
    assert response.status_code == 404 and response.json()["error"] == "unknown_game"


def test_profile_and_history(finish, alice, bob, carol, api_client):
    first = finish([alice, bob], [1, 2])
    second = finish([alice, bob], [2, 1])
    body = api_client(carol).get("/api/v1/players/alice/").json()
    assert body["username"] == "alice" and body["ratings"][0]["rated_games"] == 2
    assert [m["id"] for m in body["recent_matches"]] == [second.pk, first.pk]
    assert body["win_rates"] == [{"game": "podium", "game_name": "Podium (test game)", "played": 2, "wins": 1,
                                  "win_rate": 0.5}]
    history = api_client(carol).get("/api/v1/players/alice/rating-history/?game=podium").json()
    assert history["count"] == 2
    old, new = history["results"]
    assert (old["match"], new["match"]) == (first.pk, second.pk)
    assert new["rating_before"] == old["rating_after"] and new["delta"] < 0 < old["delta"]
    assert api_client(carol).get("/api/v1/players/alice/rating-history/").json()["count"] == 2


def test_history_of_an_unknown_game_is_a_400_naming_it(alice, api_client):
    response = api_client(alice).get("/api/v1/players/alice/rating-history/?game=chess")
    assert response.status_code == 400 and response.json()["field"] == "game"


def test_people_of_another_community_are_404(finish, alice, bob, user_factory, other_tenant, api_client):
    from tests.api.conftest import OTHER_HOST

    stranger = user_factory("stranger", tenant=other_tenant)
    finish([alice, bob], [1, 2])
    for path in ("/api/v1/players/stranger/", "/api/v1/players/stranger/rating-history/", "/api/v1/players/nobody/"):
        response = api_client(alice).get(path)
        assert response.status_code == 404 and response.json()["error"] == "player_not_found", path
    there = api_client(stranger, host=OTHER_HOST)
    assert there.get("/api/v1/players/alice/").status_code == 404
    assert there.get("/api/v1/leaderboards/podium/").json()["count"] == 0
    Membership.objects.create(user=alice, tenant=other_tenant)
    body = there.get("/api/v1/players/alice/").json()
    assert body["ratings"] == [] and body["recent_matches"] == []  # nothing of the other community


def test_settings_get_and_patch(alice, api_client, tenant):
    client = api_client(alice)
    assert client.get("/api/v1/settings/").json()["vacation_days_per_year"] == 14
    until = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    response = client.patch("/api/v1/settings/", {"language": "fr", "colour_blind": True, "vacation_until": until},
                            format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["language"], body["colour_blind"], body["vacation_until"], body["vacation_days_left"]) == (
        "fr", True, until, 12)
    assert client.patch("/api/v1/settings/", {"vacation_until": None}, format="json").json()["vacation_until"] is None


@pytest.mark.parametrize("body, field", [
    ({"language": "de"}, "language"),
    ({"colour_blind": "yes"}, "colour_blind"),
    ({"high_contrast": "on"}, "high_contrast"),
    ({"browser_notifications": 1}, "browser_notifications"),
    ({"email_notifications": "hourly"}, "email_notifications"),
    ({"vacation_until": "tomorrow"}, "vacation_until"),
    ({"vacation_until": "2001-02-03"}, "vacation_until"),
    ({"vacation_until": "2999-02-03"}, "vacation_until"),
    ({"theme": "dark"}, "theme"),
    ({"language": "fr", "vacation_until": "2001-02-03"}, "vacation_until"),
])
def test_bad_settings_are_a_400_naming_the_field_and_change_nothing(alice, api_client, tenant, body, field):
    response = api_client(alice).patch("/api/v1/settings/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field, response.json()
    assert not Preferences.objects.exists()
    assert Membership.objects.get(user=alice, tenant=tenant).vacation_until is None


def test_settings_body_must_be_an_object(alice, api_client):
    response = api_client(alice).patch("/api/v1/settings/", [1, 2], format="json")
    assert response.status_code == 400


@pytest.mark.parametrize("rated, stored", [(True, True), (False, False), (None, None)])
def test_a_match_is_created_rated_unrated_or_by_default(alice, api_client, rated, stored):
    response = api_client(alice).post(url(), {"game": "hextopia", "seats": 2, "rated": rated}, format="json")
    assert response.status_code == 201
    assert response.json()["rated"] is stored and Match.unscoped.get().rated is stored


@pytest.mark.parametrize("rated", ["yes", 1, "true", [], {}])
def test_rated_must_be_a_boolean_or_null(alice, api_client, rated):
    response = api_client(alice).post(url(), {"game": "hextopia", "seats": 2, "rated": rated}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "rated"
    assert not Match.unscoped.exists()


def test_anonymous_callers_get_401(api_client):
    for path in ("/api/v1/leaderboards/hextopia/", "/api/v1/players/alice/", "/api/v1/settings/"):
        assert api_client().get(path).status_code == 401


def test_high_contrast_is_a_setting_of_the_api(api_client, alice):
    """Issue 31, point 4: the high-contrast choice, beside the colour-blind palette."""
    client = api_client(alice)
    assert client.get("/api/v1/settings/").json()["high_contrast"] is False
    assert client.patch("/api/v1/settings/", {"high_contrast": True}, format="json").json()["high_contrast"] is True
    assert client.get("/api/v1/settings/").json()["high_contrast"] is True
