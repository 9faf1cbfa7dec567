"""Fixtures of the site-page tests: people, two communities, signed-in test clients and
Hextopia matches in each state, made through the real services (matches.services)."""
import random

import pytest
from django.test import Client

from accounts.models import User
from gameplatform.matches import services
from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership, Tenant
from gameplatform.tenants.selectors import tenant_default
from games.registry import get_engine

OTHER_HOST = "elsewhere.example"


@pytest.fixture
def tenant(db):
    """The default community, served on testserver."""
    return tenant_default()


@pytest.fixture
def other_tenant(db):
    """A second (open) community on its own host."""
    return Tenant.objects.create(slug="elsewhere", name="Elsewhere", domain=OTHER_HOST, is_open=True)


@pytest.fixture
def make_user(db, tenant):
    """``make_user("alice", member_of=[tenant])``: an active player of the given communities."""

    def make(username: str, *, member_of=None) -> User:
        user = User.objects.create_user(username=username, password="pw-not-used-9", email=f"{username}@example.org")
        for t in (tenant,) if member_of is None else member_of:
            Membership.objects.create(user=user, tenant=t, role=Membership.Role.PLAYER)
        return user

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def client_for():
    """``client_for(user, host="testserver")``: a Django test client signed in as ``user``."""

    def make(user=None, host: str = "testserver") -> Client:
        c = Client(HTTP_HOST=host)
        if user is not None:
            c.force_login(user)
        return c

    return make


@pytest.fixture
def open_match(tenant, alice):
    """A 2-seat Hextopia match created by alice (seat 0), seat 1 free."""
    return services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Friday game")


@pytest.fixture
def active_match(tenant, open_match, alice, bob):
    """alice (seat 0) v bob (seat 1), started."""
    services.match_join(tenant=tenant, user=bob, match_id=open_match.pk)
    return services.match_start(tenant=tenant, user=alice, match_id=open_match.pk)


def play_out(match: Match, max_actions: int = 3000) -> Match:
    """Plays ``match`` to its end with the heuristic bot choosing for every seat, through
    ``submit_action`` as the bot actor (each seat must be a bot seat)."""
    engine = get_engine(match.game)
    bot = engine.bots()["heuristic"]()
    rng = random.Random(7)
    for _ in range(max_actions):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        state = engine.decode(match.state)
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        action = bot.choose(engine.view(state, seat), legal, rng)
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version, seat=seat, actor="bot")
    raise AssertionError("the match did not end")


@pytest.fixture
def finished_match(tenant, alice):
    """A 2-seat match alice created and gave to two bots (her own seat too), played out."""
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Bots only")
    for i in (0, 1):
        services.seat_assign_bot(tenant=tenant, user=alice, match_id=match.pk, seat_index=i, kind="heuristic")
    match = services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    return play_out(match)
