"""broadcast._deliver from sync code without a server loop (a Celery worker): one long-lived
event loop per process, the groups of one broadcast sent at once, and per group never an
older version after a newer one (module docstring of gameplatform.realtime.broadcast,
"Order")."""
import asyncio
import itertools
import random
import threading
import time

import pytest
from channels.layers import InMemoryChannelLayer, get_channel_layer

from gameplatform.realtime import broadcast
from gameplatform.realtime.broadcast import MESSAGE_TYPE, group_public, group_seat
from tests.realtime.conftest import TIMEOUT

# The sender loop lives as long as the test process and remembers the versions it sent:
# every test gets match ids of its own.
_ids = itertools.count(10**12)


@pytest.fixture(autouse=True)
def match_id(monkeypatch):
    """A fresh match id, also the default of ``sends_for``."""
    fresh = next(_ids)
    monkeypatch.setattr(f"{__name__}.MATCH", fresh)
    return fresh


MATCH = 0


def sends_for(version: int, match_id: int | None = None, seats=(0, 1)) -> list[tuple[str, dict]]:
    """One broadcast of ``version`` of match ``match_id`` (default: this test's): a message
    per seat group, then the public one."""
    match_id = MATCH if match_id is None else match_id
    out = [(group_seat(match_id, i), {"type": MESSAGE_TYPE, "match": match_id, "version": version,
                                      "user_id": i + 1, "seat_users": [1, 2]}) for i in seats]
    out.append((group_public(match_id), {"type": MESSAGE_TYPE, "match": match_id, "version": version,
                                         "user_id": None, "seat_users": [1, 2]}))
    return out


class RecordingLayer:
    """A stand-in cross-process layer. ``group_send`` records ``(group, version, loop,
    thread name)`` once it has "sent", after ``pause(group, version)`` (an awaitable or None)."""

    def __init__(self, pause=None):
        self.sent: list[tuple] = []
        self.pause = pause

    async def group_send(self, group, message):
        if self.pause is not None:
            await self.pause(group, message["version"])
        self.sent.append((group, message["version"], asyncio.get_running_loop(),
                          threading.current_thread().name))

    def versions(self, group: str) -> list[int]:
        return [version for g, version, *_ in self.sent if g == group]


def in_threads(*targets, timeout=TIMEOUT):
    threads = [threading.Thread(target=t) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads)


def wait_until(condition, timeout=TIMEOUT):
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def test_a_worker_sends_on_one_long_lived_loop_and_waits_until_sent():
    layer = RecordingLayer()
    for version in (1, 2, 3):
        broadcast._deliver(layer, sends_for(version))
        # Returned only once every group has it.
        assert {g for g, v, *_ in layer.sent if v == version} == {g for g, _ in sends_for(version)}
    loops = {loop for _, _, loop, _ in layer.sent}
    assert loops == {broadcast.sender_loop()} and broadcast.sender_loop().is_running()
    assert {name for *_, name in layer.sent} == {"hexagora-broadcast"}
    for group, _ in sends_for(1):
        assert layer.versions(group) == [1, 2, 3]


def test_the_groups_of_one_broadcast_are_sent_at_once():
    """Each send waits until all three groups have started: one after the other, the first
    would wait in vain."""
    started: set[str] = set()
    waited_in_vain = []

    async def pause(group, version):
        started.add(group)
        end = time.monotonic() + 2
        while len(started) < 3:
            if time.monotonic() > end:
                waited_in_vain.append(group)
                return
            await asyncio.sleep(0.001)

    layer = RecordingLayer(pause)
    broadcast._deliver(layer, sends_for(1))
    assert waited_in_vain == [] and len(layer.sent) == 3


def test_versions_handed_over_one_after_the_other_all_arrive_in_order():
    layer = RecordingLayer(lambda group, version: asyncio.sleep(random.random() / 1000))
    for version in range(1, 41):
        broadcast._deliver(layer, sends_for(version))
    for group, _ in sends_for(1):
        assert layer.versions(group) == list(range(1, 41))


