"""The play endpoints: view/, legal-actions/, actions/, history/ and resume/ on a real
Hextopia match, including what each seat may and may not see."""
import pytest

from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord, Seat
from games.hextopia.engine import errors as rules
from tests.api.support import actor_of, card_lists, private_events, url

pytestmark = pytest.mark.django_db


def test_view_is_the_callers_seat_snapshot(hextopia_table, alice):
    match_id, clients = hextopia_table
    snap = clients[0].get(url(match_id, "view/")).json()
    assert set(snap) == {
        "match", "version", "status", "seat", "view", "legal_actions", "events", "actor", "deadline", "clocks",
        "seats", "seed_commitment", "seed", "result",
    }
    assert snap["match"] == match_id and snap["seat"] == 0 and snap["status"] == "active"
    assert snap["view"]["game"] == "hextopia" and len(snap["view"]["hand"]) == 4
    assert snap["seats"][0] == {
        "index": 0, "name": "alice", "is_bot": False, "bot_kind": "", "team": None, "takeover": False,
    }
    assert len(snap["seed_commitment"]) == 64 and snap["seed"] is None and snap["result"] is None


def test_legal_actions_only_for_the_seat_that_must_act(hextopia_table):
    match_id, clients = hextopia_table
    seat, client, snap = actor_of(match_id, clients)
    mine = client.get(url(match_id, "legal-actions/")).json()
    assert mine["seat"] == seat and mine["to_act"] == [seat] and mine["version"] == snap["version"]
    assert mine["legal_actions"] == snap["legal_actions"] and mine["legal_actions"]
    theirs = clients[1 - seat].get(url(match_id, "legal-actions/")).json()
    assert theirs["seat"] == 1 - seat and theirs["legal_actions"] == []


def test_an_open_match_has_no_view_yet(api_client, alice):
    client = api_client(alice)
    match_id = client.post(url(), {"game": "hextopia", "seats": 2}, format="json").json()["id"]
    snap = client.get(url(match_id, "view/")).json()
    assert snap["status"] == "open" and snap["seat"] == 0 and snap["view"] is None
    assert client.get(url(match_id, "legal-actions/")).json() == {
        "match": match_id, "version": 0, "seat": 0, "to_act": [], "legal_actions": [],
    }
    history = client.get(url(match_id, "history/")).json()
    assert history == {"next": None, "previous": None, "results": []}


