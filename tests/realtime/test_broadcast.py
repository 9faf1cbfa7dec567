"""broadcast.match_changed: what each group gets, at what cost, and delivery from the three
places it runs (a sync view in the server, a Celery worker, a worker thread in the server)."""
import asyncio
import json
import threading

import pytest
from channels.db import database_sync_to_async

from gameplatform.matches import selectors, services
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.realtime import broadcast
from gameplatform.realtime.broadcast import group_public, group_seat, match_messages
from gameplatform.realtime.frames import message_snapshot
from games.registry import get_engine
from tests.realtime.conftest import TIMEOUT, first_state

pytestmark = pytest.mark.django_db(transaction=True)

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# How long a socket waits for a move the worker's bot runner makes: a loaded CI machine can take
# seconds (the bot's turn is due in 0.02 s; the 5 s of other waits once ran out there).
WORKER_SECONDS = 30.0


@pytest.fixture
def race(race_match, member, other_member):
    """A started race: alice (seat 0) and bob (seat 1)."""
    return race_match([member, other_member]), {0: member, 1: other_member}


def play(match_id, users, action=None):
    """The seat to act plays ``action`` (default: its first card) as a person; returns the outcome."""
    match = Match.unscoped.get(pk=match_id)
    engine = get_engine(match.game)
    state = engine.decode(match.state)
    seat = engine.to_act(state)[0]
    action = action or {"type": "play", "card": state["hands"][seat][0]}
    return services.submit_action(match_id=match_id, action=action, expected_version=match.version,
                                  tenant=match.tenant, user=users[seat])


# --- what is sent -------------------------------------------------------------------------------


def test_each_group_gets_the_snapshot_of_its_seat_in_one_query(race, django_assert_num_queries):
    match, users = race
    outcome = play(match.pk, users)
    events = MoveRecord.objects.get(match=match, seq=outcome.version).events
    with django_assert_num_queries(1):
        sends = match_messages(match_id=match.pk, version=outcome.version, events=events)
    assert [group for group, _ in sends] == [group_seat(match.pk, 0), group_seat(match.pk, 1), group_public(match.pk)]
    match.refresh_from_db()
    for (_group, message), seat in zip(sends, (0, 1, None), strict=True):
        assert message["type"] == broadcast.MESSAGE_TYPE
        assert message["user_id"] == (users[seat].pk if seat is not None else None)
        assert message["seat_users"] == [users[0].pk, users[1].pk]
        # Exactly what the REST view / a sync shows that seat.
        assert message_snapshot(message) == selectors.match_snapshot(match=match, seat=seat)


def test_private_events_and_hands_go_only_to_their_seat(race):
    match, users = race
    outcome = play(match.pk, users)
    actor = outcome.seat
    events = MoveRecord.objects.get(match=match, seq=outcome.version).events
    assert any(e.get("visible_to") == [actor] for e in events)
    sends = dict(match_messages(match_id=match.pk, version=outcome.version, events=events))
    engine = get_engine("race")
    state = engine.decode(Match.unscoped.get(pk=match.pk).state)
    for seat in (0, 1):
        snap = message_snapshot(sends[group_seat(match.pk, seat)])
        assert snap["view"]["hand"] == state["hands"][seat]
        drew = [e for e in snap["events"] if e["type"] == "drew"]
        assert drew == ([{"type": "drew", "seat": actor, "card": state["hands"][actor][-1]}] if seat == actor else [])
    public = message_snapshot(sends[group_public(match.pk)])
    assert "hand" not in public["view"]
    assert all("visible_to" not in e and e["type"] != "drew" for e in public["events"])


def test_seed_is_sent_only_once_the_match_is_finished(race_match, member, other_member):
    match = race_match([member, other_member], options={"target": 5})
    users = {0: member, 1: other_member}
    while True:
        outcome = play(match.pk, users, {"type": "roll"})
        events = MoveRecord.objects.get(match=match, seq=outcome.version).events
        sends = match_messages(match_id=match.pk, version=outcome.version, events=events)
        match.refresh_from_db()
        seeds = {message_snapshot(message)["seed"] for _, message in sends}
        if match.status == Match.Status.FINISHED:
            assert seeds == {str(match.seed)}  # a string: 63 bits do not fit a JS number
            for (_group, message), seat in zip(sends, (0, 1, None), strict=True):
                assert message_snapshot(message) == selectors.match_snapshot(match=match, seat=seat)
            break
        assert seeds == {None}


def test_a_version_that_moved_on_is_not_sent(race):
    match, users = race
    first = play(match.pk, users)
    play(match.pk, users)
    assert match_messages(match_id=match.pk, version=first.version, events=[]) == []
    assert match_messages(match_id=10**9, version=1, events=[]) == []


def test_bot_and_empty_seats_have_no_group_message(race_match, member):
    match = race_match([member, "random"])
    sends = match_messages(match_id=match.pk, version=match.version, events=[])
    assert [group for group, _ in sends] == [group_seat(match.pk, 0), group_public(match.pk)]


