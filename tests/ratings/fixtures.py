"""Fixtures of the rating, profile and settings tests (a pytest plugin: tests/conftest.py loads
it, so tests/players and tests/api use them too): the test game "podium" (tests/ratings/podium.py),
whose match ends on its first action with the ranks the lobby chose, and ``finish``, which
plays such a match through the real services (``match_create``, ``match_start``,
``submit_action``)."""
from __future__ import annotations

from collections.abc import Sequence

import pytest

from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from games import registry
from tests.ratings import podium as podium_module


@pytest.fixture
def podium(monkeypatch):
    """Registers the game "podium" for this test."""
    monkeypatch.setitem(registry.GAMES, podium_module.SLUG, "tests.fake_game")
    monkeypatch.setitem(registry._cache, podium_module.SLUG, podium_module.ENGINE)
    return podium_module.ENGINE


@pytest.fixture
def open_podium(podium, tenant):
    """``make(players, ranks=None, *, team_layout="none", rated=None, tenant=tenant) -> Match``:
    a podium match with ``players`` seated (Users, or bot kinds such as "random"), started,
    its first action not played yet. The creator is the first person listed."""
    default_tenant = tenant

    def make(players: Sequence, ranks=None, *, team_layout="none", rated=None, tenant=default_tenant) -> Match:
        people = [p for p in players if not isinstance(p, str)]
        creator = people[0]
        match = services.match_create(
            tenant=tenant, user=creator, game=podium_module.SLUG, seats=len(players), team_layout=team_layout,
            options={"ranks": list(ranks)} if ranks is not None else None, rated=rated,
        )
        for index, player in enumerate(players):
            if isinstance(player, str):
                Seat.objects.filter(match=match, index=index).update(user=None, bot_kind=player)
            else:
                Seat.objects.filter(match=match, index=index).update(user=player, bot_kind="")
        return services.match_start(tenant=tenant, user=creator, match_id=match.pk)

    return make


def play_finish(match: Match, tenant=None, **kwargs):
    """Plays the podium match's only action (seat 0: its person, else as its bot)."""
    match.refresh_from_db()
    seat0 = Seat.objects.get(match=match, index=0)
    if seat0.user_id is not None and not seat0.bot_kind:
        return services.submit_action(match_id=match.pk, tenant=tenant or match.tenant, user=seat0.user,
                                      action={"type": "finish"}, expected_version=match.version, **kwargs)
    return services.submit_action(match_id=match.pk, seat=0, actor="bot", action={"type": "finish"},
                                  expected_version=match.version, **kwargs)


@pytest.fixture
def finish(open_podium):
    """``finish(players, ranks=None, **kw) -> Match``: ``open_podium`` then its action: the
    match, finished (re-read)."""

    def run(players, ranks=None, **kwargs) -> Match:
        match = open_podium(players, ranks, **kwargs)
        play_finish(match)
        match.refresh_from_db()
        return match

    return run