def test_submit_action_then_history(hextopia_table):
    match_id, clients = hextopia_table
    seat, client, snap = actor_of(match_id, clients)
    action = snap["legal_actions"][0]
    response = client.post(
        url(match_id, "actions/"),
        {"action": action, "expected_version": snap["version"], "client_action_id": "a-1"},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["version"] == snap["version"] + 1 and body["seat"] == seat and body["duplicate"] is False
    assert body["events"] and all("visible_to" not in e for e in body["events"])
    record = MoveRecord.objects.get(match_id=match_id, seq=body["version"])
    assert record.action == action and record.client_action_id == "a-1"

    history = client.get(url(match_id, "history/")).json()
    assert history["next"] is None and history["previous"] is None
    setup, move = history["results"]  # the setup (seq 0) and the move
    assert setup["seq"] == 0 and setup["actor"] == "setup" and setup["action"] is None
    assert move["seq"] == body["version"] and move["seat"] == seat and move["actor"] == "user"
    assert move["action"] == action


def test_resending_a_client_action_id_returns_the_first_answer(hextopia_table):
    match_id, clients = hextopia_table
    seat, client, snap = actor_of(match_id, clients)
    payload = {"action": snap["legal_actions"][0], "expected_version": snap["version"], "client_action_id": "x"}
    first = client.post(url(match_id, "actions/"), payload, format="json").json()
    again = client.post(url(match_id, "actions/"), payload, format="json")
    assert again.status_code == 200
    assert again.json() == {**first, "duplicate": True}
    assert MoveRecord.objects.filter(match_id=match_id).count() == 1


def test_stale_version_is_409_and_changes_nothing(hextopia_table):
    match_id, clients = hextopia_table
    seat, client, snap = actor_of(match_id, clients)
    response = client.post(
        url(match_id, "actions/"),
        {"action": snap["legal_actions"][0], "expected_version": snap["version"] - 1},
        format="json",
    )
    assert response.status_code == 409
    assert response.json() == {
        "error": "stale_version", "message": services.STALE_VERSION, "field": "expected_version",
    }
    assert Match.unscoped.get(pk=match_id).version == snap["version"]
    assert not MoveRecord.objects.filter(match_id=match_id).exists()


def test_illegal_action_is_400_naming_the_rule(hextopia_table):
    match_id, clients = hextopia_table
    seat, client, snap = actor_of(match_id, clients)
    foreign = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c not in snap["view"]["hand"])
    before = Match.unscoped.get(pk=match_id).state
    response = client.post(
        url(match_id, "actions/"),
        {"action": {"type": "discard", "card": foreign}, "expected_version": snap["version"]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": rules.NOT_IN_HAND.code, "message": rules.NOT_IN_HAND.message, "field": "action",
    }
    after = Match.unscoped.get(pk=match_id)
    assert after.state == before and after.version == snap["version"]


def test_acting_out_of_turn_is_409(hextopia_table):
    match_id, clients = hextopia_table
    seat, _, snap = actor_of(match_id, clients)
    response = clients[1 - seat].post(
        url(match_id, "actions/"),
        {"action": snap["legal_actions"][0], "expected_version": snap["version"]},
        format="json",
    )
    assert response.status_code == 409
    assert response.json() == {"error": "not_your_turn", "message": services.NOT_YOUR_TURN}


def test_a_spectator_cannot_act(hextopia_table, api_client, carol):
    match_id, clients = hextopia_table
    _, _, snap = actor_of(match_id, clients)
    response = api_client(carol).post(
        url(match_id, "actions/"),
        {"action": snap["legal_actions"][0], "expected_version": snap["version"]},
        format="json",
    )
    assert response.status_code == 403
    assert response.json() == {"error": "not_seated", "message": services.NOT_SEATED}


# --- hidden information ---------------------------------------------------------------------


def _hand(client, match_id) -> list:
    return client.get(url(match_id, "view/")).json()["view"]["hand"]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_never_sees_the_other_hand(hextopia_table, seat):
    """Architecture: "view ... never contains another seat's hand"; history shows each seat
    only its own private ``hand`` events."""
    match_id, clients = hextopia_table
    # One move first, so history and events hold more than the deal.
    actor, client, snap = actor_of(match_id, clients)
    client.post(
        url(match_id, "actions/"),
        {"action": snap["legal_actions"][0], "expected_version": snap["version"]},
        format="json",
    )
    own = set(_hand(clients[seat], match_id)) | set(snap["view"]["hand"] if actor == seat else [])
    for tail in ("view/", "history/", "legal-actions/", ""):
        body = clients[seat].get(url(match_id, tail)).json()
        for cards in card_lists(body):
            assert set(cards) <= own, f"{tail} shows seat {seat} cards it does not hold: {cards}"
        assert all(e["seat"] == seat for e in private_events(body)), tail
        assert "visible_to" not in str(body)
    seen = clients[seat].get(url(match_id, "view/")).json()["view"]
    assert all(set(s) >= {"hand_count"} and "hand" not in s for s in seen["seats"])


def test_a_spectator_sees_no_hand_at_all(hextopia_table, api_client, carol):
    match_id, clients = hextopia_table
    spectator = api_client(carol)
    snap = spectator.get(url(match_id, "view/")).json()
    assert snap["seat"] is None and "hand" not in snap["view"] and snap["legal_actions"] == []
    for tail in ("view/", "history/", "legal-actions/", ""):
        body = spectator.get(url(match_id, tail)).json()
        assert card_lists(body) == [] and private_events(body) == [], tail


def test_seed_is_revealed_only_once_finished(hextopia_table, api_client, carol):
    match_id, clients = hextopia_table
    match = Match.unscoped.get(pk=match_id)
    for client in (*clients.values(), api_client(carol)):
        assert client.get(url(match_id)).json()["seed"] is None
        assert client.get(url(match_id, "view/")).json()["seed"] is None
    # The end of a game, as submit_action records it.
    Match.unscoped.filter(pk=match_id).update(
        status=Match.Status.FINISHED, result={"ranks": [1, 2], "scores": [4, 1], "winners": [0]}
    )
    detail = api_client(carol).get(url(match_id)).json()
    assert detail["seed"] == str(match.seed) and detail["result"]["winners"] == [0]
    assert api_client(carol).get(url(match_id, "view/")).json()["seed"] == str(match.seed)


# --- resume ---------------------------------------------------------------------------------


def test_resume_ends_a_bot_takeover(hextopia_table):
    match_id, clients = hextopia_table
    Seat.objects.filter(match_id=match_id, index=1).update(bot_takeover=True, timeouts_in_row=3)
    assert clients[0].get(url(match_id)).json()["seats"][1]["takeover"] is True
    response = clients[1].post(url(match_id, "resume/"), format="json")
    assert response.status_code == 200
    assert response.json()["seats"][1]["takeover"] is False and response.json()["my_seat"] == 1
    assert Seat.objects.get(match_id=match_id, index=1).timeouts_in_row == 0


def test_resume_needs_a_seat(hextopia_table, api_client, carol):
    match_id, _ = hextopia_table
    response = api_client(carol).post(url(match_id, "resume/"), format="json")
    assert response.status_code == 403
    assert response.json() == {"error": "not_seated", "message": services.NOT_SEATED}
