"""A Hextopia table over sockets: each seat sees its own cards, the watcher none, after a move too."""
import pytest
from channels.db import database_sync_to_async

from gameplatform.matches.models import Match
from games.registry import get_engine
from tests.realtime.conftest import first_state

pytestmark = pytest.mark.django_db(transaction=True)


def decoded(match_id):
    match = Match.unscoped.get(pk=match_id)
    engine = get_engine("hextopia")
    return engine, engine.decode(match.state), match.version


async def test_hextopia_hands_stay_with_their_seats(match_factory, user_factory, connect_socket):
    def make():
        people = [user_factory() for _ in range(4)]
        return match_factory("hextopia", people), people, user_factory("watcher")

    match, people, watcher = await database_sync_to_async(make)()
    socks = {}
    for seat, user in [*enumerate(people), (None, watcher)]:
        accepted, code, socks[seat] = await connect_socket(user, match)
        assert (accepted, code) == (True, None)
    engine, state, version = await database_sync_to_async(decoded)(match.pk)
    hands = {seat: engine.view(state, seat)["hand"] for seat in range(4)}
    for seat, sock in socks.items():
        snap = first_state(sock)
        assert snap["view"] == engine.view(state, seat)
        assert snap["view"].get("hand") == hands.get(seat)
        assert all(e.get("seat") in (seat, None) for e in snap["events"] if "cards" in e or "hand" in e)

    actor = first_state(socks[0])["view"]["to_act"][0]
    legal = first_state(socks[actor])["legal_actions"]
    assert legal
    await socks[actor].send({"type": "action", "action": legal[0], "expected_version": version,
                             "client_action_id": "hx-1"})
    got = {}
    for seat, sock in socks.items():
        msg = await sock.recv()
        if msg["type"] == "ack":
            assert msg["version"] == version + 1
            msg = await sock.recv()
        got[seat] = msg
    engine, state, now = await database_sync_to_async(decoded)(match.pk)
    assert now == version + 1
    for seat, msg in got.items():
        assert msg["type"] == "state" and msg["version"] == now
        assert msg["view"] == engine.view(state, seat)
        assert ("hand" in msg["view"]) == (seat is not None)
        assert msg["legal_actions"] == (engine.legal_actions(state, seat) if seat in engine.to_act(state) else [])


async def test_each_socket_gets_the_view_texts_in_its_own_language(match_factory, user_factory, connect_socket):
    """The broadcast carries English views and their texts; each socket renders them in its
    language (docs/contracts.md, "Translations"), the first state and after a move alike."""
    from gameplatform.players.models import Preferences

    def make():
        people = [user_factory() for _ in range(2)]
        Preferences.objects.create(user=people[1], language="fr")
        return match_factory("hextopia", people), people

    match, people = await database_sync_to_async(make)()
    socks = {}
    for seat, user in enumerate(people):
        accepted, code, socks[seat] = await connect_socket(user, match)
        assert (accepted, code) == (True, None)
    engine, state, version = await database_sync_to_async(decoded)(match.pk)
    first = {seat: first_state(sock) for seat, sock in socks.items()}
    assert first[0]["view"]["phase_text"] == engine.view(state, 0)["phase_text"]
    assert first[1]["view"]["phase_text"].startswith("Donne ") and "texts" not in first[1]
    actor = first[0]["view"]["to_act"][0]
    await socks[actor].send({"type": "action", "action": first[actor]["legal_actions"][0],
                             "expected_version": version, "client_action_id": "hx-fr"})
    got = {}
    for seat, sock in socks.items():
        msg = await sock.recv()
        got[seat] = await sock.recv() if msg["type"] == "ack" else msg
    engine, state, _ = await database_sync_to_async(decoded)(match.pk)
    assert got[0]["view"] == engine.view(state, 0) and "texts" not in got[0]
    french = got[1]["view"]
    assert french["phase_text"].startswith("Donne ") and "texts" not in got[1]
    assert all("carte" in s["summary"] for s in french["seats"])
    assert {s["colour_name"] for s in french["seats"]} <= {"rouge", "bleu", "vert", "jaune", "violet", "orange"}
