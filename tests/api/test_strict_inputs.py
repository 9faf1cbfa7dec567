"""Issue 24, point 8: "the API keeps its schema". A value of a JSON type the schema does not
give its field is a 400 naming the field, never coerced (``{"invite_code": 0}`` seated the
caller); every answer under /api/ is JSON, 404s included (a slug with a newline answered
Django's HTML page)."""
import json
from urllib.parse import quote

import pytest
from rest_framework import serializers

from gameplatform.api.inputs import InputSerializer, json_types
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from tests.api.schema_cases import ODD_PATH_VALUES, path_parameter_operations, wrong_type_cases

pytestmark = pytest.mark.django_db

PATH_VALUES = {"match_id": None, "seat_index": "1", "game": "race", "username": "alice", "slug": "hexagora"}
# The codes that name a malformed field: the serializers' and the action parser's.
FIELD_CODES = {"invalid", "invalid_action", "invalid_expected_version", "invalid_client_action_id"}


@pytest.fixture
def table(race_engine, tenant, alice):
    """An open 3-seat race created by alice (seats 1 and 2 free)."""
    return services.match_create(tenant=tenant, user=alice, game="race", seats=3, title="Open")


def state():
    return (list(Match.unscoped.order_by("pk").values_list("pk", "status", "version", "title", "rated")),
            list(Seat.objects.order_by("pk").values_list("pk", "user_id", "bot_kind")))


def fill(path: str, match_pk: int, **values) -> str:
    for name, value in {**PATH_VALUES, "match_id": match_pk, **values}.items():
        path = path.replace(f"{{{name}}}", quote(str(value), safe=""))
    return path


def test_an_integer_invite_code_is_refused_and_seats_nobody(api_client, table, bob):
    response = api_client(bob).post(f"/api/v1/matches/{table.pk}/join/", {"invite_code": 0}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": "invalid", "message": "invite_code: Must be a string.",
                               "field": "invite_code", "fields": {"invite_code": ["Must be a string."]}}
    assert not Seat.objects.filter(match=table, user=bob).exists()
    assert api_client(bob).post(f"/api/v1/matches/{table.pk}/join/", {"invite_code": None},
                                format="json").status_code == 200


@pytest.mark.parametrize("slug", ["a%0Ab", "%0A", "%0D", "a%01b", "%00", "%E2%80%AE", "a%20b"])
def test_a_leaderboard_slug_with_control_characters_is_the_api_s_json_404(api_client, alice, slug):
    response = api_client(alice).get(f"/api/v1/leaderboards/{slug}/")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["error"] in ("not_found", "unknown_game")


@pytest.mark.parametrize("case", wrong_type_cases(), ids=lambda case: case.id)
def test_every_body_field_refuses_every_wrong_json_type(api_client, alice, table, case):
    before = state()
    response = api_client(alice).generic(case.method, fill(case.path, table.pk), json.dumps(case.body),
                                         content_type="application/json")
    assert response.status_code == 400, (case.body, response.content)
    body = response.json()
    assert body["error"] in FIELD_CODES and body["field"] == case.field, body
    assert state() == before


def test_the_cases_cover_every_body_of_the_schema():
    covered = {(case.method, case.path) for case in wrong_type_cases()}
    assert {("POST", "/api/v1/matches/{match_id}/join/"), ("POST", "/api/v1/matches/"),
            ("POST", "/api/v1/matches/{match_id}/actions/"), ("POST", "/api/v1/auth/token/"),
            ("PATCH", "/api/v1/settings/"), ("POST", "/api/v1/matches/{match_id}/invitations/"),
            ("POST", "/api/v1/matches/{match_id}/seats/{seat_index}/bot/")} <= covered


@pytest.mark.parametrize("operation", path_parameter_operations(), ids=lambda op: f"{op[0]} {op[1]}")
def test_odd_path_parameters_get_json_answers(api_client, alice, table, operation):
    method, path, names = operation
    client = api_client(alice)
    for odd in ODD_PATH_VALUES:
        for name in names:
            target = fill(path, table.pk, **{name: odd})
            response = client.generic(method, target, b"{}", content_type="application/json")
            assert response.status_code < 500, (target, response.status_code)
            if response.status_code != 308:  # a missing slash: the same path with one
                assert response["Content-Type"] == "application/json", (target, response.status_code)
                assert response.status_code < 300 or response.json()["error"], target


def test_every_answer_under_api_is_json(api_client, alice, client):
    authed = api_client(alice)
    for method, path, status in [
        ("GET", "/api/v2/nothing/", 404), ("GET", "/api/v1/matches/1%0A2/", 404), ("DELETE", "/api/v1/games/", 405),
        ("POST", "/api/schema/", 405), ("POST", "/api/docs/", 405), ("GET", "/api/v1/matches/abc/view/", 404),
    ]:
        response = authed.generic(method, path)
        assert response.status_code == status and response["Content-Type"] == "application/json", (path, response)
        assert response.json()["error"], path
    html_only = authed.get("/api/v1/games/", HTTP_ACCEPT="text/html")
    assert html_only.status_code == 406 and html_only.json()["error"] == "not_acceptable"
    assert authed.get("/api/v1/games/", HTTP_ACCEPT="text/html,*/*;q=0.8")["Content-Type"] == "application/json"
    bad_host = client.get("/api/v1/games/", HTTP_HOST="bad host")
    assert (bad_host.status_code, bad_host.json()["error"]) == (400, "bad_request")
    # Outside /api/ the site's own pages stay.
    page = client.get("/no-such-page/%0A/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert client.get("/", HTTP_HOST="bad host")["Content-Type"].startswith("text/html")


def test_the_type_table_refuses_an_unknown_input_field():
    with pytest.raises(TypeError):
        json_types(serializers.HiddenField(default=1))

    class Sample(InputSerializer):
        count = serializers.IntegerField()
        ratio = serializers.FloatField()
        on = serializers.BooleanField()
        day = serializers.DateField()
        tags = serializers.ListField(child=serializers.CharField())

    ok = Sample(data={"count": 2.0, "ratio": 1, "on": False, "day": "2026-01-02", "tags": ["a"]})
    assert ok.is_valid(), ok.errors
    bad = Sample(data={"count": True, "ratio": "1.5", "on": 1, "day": 20260102, "tags": "a"})
    assert not bad.is_valid() and set(bad.errors) == {"count", "ratio", "on", "day", "tags"}