def test_racing_threads_never_make_a_group_go_back_a_version():
    """Several threads of one process (a threads pool, Daphne's executor) hand over versions
    of one match in any order and at once: each group sees them in increasing order only
    (a version handed over after a later one went out is dropped)."""
    layer = RecordingLayer(lambda group, version: asyncio.sleep(random.random() / 500))
    versions = list(range(1, 61))
    random.Random(5).shuffle(versions)

    def hand_over(mine):
        for version in mine:
            broadcast._deliver(layer, sends_for(version))

    in_threads(*(lambda part=versions[i::4]: hand_over(part) for i in range(4)))
    for group, _ in sends_for(1):
        got = layer.versions(group)
        assert got == sorted(set(got)) and got[-1] == 60, got
    # Each broadcast reaches all its groups or none of them.
    per_version = {}
    for group, version, *_ in layer.sent:
        per_version.setdefault(version, set()).add(group)
    assert all(len(groups) == 3 for groups in per_version.values())


def test_an_older_version_that_waited_behind_a_newer_one_is_dropped():
    release = threading.Event()

    async def pause(group, version):
        if version == 2:
            while not release.is_set():
                await asyncio.sleep(0.001)

    layer = RecordingLayer(pause)
    loop = broadcast.sender_loop()

    def waiting(count):
        order = broadcast._orders.get(loop)
        entry = order.locks.get(MATCH) if order is not None else None
        return entry is not None and entry[1] == count

    first = threading.Thread(target=broadcast._deliver, args=(layer, sends_for(2)))
    first.start()
    wait_until(lambda: waiting(1))
    older = threading.Thread(target=broadcast._deliver, args=(layer, sends_for(1)))
    older.start()
    wait_until(lambda: waiting(2))
    newer = threading.Thread(target=broadcast._deliver, args=(layer, sends_for(3)))
    newer.start()
    wait_until(lambda: waiting(3))
    release.set()
    for thread in (first, older, newer):
        thread.join(TIMEOUT)
    for group, _ in sends_for(1):
        assert layer.versions(group) == [2, 3]
    assert MATCH not in broadcast._orders[loop].locks  # no lock kept once nothing waits


def test_other_matches_do_not_wait_for_a_slow_one():
    release = threading.Event()
    slow_match = f"match.{MATCH}."

    async def pause(group, version):
        if group.startswith(slow_match):
            while not release.is_set():
                await asyncio.sleep(0.001)

    layer = RecordingLayer(pause)
    slow = threading.Thread(target=broadcast._deliver, args=(layer, sends_for(1)))
    slow.start()
    other = next(_ids)
    broadcast._deliver(layer, sends_for(1, match_id=other))
    assert {g for g, *_ in layer.sent} == {g for g, _ in sends_for(1, match_id=other)}
    release.set()
    slow.join(TIMEOUT)
    assert len(layer.sent) == 6


def test_a_forked_process_starts_its_own_sender_loop(monkeypatch):
    """A Celery prefork child inherits the parent's record but not its thread."""
    parent = broadcast.sender_loop()
    saved = broadcast._sender
    monkeypatch.setattr(broadcast.os, "getpid", lambda: saved[0] + 1)
    try:
        child = broadcast.sender_loop()
        assert child is not parent and child.is_running()
        assert broadcast.sender_loop() is child
    finally:
        monkeypatch.undo()
        broadcast._sender[1].call_soon_threadsafe(broadcast._sender[1].stop)
        broadcast._sender = saved
    assert broadcast.sender_loop() is parent


async def test_the_configured_layer_delivers_rapid_versions_in_order():
    """On the real layer (Redis in CI: sent from the sender loop; in memory: through this
    server loop), a seat group's member gets rapid versions from racing threads in order."""
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        broadcast.server_loop_record(asyncio.get_running_loop())
    channel = await layer.new_channel()
    await layer.group_add(group_seat(MATCH, 0), channel)
    versions = list(range(1, 31))

    def hand_over(mine):
        for version in mine:
            broadcast._deliver(layer, sends_for(version))

    threads = [threading.Thread(target=hand_over, args=(versions[i::3],)) for i in range(3)]
    for thread in threads:
        thread.start()
    got = []
    while not got or got[-1] != versions[-1]:
        message = await asyncio.wait_for(layer.receive(channel), TIMEOUT)
        got.append(message["version"])
    await asyncio.get_running_loop().run_in_executor(None, lambda: [t.join(TIMEOUT) for t in threads])
    with pytest.raises(TimeoutError):  # nothing older trails behind the last version
        await asyncio.wait_for(layer.receive(channel), 0.3)
    assert got == sorted(set(got)), got
