"""The open match page and its forms: join, leave, add a bot, start. Refusals come back as a
message on the match page (a redirect), never a 500, and change nothing."""
import re

from django.contrib.messages import get_messages

from gameplatform.matches import services
from gameplatform.matches.models import Match
from gameplatform.web import matches as views


def _messages(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_open_page_shows_seats_share_link_and_creator_controls(open_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{open_match.pk}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert f"http://testserver/matches/{open_match.pk}/" in body  # share link
    assert f'action="/matches/{open_match.pk}/start/"' in body
    assert f'action="/matches/{open_match.pk}/seats/1/bot/"' in body
    # The strongest level is chosen first; each option says what the level is (issue 8).
    assert re.search(r'<option value="heuristic" title="Weighs every move[^"]*" selected>Heuristic bot</option>', body)
    # ... and how long it may think a move (issue 29, point 5).
    # (then, issue 30 point 2, its measured strength where the ladder rated it)
    assert re.search(r'<option value="random" title="Plays any legal move at random. Thinks for up to 0.1 s a '
                     r'move.[^"]*">Random bot</option>', body)
    assert "alice" in body and "free" in body


def test_others_see_join_but_no_creator_controls(open_match, bob, client_for):
    body = client_for(bob).get(f"/matches/{open_match.pk}/").content.decode()
    assert f'action="/matches/{open_match.pk}/join/"' in body
    assert f'action="/matches/{open_match.pk}/start/"' not in body
    assert "/bot/" not in body


def test_join_then_leave(open_match, bob, client_for):
    c = client_for(bob)
    response = c.post(f"/matches/{open_match.pk}/join/")
    assert response.status_code == 302 and response["Location"] == f"/matches/{open_match.pk}/"
    assert _messages(response) == [views.JOINED]
    assert open_match.seats.get(index=1).user == bob
    assert "Leave seat" in c.get(f"/matches/{open_match.pk}/").content.decode()

    response = c.post(f"/matches/{open_match.pk}/leave/")
    assert _messages(response) == [views.LEFT]
    assert open_match.seats.get(index=1).user is None


def test_join_a_full_match_is_refused_with_a_message(open_match, bob, carol, client_for):
    services.match_join(tenant=open_match.tenant, user=bob, match_id=open_match.pk)
    response = client_for(carol).post(f"/matches/{open_match.pk}/join/")
    assert response.status_code == 302
    assert _messages(response) == [services.MATCH_FULL]
    assert not open_match.seats.filter(user=carol).exists()


def test_creator_leaving_calls_the_match_off(open_match, alice, client_for):
    c = client_for(alice)
    response = c.post(f"/matches/{open_match.pk}/leave/")
    assert _messages(response) == [views.CALLED_OFF]
    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ABORTED
    page = c.get(f"/matches/{open_match.pk}/")
    assert page.status_code == 200
    assert "called off" in page.content.decode()
    assert "/start/" not in page.content.decode()


def test_creator_adds_a_bot(open_match, alice, client_for):
    response = client_for(alice).post(f"/matches/{open_match.pk}/seats/1/bot/", {"kind": "random"})
    assert response.status_code == 302
    assert _messages(response) == [views.BOT_ADDED.format(kind="random", seat=2)]
    assert open_match.seats.get(index=1).bot_kind == "random"


def test_unknown_bot_kind_is_refused(open_match, alice, client_for):
    response = client_for(alice).post(f"/matches/{open_match.pk}/seats/1/bot/", {"kind": "alphazero"})
    assert response.status_code == 302
    assert _messages(response) == ["Choose a bot: random, heuristic."]
    assert open_match.seats.get(index=1).bot_kind == ""


def test_bot_in_a_seat_that_does_not_exist_is_refused(open_match, alice, client_for):
    response = client_for(alice).post(f"/matches/{open_match.pk}/seats/7/bot/", {"kind": "random"})
    assert response.status_code == 302
    assert _messages(response) == [services.SEAT_INDEX_INVALID]


def test_only_the_creator_adds_bots(open_match, bob, client_for):
    response = client_for(bob).post(f"/matches/{open_match.pk}/seats/1/bot/", {"kind": "random"})
    assert _messages(response) == [services.NOT_CREATOR]
    assert open_match.seats.get(index=1).bot_kind == ""


def test_start_needs_every_seat_filled(open_match, alice, client_for):
    response = client_for(alice).post(f"/matches/{open_match.pk}/start/")
    assert _messages(response) == [services.SEATS_NOT_FILLED]
    open_match.refresh_from_db()
    assert open_match.status == Match.Status.OPEN


def test_creator_starts_a_full_match_and_gets_the_table(open_match, alice, bob, client_for):
    services.match_join(tenant=open_match.tenant, user=bob, match_id=open_match.pk)
    c = client_for(alice)
    assert _messages(client_for(bob).post(f"/matches/{open_match.pk}/start/")) == [services.NOT_CREATOR]
    response = c.post(f"/matches/{open_match.pk}/start/")
    assert _messages(response) == [views.STARTED]
    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ACTIVE
    page = c.get(f"/matches/{open_match.pk}/")
    assert 'id="board"' in page.content.decode()


def test_seat_forms_refuse_get(open_match, alice, client_for):
    c = client_for(alice)
    for url in ("join", "leave", "start", "seats/1/bot"):
        assert c.get(f"/matches/{open_match.pk}/{url}/").status_code == 405


def test_quick_play_fill_bots_and_rematch_from_the_pages(client_for, member, other_member, tenant, match_factory):
    """Issue 8, "Lobby flow": the lobby's one-click match against bots, the open page's "fill
    empty seats with bots" (the level chooser says what each level is), the end screen's
    rematch."""
    from gameplatform.matches import services
    from gameplatform.matches.models import Match, Seat

    client = client_for(member)
    lobby = client.get("/").content.decode()
    assert 'data-quick-game="hexfolk"' in lobby
    response = client.post("/matches/quick/", {"game": "hextopia"})
    quick = Match.unscoped.filter(created_by=member).latest("pk")
    assert response.status_code == 302 and response["Location"] == f"/matches/{quick.pk}/"
    assert quick.status == Match.Status.ACTIVE
    assert client.post("/matches/quick/", {"game": "chess"}).status_code == 302  # a message, no match
    assert Match.unscoped.filter(created_by=member).count() == 1

    match = services.match_create(tenant=tenant, user=member, game="hextopia", seats=3)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Fill the 2 empty seats with bots" in page and "Weighs every move" in page
    client.post(f"/matches/{match.pk}/fill-bots/", {"kind": "heuristic"})
    assert list(Seat.objects.filter(match=match).order_by("index").values_list("bot_kind", flat=True)) == [
        "", "heuristic", "heuristic"]

