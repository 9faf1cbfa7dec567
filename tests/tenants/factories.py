"""Builders shared by the tenancy, accounts and admin tests: users, communities, memberships
and Hextopia matches made straight from the engine (no lobby needed)."""
import itertools

import pytest
from django.contrib.auth import get_user_model

from gameplatform.matches.models import Match, MoveRecord, Seat, seed_commitment
from gameplatform.tenants.models import Membership, Tenant
from games.protocol import SeatSpec
from games.registry import get_engine

PASSWORD = "correct-horse-battery-9"
_seq = itertools.count(1)


def make_user(username=None, *, password=PASSWORD, **fields):
    """An active user with a usable password and an email address."""
    username = username or f"user{next(_seq)}"
    fields.setdefault("email", f"{username}@example.org")
    return get_user_model().objects.create_user(username=username, password=password, **fields)


def make_tenant(slug, *, is_open=True, domain=None, name=None):
    return Tenant.objects.create(slug=slug, name=name or slug.title(), is_open=is_open, domain=domain)


def make_member(user, tenant, role=Membership.Role.PLAYER):
    return Membership.objects.create(user=user, tenant=tenant, role=role)


def make_moderator(username, tenant, role=Membership.Role.MODERATOR):
    """A staff user (not superuser) with a moderator (or owner) membership of ``tenant``."""
    user = make_user(username, is_staff=True)
    make_member(user, tenant, role)
    return user


def make_hextopia_match(tenant, users, *, status=Match.Status.ACTIVE, seed=987654321, title=""):
    """A 4-seat Hextopia match set up by the engine, seats taken by ``users`` (None: empty),
    with one recorded move so the history is not empty."""
    engine = get_engine("hextopia")
    options = engine.validate_options({})
    state = engine.setup(options, [SeatSpec()] * 4, seed)
    match = Match.unscoped.create(
        tenant=tenant, game="hextopia", title=title, options=options, status=status,
        seed=seed, seed_commitment=seed_commitment(seed), state=engine.encode(state), version=1,
    )
    for index, user in enumerate(users):
        Seat.objects.create(match=match, index=index, user=user)
    MoveRecord.objects.create(
        match=match, seq=1, seat=0, action={"type": "discard", "card": "4C"},
        events=[{"type": "discarded", "seat": 0}, {"type": "hand", "cards": ["QS", "KH"], "visible_to": [0]}],
    )
    return match


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """MD5 instead of PBKDF2 in tests: hashing dominates sign-up/login test time otherwise."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
