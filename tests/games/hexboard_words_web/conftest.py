"""HexBoard Words on the platform: a started match of people (or people and bots) whose
position is then arranged where a test needs it (tests/games/hexboard_words/helpers.py
``position``: every tile still from the game's own set), and moves made through the real
services (``submit_action``).

People, tenants and ``match_factory`` come from tests/conftest.py. The seed is fixed and
chosen so that seat 0 draws the tile closest to A: no bot moves before the position is
arranged.
"""
from __future__ import annotations

import pytest
from django.test import Client

from gameplatform.matches import services
from gameplatform.matches.models import Match
from games.hexboard_words.engine import ENGINE
from games.protocol import SeatSpec
from tests.games.hexboard_words.helpers import position
from tests.realtime import conftest as realtime

# WebSocket fixtures shared with tests/realtime: ``connect_socket`` opens a signed-in socket.
ws_app = realtime.ws_app
connect_socket = realtime.connect_socket

# The word-cards of an arranged table: DIG lacks its I (a completion), GUN its U; the others fresh.
SLOTS = [("dig", "d.g"), ("lot", "..."), ("gun", "g.n"), ("net", "..."), ("lag", "..."), ("mad", "...")]


def seed_where_seat_0_starts(n: int = 2) -> int:
    """The first seed whose draw for first player seat 0 wins."""
    seed = 1
    while ENGINE.setup({}, [SeatSpec()] * n, seed).starter != 0:
        seed += 1
    return seed


class WordsTable:
    """A started HexBoard Words match: ``match``, ``users`` by seat (None for a bot),
    ``watcher`` (a member at no seat), ``tenant``."""

    def __init__(self, match: Match, users: list, watcher, tenant):
        self.match = match
        self.users = users
        self.watcher = watcher
        self.tenant = tenant

    def state(self):
        self.match.refresh_from_db()
        return ENGINE.decode(self.match.state)

    def arrange(self, **layout) -> None:
        """Puts the match in ``position(n, seed=<its seed>, **layout)`` (the version stays:
        only for setting up a test)."""
        self.match.refresh_from_db()
        st = position(len(self.users), seed=self.match.seed, turn_seconds=self.match.options["turn_seconds"], **layout)
        self.match.state = ENGINE.encode(st)
        self.match.save(update_fields=["state"])

    def submit(self, seat: int, action: dict):
        """``submit_action`` as the person at ``seat``; returns the ``ActionOutcome``."""
        self.match.refresh_from_db()
        return services.submit_action(match_id=self.match.pk, action=action, expected_version=self.match.version,
                                      tenant=self.tenant, user=self.users[seat])


@pytest.fixture
def words_table(match_factory, user_factory, tenant, monkeypatch):
    """``make(players=("person", "person"), options=None, turn_seconds=None) -> WordsTable``:
    one seat per entry, "person" a new member, anything else a bot kind; seat 0 starts."""

    def make(players=("person", "person"), options=None, turn_seconds=None) -> WordsTable:
        users = [user_factory() if p == "person" else None for p in players]
        seats = [u if u is not None else p for u, p in zip(users, players, strict=True)]
        watcher = user_factory()
        seed = seed_where_seat_0_starts(len(players))
        with monkeypatch.context() as patch:
            patch.setattr(services.secrets, "randbits", lambda bits: seed)
            match = match_factory("hexboard-words", seats, options=options, turn_seconds=turn_seconds,
                                  creator=next(u for u in users if u is not None))
        return WordsTable(match, users, watcher, tenant)

    return make


@pytest.fixture
def client_for(db):
    """``client_for(user)``: a site client (test client) signed in as ``user``."""

    def make(user) -> Client:
        client = Client(HTTP_HOST="testserver")
        client.force_login(user)
        return client

    return make
