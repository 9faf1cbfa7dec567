"""Hexal Classic on the platform: fixtures that seat people at a Hexal table, drive the match
through the real services (``submit_action``) to the situation a test needs, and look for
anything a seat may not see in what it receives.

People, tenants and ``match_factory`` come from tests/conftest.py. A match started here has
a fixed seed (``SEED``, patched into the service's ``secrets.randbits`` for the start only),
and the driver plays the greedy bot's choice from each seat's own view, so the situations
reached are the same on every run.
"""
from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from gameplatform.matches import services
from gameplatform.matches.models import Match
from games.hexal.engine.view import deck_codes
from games.registry import get_engine
from tests.realtime import conftest as realtime

# WebSocket fixtures shared with tests/realtime: ``connect_socket`` opens a signed-in socket.
ws_app = realtime.ws_app
connect_socket = realtime.connect_socket

SEED = 20260110
ENGINE = get_engine("hexal")


class Table:
    """A started Hexal match of people: ``match``, ``users`` by seat, ``watcher`` (a member
    at no seat). ``drive(until)`` plays the greedy bot's choices through ``submit_action``."""

    def __init__(self, match: Match, users: list, watcher, tenant):
        self.match = match
        self.users = users
        self.watcher = watcher
        self.tenant = tenant
        self.rng = random.Random(1)
        self.bot = ENGINE.bots()["greedy"]()

    def state(self):
        self.match.refresh_from_db()
        return ENGINE.decode(self.match.state)

    def submit(self, seat: int, action: dict):
        """``submit_action`` as the person at ``seat``; returns the ``ActionOutcome``."""
        self.match.refresh_from_db()
        return services.submit_action(match_id=self.match.pk, action=action, expected_version=self.match.version,
                                      tenant=self.tenant, user=self.users[seat])

    def put(self, state) -> None:
        """Arranges a situation directly: stores ``state`` (the version stays; only for
        setting up a test of refusals)."""
        self.match.state = ENGINE.encode(state)
        self.match.save(update_fields=["state"])

    def drive(self, until, max_actions: int = 2000):
        """Plays until ``until(state)`` is true (or the match ends, when ``until`` is None);
        returns that state. Fails when ``max_actions`` pass first."""
        for _ in range(max_actions):
            st = self.state()
            if until is not None and until(st):
                return st
            acting = ENGINE.to_act(st)
            if not acting:
                assert until is None, "the match ended before the situation was reached"
                return st
            seat = acting[0]
            action = self.bot.choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), self.rng)
            self.submit(seat, action)
        pytest.fail(f"situation not reached within {max_actions} actions")


@pytest.fixture
def hexal_table(match_factory, user_factory, tenant, monkeypatch):
    """``make(n=2, options=None, seed=SEED) -> Table``: n people (seat 0 creates) and a
    watcher, started with a fixed seed."""

    def make(n: int = 2, options: dict | None = None, seed: int = SEED) -> Table:
        users = [user_factory() for _ in range(n)]
        watcher = user_factory()
        with monkeypatch.context() as patch:
            patch.setattr(services.secrets, "randbits", lambda bits: seed)
            match = match_factory("hexal", users, options=options)
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


@pytest.fixture
def api_for(db):
    """``api_for(user)``: a REST client authenticated with that user's token."""

    def make(user) -> APIClient:
        client = APIClient(HTTP_HOST="testserver")
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


def hidden_codes(state, seat) -> list[str]:
    """Card codes ``seat`` (None: spectator) may not see now: other seats' unshown hand cards,
    every personal-stack card and every deck card (``ENGINE.secrets`` gives the deck as one
    order; here each card is looked for)."""
    return [s for s in ENGINE.secrets(state, seat) if isinstance(s, str)] + deck_codes(state)


def assert_reveals_nothing(obj, state, seat, where: str) -> None:
    """No hidden card code of ``state`` for ``seat`` appears (as a JSON string) in ``obj``,
    nor the seed before the end."""
    text = json.dumps(obj)
    leaked = [code for code in hidden_codes(state, seat) if f'"{code}"' in text]
    assert not leaked, f"{where}: seat {seat} receives hidden cards {leaked}"
    if not state.ended:
        assert str(state.seed) not in text, f"{where}: the seed reaches seat {seat}"
