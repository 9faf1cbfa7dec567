"""Issue 8 point 3, "Honest log": "a move made by the timer, by a bot holding the seat or by a
moderator's hand-over is marked as such in ... the API history". Each kind of actor is made
the way the site makes it (the timer's ``turn_expire`` once the deadline has passed, a bot turn
of ``bot_take_turn`` after three time-outs or after a moderator's ``seat_hand_to_bot``, a bot
seat chosen in the lobby), then read back from ``/api/v1/matches/<id>/history/`` and
``view/`` by both players and a spectator: the entry of that move says who made it.
"""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.bots.services import bot_take_turn
from gameplatform.matches import services, timers
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.turns import TAKEOVER_AFTER_TIMEOUTS
from tests.api.support import actor_of, url

pytestmark = pytest.mark.django_db

AWAY = 1  # bob's seat: the one that times out, is taken over and handed over


def _user_move(match_id, clients) -> None:
    """The seat to act plays its first legal action through the API, as a person."""
    seat, client, snap = actor_of(match_id, clients)
    body = {"action": snap["legal_actions"][0], "expected_version": snap["version"]}
    assert client.post(url(match_id, "actions/"), body, format="json").status_code == 200


def _expire(match_id) -> int:
    """The turn timer of the running turn, once its deadline has passed (``turn_expire``, as
    the Celery task runs it)."""
    match = Match.unscoped.get(pk=match_id)
    Match.unscoped.filter(pk=match_id).update(deadline=timezone.now() - timedelta(seconds=1))
    return timers.turn_expire(match_id=match_id, version=match.version)


def _until_away_acts(match_id, clients) -> None:
    """People's moves until it is the away seat's turn."""
    for _ in range(20):
        if actor_of(match_id, clients)[0] == AWAY:
            return
        _user_move(match_id, clients)
    raise AssertionError("the away seat never came to act")


def _timeout(match_id, clients) -> int:
    _until_away_acts(match_id, clients)
    assert _expire(match_id) >= 1
    return Match.unscoped.get(pk=match_id).version


def _takeover(match_id, clients) -> int:
    for _ in range(TAKEOVER_AFTER_TIMEOUTS):
        _timeout(match_id, clients)
    assert Seat.objects.get(match_id=match_id, index=AWAY).bot_takeover is True
    _until_away_acts(match_id, clients)
    version = Match.unscoped.get(pk=match_id).version
    assert bot_take_turn(match_id=match_id, version=version) is True
    return version + 1


def _handover(match_id, clients) -> int:
    services.seat_hand_to_bot(match_id=match_id, seat_index=AWAY)  # the admin's service
    _until_away_acts(match_id, clients)
    version = Match.unscoped.get(pk=match_id).version
    assert bot_take_turn(match_id=match_id, version=version) is True
    return version + 1


MAKERS = {MoveRecord.Actor.TIMEOUT: _timeout, MoveRecord.Actor.TAKEOVER: _takeover,
          MoveRecord.Actor.HANDOVER: _handover}


@pytest.mark.parametrize("actor", list(MAKERS))
def test_the_history_says_who_made_a_move_the_player_did_not(hextopia_table, api_client, carol, actor):
    match_id, clients = hextopia_table
    _user_move(match_id, clients)
    seq = MAKERS[actor](match_id, clients)
    assert MoveRecord.objects.get(match_id=match_id, seq=seq).actor == actor
    for client in (clients[0], clients[1], api_client(carol)):
        history = client.get(url(match_id, "history/"), {"limit": 500}).json()["results"]
        entries = {e["seq"]: e for e in history}
        assert history[0]["actor"] == "setup" and history[1]["actor"] == "user"
        assert entries[seq]["actor"] == actor and entries[seq]["seat"] == AWAY
        # Every other move of the walk was the people's own, or the timer on the way to a takeover.
        others = {e["actor"] for s, e in entries.items() if s not in (0, seq)}
        assert others <= {"user", "timeout"}
    if Match.unscoped.get(pk=match_id).version == seq:  # nobody moved since: the snapshot says it too
        assert clients[0].get(url(match_id, "view/")).json()["actor"] == actor


def test_a_bot_seat_moves_as_bot(api_client, alice):
    """A bot seat chosen in the lobby is marked "bot" (not a stand-in for anyone)."""
    client = api_client(alice)
    match_id = client.post(url(), {"game": "hextopia", "seats": 2}, format="json").json()["id"]
    assert client.post(url(match_id, "seats/1/bot/"), {"kind": "random"}, format="json").status_code == 200
    assert client.post(url(match_id, "start/"), format="json").status_code == 200
    for _ in range(20):
        match = Match.unscoped.get(pk=match_id)
        if bot_take_turn(match_id=match_id, version=match.version):
            break
        _user_move(match_id, {0: client})
    else:
        raise AssertionError("the bot never moved")
    history = client.get(url(match_id, "history/"), {"limit": 500}).json()["results"]
    bots = [e for e in history if e["seat"] == 1]
    assert bots and {e["actor"] for e in bots} == {"bot"}
    assert {e["actor"] for e in history if e["seat"] == 0} <= {"user"}
