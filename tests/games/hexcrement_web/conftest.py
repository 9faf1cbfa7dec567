"""Hexcrement on the platform: fixtures that seat people at a Hexcrement table and drive the
match through the real services (``submit_action``) to the situation a test needs.

People, tenants and ``match_factory`` come from tests/conftest.py. A match started here has a
fixed seed (``SEED``, patched into the service's ``secrets.randbits`` for the start only), so
the driver's choices, and the situations they lead to, are the same on every run.
"""
from __future__ import annotations

import random

import pytest
from django.test import Client

from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from games.registry import get_engine
from tests.realtime import conftest as realtime

# WebSocket fixtures shared with tests/realtime: ``connect_socket`` opens a signed-in socket.
ws_app = realtime.ws_app
connect_socket = realtime.connect_socket

SEED = 20260212
ENGINE = get_engine("hexcrement")


class Table:
    """A started Hexcrement match of people: ``match``, ``users`` by seat, ``watcher`` (a
    member at no seat). ``drive(until)`` plays random legal choices through ``submit_action``."""

    def __init__(self, match: Match, users: list, watcher, tenant):
        self.match = match
        self.users = users
        self.watcher = watcher
        self.tenant = tenant
        self.rng = random.Random(1)

    def state(self):
        self.match.refresh_from_db()
        return ENGINE.decode(self.match.state)

    def stored(self) -> tuple:
        """What a refused action must leave as it was: version, state, number of records."""
        m = Match.unscoped.get(pk=self.match.pk)
        return m.version, m.state, MoveRecord.objects.filter(match_id=self.match.pk).count()

    def submit(self, seat: int, action: dict):
        """``submit_action`` as the person at ``seat``; returns the ``ActionOutcome``."""
        self.match.refresh_from_db()
        return services.submit_action(match_id=self.match.pk, action=action, expected_version=self.match.version,
                                      tenant=self.tenant, user=self.users[seat])

    def drive(self, until, max_actions: int = 3000):
        """Plays random legal actions until ``until(state)`` is true; returns that state.
        Fails when the match ends or ``max_actions`` pass first."""
        for _ in range(max_actions):
            st = self.state()
            if until(st):
                return st
            acting = ENGINE.to_act(st)
            assert acting, "the match ended before the situation was reached"
            seat = acting[0]
            self.submit(seat, self.rng.choice(ENGINE.legal_actions(st, seat)))
        pytest.fail(f"situation not reached within {max_actions} actions")


@pytest.fixture
def hexcrement_table(match_factory, user_factory, tenant, monkeypatch):
    """``make(n=3, options=None, seed=SEED) -> Table``: n people (seat 0 creates) and a
    watcher, started with a fixed seed."""

    def make(n: int = 3, options: dict | None = None, seed: int = SEED) -> Table:
        users = [user_factory() for _ in range(n)]
        watcher = user_factory()
        with monkeypatch.context() as patch:
            patch.setattr(services.secrets, "randbits", lambda bits: seed)
            match = match_factory("hexcrement", users, options=options)
        return Table(match, users, watcher, tenant)

    return make


@pytest.fixture
def client_for(db):
    """``client_for(user)``: a site client (test client) signed in as ``user``."""

    def make(user) -> Client:
        client = Client(HTTP_HOST="testserver")
        client.force_login(user)
        return client

    return make