def _normalized(sends):
    """The broadcast's ``(group, message)`` pairs with their frames decoded."""
    return [(group, {**message, "frame": json.loads(message["frame"]),
                     "extra": json.loads(message["extra"]) if message["extra"] else None})
            for group, message in sends]


@pytest.fixture
def captured_sends(monkeypatch):
    """What ``match_changed`` hands to the layer, as if a cross-process layer were set."""
    sent = []
    monkeypatch.setattr(broadcast, "_needs_server_loop", lambda layer: False)
    monkeypatch.setattr(broadcast, "_deliver", lambda layer, sends: sent.append(sends))
    return sent


@pytest.mark.django_db
def test_an_action_hands_the_broadcast_what_it_wrote_so_it_reads_nothing(
    race_match, member, other_member, captured_sends, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """submit_action passes the match, its seats and the new state to the broadcast: no
    query after commit, and the very messages a fresh read builds, up to the end (seed)."""
    users = {0: member, 1: other_member}
    match = race_match([member, other_member], options={"target": 5})
    while match.status == Match.Status.ACTIVE:
        with django_capture_on_commit_callbacks() as callbacks:
            outcome = play(match.pk, users, {"type": "roll"})
        with django_assert_num_queries(0):
            for callback in callbacks:
                callback()
        events = MoveRecord.objects.get(match=match, seq=outcome.version).events
        fresh = match_messages(match_id=match.pk, version=outcome.version, events=events)
        assert fresh and _normalized(captured_sends[-1]) == _normalized(fresh)
        match.refresh_from_db()
    assert {message_snapshot(message)["seed"] for _, message in captured_sends[-1]} == {str(match.seed)}


@pytest.mark.django_db
def test_a_bot_move_hands_the_broadcast_what_it_wrote(
    race_match, member, captured_sends, django_capture_on_commit_callbacks, django_assert_num_queries
):
    from gameplatform.bots.services import bot_take_turn

    match = race_match([member, "random"])
    users = {0: member}
    if get_engine("race").to_act(match.state) == (0,):
        play(match.pk, users, {"type": "roll"})
        match.refresh_from_db()
    with django_capture_on_commit_callbacks() as callbacks:
        assert bot_take_turn(match_id=match.pk, version=match.version) is True
    with django_assert_num_queries(0):
        for callback in callbacks:  # the state kept, the broadcast, the next bot turn's schedule
            callback()
    events = MoveRecord.objects.get(match=match, seq=match.version + 1).events
    fresh = match_messages(match_id=match.pk, version=match.version + 1, events=events)
    assert [group for group, _ in fresh] == [group_seat(match.pk, 0), group_public(match.pk)]
    assert _normalized(captured_sends[-1]) == _normalized(fresh)


def test_a_table_of_another_version_is_not_used(race, captured_sends, django_assert_num_queries):
    match, users = race
    outcome = play(match.pk, users)
    match.refresh_from_db()
    stale = selectors.SnapshotTable(Match.unscoped.get(pk=match.pk), [])
    stale.match.version -= 1
    with django_assert_num_queries(1):  # read again instead
        broadcast.match_changed(match.pk, outcome.version, [], table=stale)
    assert [group for group, _ in captured_sends[-1]] == [group_seat(match.pk, 0), group_seat(match.pk, 1),
                                                          group_public(match.pk)]


def test_in_memory_without_a_listening_socket_does_nothing(race, settings, django_assert_num_queries):
    settings.CHANNEL_LAYERS = IN_MEMORY
    match, _ = race
    with django_assert_num_queries(0):
        broadcast.match_changed(match.pk, match.version, [])


async def test_a_failing_broadcast_is_logged_not_raised(race, caplog, monkeypatch):
    match, _ = race
    broadcast.server_loop_record(asyncio.get_running_loop())  # as if a socket listened
    monkeypatch.setattr(broadcast, "match_messages", _boom)
    await database_sync_to_async(broadcast.match_changed)(match.pk, match.version, [])
    assert f"broadcast of match {match.pk} version {match.version} failed" in caplog.text


def _boom(**kwargs):
    raise RuntimeError("layer down")


# --- where it runs ------------------------------------------------------------------------------


async def test_a_foreign_thread_reaches_in_memory_sockets_through_the_server_loop(race, connect_socket, settings):
    """Embedded mode (c): a worker thread of the server process, in-memory layer. The send
    is scheduled on the loop the sockets live on."""
    settings.CHANNEL_LAYERS = IN_MEMORY
    match, users = race
    accepted, code, sock = await connect_socket(users[0], match)
    assert (accepted, code) == (True, None)
    version = first_state(sock)["version"]
    done = threading.Event()
    failures = []

    def worker():
        try:
            play(match.pk, users, {"type": "roll"})
        except Exception as exc:  # reported below
            failures.append(exc)
        finally:
            from django.db import connection

            connection.close()
            done.set()

    thread = threading.Thread(target=worker, name="celery-worker-thread")
    thread.start()
    state = await sock.recv_type("state")
    await asyncio.get_running_loop().run_in_executor(None, done.wait, TIMEOUT)
    assert failures == []
    assert state["version"] == version + 1 and state["seat"] == 0


def test_a_foreign_thread_with_no_server_loop_skips_quietly(race, settings):
    settings.CHANNEL_LAYERS = IN_MEMORY
    match, users = race
    loop = asyncio.new_event_loop()
    broadcast.server_loop_record(loop)  # recorded, but not running (the server stopped)
    loop.close()
    result = []
    thread = threading.Thread(target=lambda: result.append(play(match.pk, users, {"type": "roll"})))
    thread.start()
    thread.join(TIMEOUT)
    assert not thread.is_alive() and result and result[0].version == match.version + 1


async def test_sync_code_on_a_running_loop_does_not_block_it(race, connect_socket, monkeypatch):
    """As in the browser tests, where Playwright's sync API keeps a loop in the test thread:
    in-memory, the send becomes a task of that (server) loop; on Redis a helper thread sends."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    match, users = race
    accepted, code, sock = await connect_socket(users[0], match)
    version = first_state(sock)["version"]
    broadcast.match_changed(match.pk, version, [])
    again = await sock.recv_type("state")
    assert again["version"] == version and again["seat"] == 0


async def test_the_embedded_celery_worker_reaches_in_memory_sockets(race, connect_socket, settings, monkeypatch):
    """Embedded mode (c) for real: gameplatform.embedded's worker thread on memory://
    runs a task that submits an action; the socket of this process gets the new state."""
    from celery import Celery

    from gameplatform.embedded import EmbeddedWorker

    settings.CHANNEL_LAYERS = IN_MEMORY
    monkeypatch.setenv("CELERY_SKIP_CHECKS", "1")
    match, users = race
    app = Celery("hexagora-realtime-test", set_as_current=False)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(broker_url="memory://", task_default_queue=f"realtime-test-{match.pk}")

    @app.task(name="realtime_test.roll")
    def roll(match_id):
        play(match_id, users, {"type": "roll"})

    accepted, code, sock = await connect_socket(users[1], match)
    version = first_state(sock)["version"]
    worker = EmbeddedWorker(app, concurrency=1)
    assert await asyncio.get_running_loop().run_in_executor(None, lambda: worker.start(wait=TIMEOUT)), worker.failed
    try:
        roll.delay(match.pk)
        state = await sock.recv_type("state", timeout=TIMEOUT * 2)
        assert state["version"] == version + 1 and state["seat"] == 1
    finally:
        await asyncio.get_running_loop().run_in_executor(None, worker.stop)


async def test_a_bot_move_made_by_the_celery_worker_reaches_the_socket(race_match, member, task_worker, connect_socket):
    """A real Celery worker (Redis broker and channels-redis in CI: context b; the memory
    broker and the in-memory layer on a bare machine: a foreign thread, context c) plays the
    bot's turn; alice's socket gets it, without the bot's secret draw."""
    match = await database_sync_to_async(race_match)([member, "random"])
    accepted, code, sock = await connect_socket(member, match)
    state = first_state(sock)
    while state["view"]["to_act"] != [0]:  # the bot may have the first move
        state = await sock.recv_type("state", WORKER_SECONDS)
    card = state["view"]["hand"][0]
    await sock.send({"type": "action", "action": {"type": "play", "card": card},
                     "expected_version": state["version"], "client_action_id": "alice-1"})
    seen = []
    while not seen or seen[-1]["type"] != "state" or seen[-1]["version"] < state["version"] + 2:
        seen.append(await sock.recv(WORKER_SECONDS))
    bot_move = seen[-1]
    assert [e["seat"] for e in bot_move["events"]] and {e["seat"] for e in bot_move["events"]} == {1}
    assert all(e["type"] != "drew" for e in bot_move["events"])
    assert bot_move["view"]["to_act"] == [0] and bot_move["seat"] == 0


async def test_an_action_posted_to_the_rest_api_reaches_the_socket(race, connect_socket):
    """Context (a): a sync DRF view served by the ASGI app (as Daphne runs it)."""
    import json

    from channels.testing import HttpCommunicator
    from django.core.asgi import get_asgi_application
    from rest_framework.authtoken.models import Token

    match, users = race
    accepted, code, watching = await connect_socket(users[1], match)
    state = first_state(watching)
    actor = state["view"]["to_act"][0]
    token = await database_sync_to_async(lambda: Token.objects.create(user=users[actor]).key)()
    body = json.dumps({"action": {"type": "roll"}, "expected_version": state["version"], "client_action_id": "rest-1"})
    http = HttpCommunicator(
        get_asgi_application(), "POST", f"/api/v1/matches/{match.pk}/actions/", body=body.encode(),
        headers=[(b"host", b"testserver"), (b"content-type", b"application/json"),
                 (b"content-length", str(len(body)).encode()),
                 (b"authorization", f"Token {token}".encode())],
    )
    response = await http.get_response(timeout=TIMEOUT)
    assert response["status"] == 200, response["body"]
    got = await watching.recv_type("state")
    assert got["version"] == state["version"] + 1 and got["seat"] == 1
