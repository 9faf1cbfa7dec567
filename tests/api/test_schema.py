"""The OpenAPI schema (/api/schema/) and its docs page (/api/docs/), served without any CDN."""
import pytest
import yaml
from django.core.management import call_command

pytestmark = pytest.mark.django_db

PATHS = [
    "/api/v1/games/", "/api/v1/matches/", "/api/v1/matches/{match_id}/",
    "/api/v1/matches/{match_id}/join/", "/api/v1/matches/{match_id}/leave/",
    "/api/v1/matches/{match_id}/start/", "/api/v1/matches/{match_id}/seats/{seat_index}/bot/",
    "/api/v1/matches/{match_id}/resume/", "/api/v1/matches/{match_id}/view/",
    "/api/v1/matches/{match_id}/legal-actions/", "/api/v1/matches/{match_id}/actions/",
    "/api/v1/matches/{match_id}/hint/",
    "/api/v1/matches/{match_id}/analysis/",
    "/api/v1/matches/{match_id}/history/", "/api/v1/matches/{match_id}/replay/",
    "/api/v1/matches/{match_id}/replay/steps/", "/api/v1/matches/{match_id}/replay/log/", "/api/v1/auth/token/",
    "/api/v1/leaderboards/{game}/", "/api/v1/members/", "/api/v1/players/{username}/", "/api/v1/players/{username}/rating-history/",
    "/api/v1/settings/",
    "/api/v1/matches/{match_id}/invitations/", "/api/v1/your-turn/",  # gameplatform/alerts
    "/api/v1/communities/", "/api/v1/communities/{slug}/",  # issue 27
    # Issue 27: a community's moderators and owners (api/communities_admin.py).
    "/api/v1/communities/{slug}/memberships/", "/api/v1/communities/{slug}/memberships/{username}/role/",
    "/api/v1/communities/{slug}/memberships/{username}/ban/", "/api/v1/communities/{slug}/memberships/{username}/unban/",
    "/api/v1/communities/{slug}/memberships/{username}/timeout/",
    "/api/v1/communities/{slug}/memberships/{username}/remove/", "/api/v1/communities/{slug}/audit/",
    "/api/v1/me/export/", "/api/v1/me/export/data/", "/api/v1/me/delete/",  # issue 27, point 5
    # Issue 28, point 6 (api/tournaments.py).
    "/api/v1/tournaments/", "/api/v1/tournaments/{tournament_id}/", "/api/v1/tournaments/{tournament_id}/register/",
    "/api/v1/tournaments/{tournament_id}/withdraw/", "/api/v1/tournaments/{tournament_id}/standings/",
]


def test_schema_lists_every_endpoint(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert sorted(schema["paths"]) == sorted(PATHS)
    action = schema["paths"]["/api/v1/matches/{match_id}/actions/"]["post"]
    assert action["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/ActionIn")
    assert set(action["responses"]) == {"200", "400", "401", "403", "404", "409", "413", "415", "429"}
    assert schema["components"]["securitySchemes"].keys() >= {"tokenAuth", "cookieAuth"}


def test_schema_is_valid_and_warning_free(tmp_path):
    """The same check as ``manage.py spectacular --validate --fail-on-warn``."""
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert "/api/v1/matches/{match_id}/view/" in out.read_text()


def test_docs_page_uses_local_static_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "cdn.jsdelivr" not in html and "unpkg" not in html
    bundle = client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert bundle.status_code == 200


def test_seat_fields_are_documented_as_indexes_from_0(client):
    """Issue 8 point 6: people read seats from 1; the API's seat fields are indexes from 0,
    and its schema says so wherever one appears."""
    schema = yaml.safe_load(client.get("/api/schema/").content)
    seats = {"SeatOut": "index", "MatchOut": "my_seat", "SnapshotOut": "seat", "LegalActionsOut": "seat",
             "ActionOut": "seat", "HistoryRecordOut": "seat"}
    components = schema["components"]["schemas"]
    for name, prop in seats.items():
        assert "from 0" in components[name]["properties"][prop].get("description", ""), (name, prop)
    assert "from 0" in components["LegalActionsOut"]["properties"]["to_act"]["description"]
    bot = schema["paths"]["/api/v1/matches/{match_id}/seats/{seat_index}/bot/"]["post"]
    assert any("from 0" in p.get("description", "") for p in bot["parameters"] if p["name"] == "seat_index")
