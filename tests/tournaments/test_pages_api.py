"""Issue 28, points 4-6: the tournament pages, the REST API and the socket, with their
permissions and the communities kept apart (every new route and the socket tried from another
community)."""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from gameplatform.realtime.auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from gameplatform.tenants.models import Membership
from gameplatform.tournaments import lifecycle, services
from gameplatform.tournaments.models import Tournament
from tests.alerts.conftest import clean_layer, connect_me  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def _tournament(tenant, by, **fields) -> Tournament:
    base = dict(name="Cup", game="race", options={"target": 5}, table_size=2, rounds=2, start_when_full=True,
                max_players=2)
    return services.tournament_create(tenant=tenant, user=by, **{**base, **fields})


def _client(user, host="testserver") -> Client:
    client = Client(HTTP_HOST=host)
    client.force_login(user)
    return client


def _api(user, host="testserver") -> APIClient:
    client = APIClient(HTTP_HOST=host)
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_the_pages_from_registration_to_a_started_round(race_engine, tenant, moderator, member, other_member):
    """Point 4: the list, the page, register, the round's tables with their match links."""
    tournament = _tournament(tenant, moderator)
    page = _client(member).get("/tournaments/")
    assert page.status_code == 200 and "Cup" in page.content.decode()
    assert 'href="/tournaments/new/"' not in page.content.decode()  # players may not create here
    for person in (member, other_member):
        answer = _client(person).post(f"/tournaments/{tournament.pk}/register/")
        assert answer.status_code == 302
    lifecycle.advance(tournament.pk)
    body = _client(member).get(f"/tournaments/{tournament.pk}/").content.decode()
    table = tournament.round_set.get(number=1).tables.get()
    assert f'href="/matches/{table.match_id}/"' in body and "Round 1" in body
    live = _client(member).get(f"/tournaments/{tournament.pk}/live/")
    assert live.status_code == 200 and "Standings" in live.content.decode()
    # The table shows its tournament and round.
    assert "Round 1 · table 1" in _client(member).get(f"/matches/{table.match_id}/").content.decode()
    # The lobby and the community's page list it.
    assert "Cup" in _client(member).get("/").content.decode()


def test_the_create_form(race_engine, tenant, moderator):
    client = _client(moderator)
    assert client.get("/tournaments/new/").status_code == 200
    answer = client.post("/tournaments/new/", {
        "name": "Autumn", "game": "race", "format": "swiss", "rounds": 3, "table_size": 2, "advance": 1,
        "bye_points": 1, "time_control": "turn", "turn_seconds": "120", "round_hours": 24,
        "start_when_full": "on", "max_players": 8})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Tournament.unscoped.filter(name="Autumn", tenant=tenant).exists()
    refused = client.post("/tournaments/new/", {"name": "Bad", "game": "race", "format": "swiss", "rounds": 3,
                                                "table_size": 7, "advance": 1, "bye_points": 1,
                                                "time_control": "turn", "round_hours": 24, "max_players": 8,
                                                "start_when_full": "on"})
    assert refused.status_code == 400 and not Tournament.unscoped.filter(name="Bad").exists()


