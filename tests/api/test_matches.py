"""The lobby endpoints: games/, matches/ (list, create), matches/<id>/ and its join/, leave/,
start/ and seats/<i>/bot/."""
import pytest

from gameplatform.matches import selectors, services
from gameplatform.matches.models import Match, Seat
from games.registry import get_engine
from tests.api.support import url

pytestmark = pytest.mark.django_db


def test_games_catalogue(api_client, alice):
    response = api_client(alice).get("/api/v1/games/")
    assert response.status_code == 200
    hextopia = next(g for g in response.json() if g["slug"] == "hextopia")
    engine = get_engine("hextopia")
    assert hextopia["name"] == "Hextopia"
    assert (hextopia["min_seats"], hextopia["max_seats"]) == (2, 6)
    assert hextopia["options_schema"] == engine.options_schema()
    assert set(hextopia["team_layouts"]) == {"2", "3", "4", "5", "6"}
    assert hextopia["team_layouts"]["4"]["2v2"] == [0, 1, 0, 1]
    assert hextopia["team_layouts"]["3"]["none"] == [None, None, None]
    assert set(hextopia["bot_kinds"]) == {"random", "heuristic"}


def test_create_match(api_client, alice, tenant):
    response = api_client(alice).post(
        url(), {"game": "hextopia", "seats": 4, "team_layout": "2v2", "title": "Friday", "turn_seconds": 60},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    match = Match.objects.for_tenant(tenant).get(pk=body["id"])
    assert match.created_by == alice and match.turn_seconds == 60
    assert body["game"] == "hextopia" and body["title"] == "Friday" and body["status"] == "open"
    assert body["my_seat"] == 0 and body["created_by"] == "alice" and body["version"] == 0
    assert [s["team"] for s in body["seats"]] == [0, 1, 0, 1]
    assert body["seats"][0]["name"] == "alice" and body["seats"][1]["name"] == ""
    assert body["seed"] is None and body["seed_commitment"] == "" and body["result"] is None
    assert body["options"] == match.options


@pytest.mark.parametrize(
    "payload, code, field",
    [
        ({"game": "chess", "seats": 2}, "unknown_game", "game"),
        ({"game": "hextopia", "seats": 17}, "invalid", "seats"),
        ({"game": "hextopia", "seats": 7}, "invalid_seats", "seats"),
        ({"game": "hextopia", "seats": 3, "team_layout": "2v2"}, "invalid_team_layout", "team_layout"),
        ({"game": "hextopia", "seats": 2, "turn_seconds": 5}, "invalid_turn_seconds", "turn_seconds"),
        ({"game": "hextopia", "seats": 2, "options": {"jokers": "yes"}}, "invalid_options", "options.jokers"),
        ({"game": "hextopia", "seats": 2, "options": [1]}, "invalid", "options"),
        ({"seats": 2}, "invalid", "game"),
    ],
)
def test_create_match_refuses_bad_fields(api_client, alice, tenant, payload, code, field):
    response = api_client(alice).post(url(), payload, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == code and response.json()["field"] == field
    assert not Match.objects.for_tenant(tenant).exists()


def test_create_match_messages_come_from_the_service(api_client, alice):
    response = api_client(alice).post(url(), {"game": "hextopia", "seats": 2, "turn_seconds": 5}, format="json")
    assert response.json() == {
        "error": "invalid_turn_seconds", "message": services.TURN_SECONDS_INVALID, "field": "turn_seconds",
    }


def test_list_matches_with_filters(api_client, alice, bob, match_factory):
    active = match_factory("hextopia", [alice, "random"])
    open_ = match_factory("hextopia", [alice, bob], start=False)
    client = api_client(bob)
    everything = client.get(url()).json()
    assert everything["count"] == 2
    assert [m["id"] for m in everything["results"]] == [open_.pk, active.pk]  # newest first
    assert everything["results"][0]["my_seat"] == 1 and everything["results"][1]["my_seat"] is None
    only_open = client.get(url(), {"status": "open"}).json()
    assert [m["id"] for m in only_open["results"]] == [open_.pk]
    assert client.get(url(), {"game": "hextopia", "status": "active"}).json()["count"] == 1
    assert client.get(url(), {"limit": 1, "offset": 1}).json()["results"][0]["id"] == active.pk


@pytest.mark.parametrize("query, code", [({"status": "won"}, "invalid_status"), ({"game": "chess"}, "unknown_game")])
def test_list_matches_refuses_bad_filters(api_client, alice, query, code):
    response = api_client(alice).get(url(), query)
    assert response.status_code == 400 and response.json()["error"] == code


def test_list_shows_only_this_tenants_matches(api_client, alice, other_tenant, user_factory, match_factory):
    outsider = user_factory("olga", tenant=other_tenant)
    match_factory("hextopia", [outsider, "random"], tenant=other_tenant)
    mine = match_factory("hextopia", [alice, "random"])
    assert [m["id"] for m in api_client(alice).get(url()).json()["results"]] == [mine.pk]


def test_match_detail(api_client, alice, carol, match_factory):
    match = match_factory("hextopia", [alice, "heuristic"])
    body = api_client(carol).get(url(match.pk)).json()
    assert body["id"] == match.pk and body["status"] == "active" and body["version"] == match.version
    assert body["my_seat"] is None
    assert body["seats"][1] == {
        "index": 1, "name": "heuristic bot", "is_bot": True, "bot_kind": "heuristic", "team": None,
        "takeover": False,
    }
    assert body["seed_commitment"] == match.seed_commitment and body["seed"] is None
    assert "state" not in body


def test_unknown_match_is_404(api_client, alice):
    response = api_client(alice).get(url(987654))
    assert response.status_code == 404
    assert response.json() == {"error": "match_not_found", "message": selectors.MATCH_NOT_FOUND}


def test_join_and_leave(api_client, alice, bob, match_factory):
    match = match_factory("hextopia", [alice, "random", "random"], start=False)
    Seat.objects.filter(match=match, index=2).update(bot_kind="")
    client = api_client(bob)
    joined = client.post(url(match.pk, "join/"), {}, format="json")
    assert joined.status_code == 200 and joined.json()["my_seat"] == 2
    again = client.post(url(match.pk, "join/"), format="json")
    assert again.status_code == 409 and again.json()["error"] == "already_seated"
    left = client.post(url(match.pk, "leave/"), format="json")
    assert left.status_code == 204
    assert Seat.objects.get(match=match, index=2).user is None


def test_join_a_full_match_is_409(api_client, alice, bob, carol, match_factory):
    match = match_factory("hextopia", [alice, bob], start=False)
    response = api_client(carol).post(url(match.pk, "join/"), format="json")
    assert response.status_code == 409
    assert response.json() == {"error": "match_full", "message": services.MATCH_FULL}


def test_leave_after_the_start_is_409(api_client, alice, match_factory):
    match = match_factory("hextopia", [alice, "random"])
    response = api_client(alice).post(url(match.pk, "leave/"), format="json")
    assert response.status_code == 409 and response.json()["error"] == "match_not_open"


def test_add_bots_then_start(api_client, alice):
    client = api_client(alice)
    match_id = client.post(url(), {"game": "hextopia", "seats": 3}, format="json").json()["id"]
    not_yet = client.post(url(match_id, "start/"), format="json")
    assert not_yet.status_code == 409
    assert not_yet.json() == {"error": "seats_not_filled", "message": services.SEATS_NOT_FILLED}
    for index, kind in ((1, "random"), (2, "heuristic")):
        response = client.post(url(match_id, f"seats/{index}/bot/"), {"kind": kind}, format="json")
        assert response.status_code == 200, response.content
        assert response.json()["seats"][index]["bot_kind"] == kind
    started = client.post(url(match_id, "start/"), format="json")
    assert started.status_code == 200
    body = started.json()
    assert body["status"] == "active" and len(body["seed_commitment"]) == 64 and body["seed"] is None
    assert body["started_at"] is not None


@pytest.mark.parametrize(
    "index, payload, status, code",
    [
        (5, {"kind": "random"}, 400, "invalid_seat_index"),
        (-1, {"kind": "random"}, 400, "invalid_seat_index"),
        (1, {"kind": "grandmaster"}, 400, "unknown_bot_kind"),
        (1, {}, 400, "invalid"),
        (0, {"kind": "random"}, 200, None),  # the creator may hand their own seat to a bot
    ],
)
def test_seat_bot_refusals(api_client, alice, index, payload, status, code):
    client = api_client(alice)
    match_id = client.post(url(), {"game": "hextopia", "seats": 2}, format="json").json()["id"]
    response = client.post(url(match_id, f"seats/{index}/bot/"), payload, format="json")
    assert response.status_code == status
    if code:
        assert response.json()["error"] == code


def test_only_the_creator_adds_bots_and_starts(api_client, alice, bob, match_factory):
    match = match_factory("hextopia", [alice, bob], start=False)
    client = api_client(bob)
    for tail, payload in (("seats/1/bot/", {"kind": "random"}), ("start/", {})):
        response = client.post(url(match.pk, tail), payload, format="json")
        assert response.status_code == 403
        assert response.json() == {"error": "not_creator", "message": services.NOT_CREATOR}
    assert Match.unscoped.get(pk=match.pk).status == "open"


def test_an_empty_kind_removes_the_bot(api_client, alice):
    client = api_client(alice)
    match_id = client.post(url(), {"game": "hextopia", "seats": 2}, format="json").json()["id"]
    client.post(url(match_id, "seats/1/bot/"), {"kind": "random"}, format="json")
    response = client.post(url(match_id, "seats/1/bot/"), {"kind": ""}, format="json")
    assert response.status_code == 200
    assert response.json()["seats"][1] == {
        "index": 1, "name": "", "is_bot": False, "bot_kind": "", "team": None, "takeover": False,
    }
