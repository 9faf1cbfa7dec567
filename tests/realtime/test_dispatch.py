"""The sockets' dispatch (``realtime.sockets.SocketConsumer.dispatch``, issue 29): no thread hop
to close old database connections before each message, as channels' own dispatch makes, while
every database use of the consumers goes through ``database_sync_to_async`` (which closes them
itself), so a connection left broken by a database restart is still replaced."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from channels import consumer as channels_consumer
from django.conf import settings

from tests.realtime.test_play import action_msg, current, seated

pytestmark = pytest.mark.django_db(transaction=True)

SOURCES = [Path(settings.BASE_DIR, folder) for folder in ("gameplatform", "accounts")]


@pytest.fixture
def table(race_match, member, other_member, user_factory):
    """alice at seat 0, bob at seat 1 of a race; carol watches (as in test_play.py)."""
    return race_match([member, other_member]), member, other_member, user_factory("carol")


def test_no_consumer_code_reaches_the_database_through_plain_sync_to_async():
    """The one rule that makes skipping channels' per-message ``close_old_connections`` safe."""
    plain = re.compile(r"(?<!database_)\bsync_to_async\b")
    found = [f"{path}:{n}" for folder in SOURCES for path in folder.rglob("*.py")
             for n, line in enumerate(path.read_text().splitlines(), 1) if plain.search(line)]
    assert found == []


async def test_messages_are_handled_without_a_thread_hop_each(table, connect_socket, monkeypatch):
    hops = []
    real = channels_consumer.aclose_old_connections

    async def counted():
        hops.append(1)
        return await real()

    monkeypatch.setattr(channels_consumer, "aclose_old_connections", counted)
    socks = await seated(connect_socket, table)
    match = table[0]
    engine, state, version = await _current(match.pk)
    seat = engine.to_act(state)[0]
    action = engine.legal_actions(state, seat)[0]
    ack = await socks[seat].request(action_msg(action, version))
    assert ack["type"] in ("ack", "state")
    for sock in socks.values():  # the broadcast reached every socket, each handled by dispatch
        got = ack if sock is socks[seat] and ack["type"] == "state" else await sock.recv_type("state")
        assert got["version"] == version + 1
    assert hops == []


async def _current(match_id):
    from channels.db import database_sync_to_async

    return await database_sync_to_async(current)(match_id)