def test_players_may_not_moderate_nor_create(race_engine, tenant, moderator, member):
    tournament = _tournament(tenant, moderator)
    assert _client(member).get("/tournaments/new/").status_code == 403
    _client(member).post(f"/tournaments/{tournament.pk}/cancel/", {"reason": "x"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


def test_another_community_sees_no_tournament_by_any_route(race_engine, tenant, other_tenant, moderator,
                                                           user_factory):
    """Point 6: "the same permissions and cross-tenant isolation as matches"."""
    tournament = _tournament(tenant, moderator)
    stranger = user_factory("stranger", tenant=other_tenant, role="moderator")
    host = "elsewhere.test"
    client = _client(stranger, host)
    for path in (f"/tournaments/{tournament.pk}/", f"/tournaments/{tournament.pk}/live/"):
        assert client.get(path).status_code == 404
    for action in ("register", "withdraw", "pause", "cancel", "repair", "remove", "adjudicate"):
        assert client.post(f"/tournaments/{tournament.pk}/{action}/").status_code == 404
    assert "Cup" not in client.get("/tournaments/").content.decode()
    api = _api(stranger, host)
    for path in (f"/api/v1/tournaments/{tournament.pk}/", f"/api/v1/tournaments/{tournament.pk}/standings/"):
        answer = api.get(path)
        assert answer.status_code == 404 and answer.json()["error"] == "tournament_not_found"
    for action in ("register", "withdraw"):
        assert api.post(f"/api/v1/tournaments/{tournament.pk}/{action}/").status_code == 404
    assert api.get("/api/v1/tournaments/").json()["count"] == 0
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION and not tournament.entries.exists()


def test_the_api_lists_creates_registers_withdraws_and_shows_standings(race_engine, tenant, moderator, member,
                                                                     other_member):
    """Point 6: list, detail, register, withdraw, standings."""
    created = _api(moderator).post("/api/v1/tournaments/", {
        "name": "API cup", "game": "race", "options": {"target": 5}, "table_size": 2, "rounds": 1,
        "start_when_full": True, "max_players": 2}, format="json")
    assert created.status_code == 201, created.json()
    tid = created.json()["id"]
    assert created.json()["status"] == "registration" and "seed" not in created.json()
    refused = _api(member).post("/api/v1/tournaments/", {"name": "Mine", "game": "race", "start_when_full": True},
                                format="json")
    assert refused.status_code == 403 and refused.json()["error"] == "not_allowed"
    bad = _api(moderator).post("/api/v1/tournaments/", {"name": "X", "game": "race", "table_size": "2"},
                               format="json")
    assert bad.status_code == 400
    assert _api(member).post(f"/api/v1/tournaments/{tid}/register/").status_code == 200
    again = _api(member).post(f"/api/v1/tournaments/{tid}/register/")
    assert again.status_code == 409 and again.json()["error"] == "already_registered"
    assert _api(member).post(f"/api/v1/tournaments/{tid}/withdraw/").status_code == 200
    assert _api(member).post(f"/api/v1/tournaments/{tid}/register/").status_code == 200
    assert _api(other_member).post(f"/api/v1/tournaments/{tid}/register/").status_code == 200
    lifecycle.advance(tid)
    detail = _api(member).get(f"/api/v1/tournaments/{tid}/").json()
    assert detail["status"] == "running" and len(detail["rounds_played"]) == 1
    assert len(detail["rounds_played"][0]["tables"][0]["players"]) == 2
    standings = _api(member).get(f"/api/v1/tournaments/{tid}/standings/").json()
    assert {row["username"] for row in standings} == {"alice", "bob"}
    listed = _api(member).get("/api/v1/tournaments/?status=running").json()
    assert [t["id"] for t in listed["results"]] == [tid]
    assert _api(member).get("/api/v1/tournaments/?status=nope").status_code == 400
    assert APIClient().get("/api/v1/tournaments/").status_code == 401


@pytest.mark.django_db(transaction=True)
async def test_the_socket_says_changed_and_refuses_other_communities(race_engine, tenant, other_tenant, moderator,
                                                                     member, other_member, user_factory,
                                                                     connect_me):  # noqa: F811
    """Point 4: the standings "updating live over the WebSocket"; point 7: cross-tenant tries."""
    tournament = await database_sync_to_async(_tournament)(tenant, moderator)
    path = f"/ws/tournaments/{tournament.pk}/"
    accepted, code, sock = await connect_me(member, path=path)
    assert (accepted, code) == (True, None)
    assert sock.received == [{"type": "changed", "status": "registration", "current_round": 0}]
    await database_sync_to_async(services.tournament_register)(tenant=tenant, user=member, tournament_id=tournament.pk)
    assert await sock.recv() == {"type": "changed", "status": "registration", "current_round": 0}
    reply = await sock.request({"type": "nope"})
    assert reply["type"] == "error" and reply["field"] == "type"
    stranger = await database_sync_to_async(user_factory)("stranger", tenant=other_tenant)
    _, code, _ = await connect_me(stranger, path=path, host="elsewhere.test", origin="http://elsewhere.test")
    assert code == CLOSE_NOT_FOUND
    outsider = await database_sync_to_async(user_factory)("outsider", tenant=None)
    await database_sync_to_async(Membership.objects.filter(user=outsider).delete)()
    _, code, _ = await connect_me(outsider, path=path)
    assert code == CLOSE_FORBIDDEN
    _, code, _ = await connect_me(member, path="/ws/tournaments/999999/")
    assert code == CLOSE_NOT_FOUND


def test_a_finished_tournament_shows_its_podium_and_stays_readable(race_engine, tenant, moderator, member,
                                                                   other_member):
    """Point 4: "a finished tournament shows its podium and stays readable"."""
    tournament = _tournament(tenant, moderator, rounds=1)
    for person in (member, other_member):
        services.tournament_register(tenant=tenant, user=person, tournament_id=tournament.pk)
    lifecycle.advance(tournament.pk)
    table = tournament.round_set.get(number=1).tables.get()
    services.tournament_adjudicate(tenant=tenant, user=moderator, tournament_id=tournament.pk, table_index=0,
                                   places=[1, 2])
    lifecycle.advance(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    body = _client(member).get(f"/tournaments/{tournament.pk}/").content.decode()
    winner = member if table.players[0] == member.pk else other_member
    assert "Podium" in body and f'<span class="podium-rank">1</span> <a href="/players/{winner.username}/">' in body
    assert "Cup" in _client(member).get("/tournaments/").content.decode()  # listed under "Over"


def test_the_create_form_offers_the_community_s_rule_variants(race_engine, tenant, moderator):
    """Point 3: "creates a tournament: game, variant, ..." (a preset of the game's options)."""
    from gameplatform.matches.models import RuleVariant

    variant = RuleVariant.objects.create(tenant=tenant, game="race", name="Sprint", options={"target": 6})
    client = _client(moderator)
    assert "Sprint" in client.get("/tournaments/new/").content.decode()
    answer = client.post("/tournaments/new/", {
        "name": "Sprint cup", "game": "race", "variant": variant.pk, "format": "swiss", "rounds": 1,
        "table_size": 2, "advance": 1, "bye_points": 1, "time_control": "turn", "round_hours": 24,
        "start_when_full": "on", "max_players": 4})
    assert answer.status_code == 302
    made = Tournament.unscoped.get(name="Sprint cup")
    assert made.variant == variant and made.options["target"] == 6
