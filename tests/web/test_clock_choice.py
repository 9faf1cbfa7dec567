"""Issue 13, point 4 in the lobby and on the match page: the clock is chosen with the match
(time per turn, a Fischer bank with increment, days per move); each field's bad value is a
400 naming the field and creates nothing; the match page and its snapshot carry every seat's
time."""
import pytest

from gameplatform.matches import services
from gameplatform.matches.models import Match
from tests.web.helpers import embedded_json

BASE = {"game": "hextopia", "seats": "2", "team_layout": "none"}


def test_a_fischer_clock_from_the_lobby(tenant, alice, client_for):
    data = {**BASE, "time_control": "fischer", "bank_minutes": "15", "increment_seconds": "10",
            "turn_seconds": "120", "days_per_move": "oops"}  # the other clocks' fields do not count
    assert client_for(alice).post("/matches/new/", data).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert (match.time_control, match.bank_minutes, match.increment_seconds) == ("fischer", 15, 10)
    assert (match.turn_seconds, match.days_per_move) == (None, None)


def test_days_per_move_from_the_lobby(tenant, alice, client_for):
    data = {**BASE, "time_control": "correspondence", "days_per_move": "5", "bank_minutes": "0"}
    assert client_for(alice).post("/matches/new/", data).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert (match.time_control, match.days_per_move, match.bank_minutes) == ("correspondence", 5, None)


def test_without_a_clock_choice_it_is_time_per_turn(tenant, alice, client_for):
    assert client_for(alice).post("/matches/new/", {**BASE, "turn_seconds": "60"}).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert (match.time_control, match.turn_seconds) == ("turn", 60)


@pytest.mark.parametrize("change, field", [
    ({"time_control": "blitz"}, "time_control"),
    ({"time_control": "fischer", "bank_minutes": "0"}, "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": "181"}, "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": "ten"}, "bank_minutes"),
    ({"time_control": "fischer", "increment_seconds": "-1"}, "increment_seconds"),
    ({"time_control": "fischer", "increment_seconds": "121"}, "increment_seconds"),
    ({"time_control": "correspondence", "days_per_move": "0"}, "days_per_move"),
    ({"time_control": "correspondence", "days_per_move": "31"}, "days_per_move"),
    ({"time_control": "correspondence", "days_per_move": "1.5"}, "days_per_move"),
])
def test_a_bad_clock_field_is_refused_naming_it(tenant, alice, client_for, change, field):
    response = client_for(alice).post("/matches/new/", {**BASE, **change})
    assert response.status_code == 400
    assert response.context["form"].errors[field]
    assert not Match.objects.for_tenant(tenant).exists()


def test_the_hourglass_game_refuses_another_clock_on_its_field(tenant, alice, client_for):
    data = {"game": "hexboard-words", "seats": "2", "team_layout": "none", "time_control": "fischer"}
    response = client_for(alice).post("/matches/new/", data)
    assert response.status_code == 400
    assert "hourglass" in response.context["form"].errors["time_control"][0]


def test_the_match_page_and_snapshot_carry_every_seat_s_time(tenant, alice, make_user, client_for):
    bob = make_user("bob")
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, time_control="fischer",
                                  bank_minutes=5, increment_seconds=3)
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    page = client_for(alice).get(f"/matches/{match.pk}/")
    html = page.content.decode()
    assert "Fischer clock: 5 min + 3 s per turn" in html
    assert 'id="seat-clocks"' in html
    snap = embedded_json(page, "match-snapshot")
    assert [r["index"] for r in snap["clocks"]["seats"]] == [0, 1]
    assert sorted(r["running"] for r in snap["clocks"]["seats"]) == [False, True]
    assert embedded_json(page, "match-config")["clock_words"] == {"vacation": "on vacation"}
    lobby = client_for(bob).get("/").content.decode()
    assert "Fischer clock: 5 min + 3 s per turn" in lobby
