"""The live match page (/matches/<id>/): the board and log for everyone in the community,
the hand only for its owner (checked in the JSON the page embeds), 404 across communities."""
import pytest

from gameplatform.matches.models import Match
from games.registry import get_engine
from tests.web.conftest import OTHER_HOST
from tests.web.helpers import embedded_json, private_hand_seats, walk


def _hands(match):
    engine = get_engine("hextopia")
    state = engine.decode(match.state)
    return [engine.view(state, s)["hand"] for s in (0, 1)]


def test_seat_owner_sees_own_hand_only(active_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{active_match.pk}/")
    assert response.status_code == 200
    snapshot = embedded_json(response, "match-snapshot")
    history = embedded_json(response, "match-history")
    mine, theirs = _hands(active_match)
    assert snapshot["seat"] == 0
    assert snapshot["view"]["hand"] == mine
    # No other seat's cards anywhere: no hand key on seats, no other seat's "hand" event.
    assert all("hand" not in s and "cards" not in s for s in snapshot["view"]["seats"])
    assert private_hand_seats(snapshot) <= {0}
    assert private_hand_seats(history) <= {0}
    assert 0 in private_hand_seats(history)  # the setup's deal of my own cards is in my log
    assert 'id="hand-panel"' in response.content.decode()


def test_the_other_player_sees_their_own_hand(active_match, bob, client_for):
    snapshot = embedded_json(client_for(bob).get(f"/matches/{active_match.pk}/"), "match-snapshot")
    assert snapshot["seat"] == 1
    assert snapshot["view"]["hand"] == _hands(active_match)[1]
    assert private_hand_seats(snapshot) <= {1}


def test_spectator_sees_board_and_log_but_no_hand(active_match, carol, client_for):
    response = client_for(carol).get(f"/matches/{active_match.pk}/")
    body = response.content.decode()
    snapshot = embedded_json(response, "match-snapshot")
    history = embedded_json(response, "match-history")
    assert response.status_code == 200
    assert snapshot["seat"] is None
    assert "hand" not in snapshot["view"]
    assert snapshot["legal_actions"] == [] and snapshot["view"]["moves"] == []
    assert private_hand_seats(snapshot) == set() and private_hand_seats(history) == set()
    assert 'id="board"' in body and 'id="move-log"' in body
    assert 'id="hand-panel"' not in body


def test_seed_is_committed_while_active_and_never_shown(active_match, carol, client_for):
    response = client_for(carol).get(f"/matches/{active_match.pk}/")
    body = response.content.decode()
    snapshot = embedded_json(response, "match-snapshot")
    assert snapshot["seed"] is None
    assert active_match.seed_commitment in body
    assert str(active_match.seed) not in body
    assert not any("seed" in d and d["seed"] is not None for d in walk(snapshot))


def test_finished_match_reveals_the_seed_with_how_to_verify(finished_match, carol, client_for):
    response = client_for(carol).get(f"/matches/{finished_match.pk}/")
    body = response.content.decode()
    assert embedded_json(response, "match-snapshot")["seed"] == str(finished_match.seed)
    assert f"printf 'hexagora-seed:%s' {finished_match.seed} | sha256sum" in body
    assert 'of the text <code>hexagora-seed:</code> followed by the seed in decimal' in body
    assert finished_match.seed_commitment in body
    assert f'href="/matches/{finished_match.pk}/replay/"' in body


def test_page_config_carries_the_csrf_token_for_the_http_fallback(active_match, alice, client_for):
    config = embedded_json(client_for(alice).get(f"/matches/{active_match.pk}/"), "match-config")
    assert config["match"] == active_match.pk and config["game"] == "hextopia"
    assert len(config["csrf_token"]) >= 32


def test_another_communitys_match_is_not_found(active_match, other_tenant, make_user, client_for):
    stranger = make_user("stranger", member_of=[other_tenant])
    c = client_for(stranger, host=OTHER_HOST)
    for url in ("", "replay/"):
        assert c.get(f"/matches/{active_match.pk}/{url}").status_code == 404
    assert c.post(f"/matches/{active_match.pk}/join/").status_code == 404
    assert c.post(f"/matches/{active_match.pk}/seats/1/bot/", {"kind": "random"}).status_code == 404


def test_anonymous_visitor_is_sent_to_login(active_match, client_for):
    for url in (f"/matches/{active_match.pk}/", f"/matches/{active_match.pk}/replay/"):
        response = client_for().get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    response = client_for().post(f"/matches/{active_match.pk}/join/")
    assert response.status_code == 302
    assert Match.objects.for_tenant(active_match.tenant).get().seats.filter(user__isnull=True).count() == 0


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/matches/999999/", 404),
        ("/matches/0/", 400),
        ("/matches/abc/", 404),
        ("/matches/-1/", 404),
        ("/matches/99999999999999999999999/", 404),
        ("/matches/999999/replay/", 404),
        ("/matches/1/seats/abc/bot/", 404),
    ],
)
def test_bad_ids_are_4xx_not_500(db, alice, client_for, url, status):
    assert client_for(alice).get(url).status_code == status


def test_bad_ids_in_posts_are_4xx_not_500(db, alice, client_for):
    c = client_for(alice)
    assert c.post("/matches/999999/join/").status_code == 404
    assert c.post("/matches/999999/seats/0/bot/", {"kind": "random"}).status_code == 404
    assert c.post("/matches/0/start/").status_code == 302  # refused with a message


def test_a_player_whose_seat_was_handed_to_a_bot_can_take_it_back(match_factory, member, other_member, client_for):
    """Issue 8: the match page offers "I'm back" after a moderator's hand-over; it posts to
    /matches/<id>/resume/ and the seat is the player's again."""
    from gameplatform.matches import services
    from gameplatform.matches.models import Seat

    match = match_factory("race", [member, other_member])
    services.seat_hand_to_bot(match_id=match.pk, seat_index=0, kind="random")
    client = client_for(member)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="handed-over-box"' in page and f"/matches/{match.pk}/resume/" in page
    assert client.post(f"/matches/{match.pk}/resume/").status_code == 302
    assert Seat.objects.get(match=match, index=0).bot_kind == ""
    assert 'id="handed-over-box"' not in client.get(f"/matches/{match.pk}/").content.decode()


def test_the_page_embeds_only_the_latest_moves(finished_match, active_match, alice, client_for):
    """Issue 14: "the match page embeds only the recent moves and loads older ones on scroll"
    (js/match.js asks the history API for those before the oldest shown)."""
    from gameplatform.matches import selectors

    response = client_for(alice).get(f"/matches/{finished_match.pk}/")
    history = embedded_json(response, "match-history")
    seqs = list(finished_match.moves.order_by("seq").values_list("seq", flat=True))
    assert len(seqs) > selectors.HISTORY_RECENT
    assert [h["seq"] for h in history] == seqs[-selectors.HISTORY_RECENT:]
    assert embedded_json(response, "match-config")["history_older"] is True
    # A match that has just begun: its setup entry, and nothing older.
    response = client_for(alice).get(f"/matches/{active_match.pk}/")
    assert [h["actor"] for h in embedded_json(response, "match-history")] == ["setup"]
    assert embedded_json(response, "match-config")["history_older"] is False
