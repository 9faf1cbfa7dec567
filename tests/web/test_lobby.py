"""The lobby (/): this community's open, active and finished matches and the create form."""
from gameplatform.matches import services
from tests.web.conftest import OTHER_HOST
from tests.web.helpers import embedded_json


def test_anonymous_visitor_is_sent_to_login(db, client_for):
    response = client_for().get("/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/")


def test_lobby_lists_only_this_communitys_matches(tenant, other_tenant, make_user, client_for, alice):
    both = make_user("dora", member_of=[tenant, other_tenant])
    services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Here and now")
    services.match_create(tenant=other_tenant, user=both, game="hextopia", seats=3, title="Over there")

    here = client_for(both).get("/")
    assert here.status_code == 200
    assert "Here and now" in here.content.decode()
    assert "Over there" not in here.content.decode()

    there = client_for(both, host=OTHER_HOST).get("/")
    assert there.status_code == 200
    assert "Over there" in there.content.decode()
    assert "Here and now" not in there.content.decode()


def test_lobby_sorts_matches_into_open_active_and_finished(active_match, finished_match, tenant, carol, client_for):
    services.match_create(tenant=tenant, user=carol, game="hextopia", seats=3, title="Waiting room")
    body = client_for(carol).get("/").content.decode()
    open_part = body[body.index('id="open-h"'):body.index('id="active-h"')]
    active_part = body[body.index('id="active-h"'):body.index('id="finished-h"')]
    finished_part = body[body.index('id="finished-h"'):body.index('id="create-h"')]
    assert "Waiting room" in open_part and "Friday game" not in open_part
    assert "Friday game" in active_part and "Watch" in active_part
    assert "Bots only" in finished_part and f"/matches/{finished_match.pk}/replay/" in finished_part
    # Seats with names and bots, and the turn time.
    assert "alice" in active_part and "bob" in active_part
    assert "heuristic bot" in finished_part
    assert "Unlimited per turn" in active_part


def test_open_match_offers_join_to_others_and_open_to_its_players(open_match, alice, bob, client_for):
    join_form = f'action="/matches/{open_match.pk}/join/"'
    assert join_form in client_for(bob).get("/").content.decode()
    assert join_form not in client_for(alice).get("/").content.decode()


def test_create_form_shows_games_seats_layouts_options_and_turn_times(alice, client_for):
    response = client_for(alice).get("/")
    body = response.content.decode()
    assert '<option value="hextopia" selected>Hextopia</option>' in body
    assert 'name="opt__hextopia__jokers"' in body  # from the engine's options_schema
    for seconds in ("30", "60", "120", "300", "600", "3600", "43200", "86400", "259200", "604800"):
        assert f'<option value="{seconds}"' in body
    config = embedded_json(response, "lobby-config")
    hextopia = config["hextopia"]
    assert (hextopia["min_seats"], hextopia["max_seats"]) == (2, 6)
    assert [name for name, _ in hextopia["layouts"]["4"]] == ["none", "2v2"]
    assert [name for name, _ in hextopia["layouts"]["6"]] == ["none", "2x3", "3x2"]
    assert [name for name, _ in hextopia["layouts"]["3"]] == ["none"]


def test_lobby_of_invite_only_community_refuses_non_members(other_tenant, make_user, client_for):
    other_tenant.is_open = False
    other_tenant.save()
    outsider = make_user("outsider")
    response = client_for(outsider, host=OTHER_HOST).get("/")
    assert response.status_code == 403
    assert "invite-only" in response.content.decode()
