"""Hexfolk on the platform: fixtures that seat people at a Hexfolk table, drive the match
through the real services (``submit_action``) to the situation a test needs, and check that
nothing a seat may not see reaches it.

People, tenants and ``match_factory`` come from tests/conftest.py. A match started here has
a fixed seed (``SEED``, patched into the service's ``secrets.randbits`` for the start only),
so the driver's choices, and the situations they lead to, are the same on every run.
"""
from __future__ import annotations

import random

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from gameplatform.matches import services
from gameplatform.matches.models import Match
from games.hexfolk.engine.rules import DEV_INDEX, RESOURCE_INDEX
from games.registry import get_engine
from tests.realtime import conftest as realtime

# WebSocket fixtures shared with tests/realtime: ``connect_socket`` opens a signed-in socket.
ws_app = realtime.ws_app
connect_socket = realtime.connect_socket

SEED = 20260101
ENGINE = get_engine("hexfolk")
# The driver's preference (first legal type wins; a robbing robber move beats them all).
# It never trades or plays cards, so the situations it reaches come from building and dice.
PREFERENCE = ("build_city", "build_settlement", "buy_dev", "build_road", "roll", "discard",
              "move_robber", "decline_trade", "pass", "end_turn")
# Keys a view shows only for the viewer's own seat.
OWN_KEYS = ("hand", "dev_cards", "dev_cards_new", "points", "trade_rates")
# Keys that appear in ``players`` only once the game is over (hidden victory point cards).
END_KEYS = ("victory_point_cards", "points")
SECRET_KEYS = ("seed", "draws", "dev_left", "rng", "deck")


def choose(legal: list[dict], rng: random.Random) -> dict:
    """The driver's action: a robbing robber move if any, else the most preferred type."""
    robbing = [a for a in legal if a["type"] == "move_robber" and a.get("victim") is not None]
    if robbing:
        return robbing[0]
    for kind in PREFERENCE:
        options = [a for a in legal if a["type"] == kind]
        if options:
            return rng.choice(options)
    return legal[0]


class Table:
    """A started Hexfolk match of people: ``match``, ``users`` by seat, ``watcher`` (a member
    at no seat). ``drive(until)`` plays the driver's choices through ``submit_action``."""

    def __init__(self, match: Match, users: list, watcher, tenant):
        self.match = match
        self.users = users
        self.watcher = watcher
        self.tenant = tenant
        self.rng = random.Random(1)

    def state(self):
        self.match.refresh_from_db()
        return ENGINE.decode(self.match.state)

    def submit(self, seat: int, action: dict):
        """``submit_action`` as the person at ``seat``; returns the ``ActionOutcome``."""
        self.match.refresh_from_db()
        return services.submit_action(match_id=self.match.pk, action=action, expected_version=self.match.version,
                                      tenant=self.tenant, user=self.users[seat])

    def drive(self, until, max_actions: int = 400):
        """Plays until ``until(state)`` is true; returns that state. Fails when the match
        ends or ``max_actions`` pass first."""
        for _ in range(max_actions):
            st = self.state()
            if until(st):
                return st
            acting = ENGINE.to_act(st)
            assert acting, "the match ended before the situation was reached"
            seat = acting[0]
            self.submit(seat, choose(ENGINE.legal_actions(st, seat), self.rng))
        pytest.fail(f"situation not reached within {max_actions} actions")

    def edit(self, change) -> None:
        """Arranges a situation directly: ``change(state)`` edits the decoded state, which is
        stored back (the version stays; only for setting up a test)."""
        st = self.state()
        change(st)
        self.match.state = ENGINE.encode(st)
        self.match.save(update_fields=["state"])

    def give(self, seat: int, cards: dict) -> None:
        """Moves ``cards`` ({"ore": 3}) from the bank to ``seat``'s hand (cards stay conserved)."""
        def change(st):
            for name, n in cards.items():
                r = RESOURCE_INDEX[name]
                st.bank[r] -= n
                st.hands[seat][r] += n
        self.edit(change)

    def deal_dev(self, seat: int, card: str) -> None:
        """Moves one ``card`` from the development deck to ``seat``'s hand (not bought this turn)."""
        def change(st):
            d = DEV_INDEX[card]
            st.dev_left[d] -= 1
            st.dev_hands[seat][d] += 1
        self.edit(change)


@pytest.fixture
def hexfolk_table(match_factory, user_factory, tenant, monkeypatch):
    """``make(n=4, options=None, seed=SEED) -> Table``: n people (seat 0 creates) and a
    watcher, started with a fixed seed."""

    def make(n: int = 4, options: dict | None = None, seed: int = SEED) -> Table:
        users = [user_factory() for _ in range(n)]
        watcher = user_factory()
        with monkeypatch.context() as patch:
            patch.setattr(services.secrets, "randbits", lambda bits: seed)
            match = match_factory("hexfolk", users, options=options)
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


# --- what a seat may see -----------------------------------------------------------------------


def walk(obj):
    """Every dict inside ``obj`` (nested lists and dicts), depth first."""
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v)


def assert_view_for(view: dict, seat, state) -> None:
    """``view`` shows ``seat`` (None: a spectator) its own cards only, other seats as counts,
    and hidden victory point cards only once the game is over."""
    assert view["viewer"] == seat
    over = state.phase == "over"
    for key in OWN_KEYS:
        assert (key in view) == (seat is not None), f"{key} in the view of {seat}"
    if seat is not None:
        assert view["hand"] == ENGINE.view(state, seat)["hand"]
        assert sum(view["dev_cards"].values()) == sum(state.dev_hands[seat])
    for p in view["players"]:
        assert p["resource_count"] == sum(state.hands[p["seat"]])
        assert p["dev_card_count"] == sum(state.dev_hands[p["seat"]])
        for key in END_KEYS:
            assert (key in p) == over, f"{key} of seat {p['seat']} shown to {seat} (over: {over})"
    for d in walk(view):
        for key in SECRET_KEYS:
            assert key not in d, f"{key} in a view"


def assert_events_for(events: list, seat) -> None:
    """Only ``seat``'s own private events: the drawn development card and a stolen card
    seen by the thief and the victim alone; never the ``visible_to`` marker."""
    for d in walk(events):
        assert "visible_to" not in d
        if d.get("type") == "dev_card":
            assert d["seat"] == seat, f"seat {seat} sees seat {d['seat']}'s development card"
        if d.get("type") == "stolen_card":
            assert seat in (d["thief"], d["victim"]), f"seat {seat} sees which card was stolen"


def assert_snapshot_for(snap: dict, seat, state) -> None:
    """A whole snapshot (page, REST or WebSocket) for ``seat``."""
    assert snap["seat"] == seat
    assert_view_for(snap["view"], seat, state)
    assert_events_for(snap["events"], seat)
    if state.phase != "over":
        assert snap["seed"] is None
    if seat is None or seat not in ENGINE.to_act(state):
        assert snap["legal_actions"] == []
