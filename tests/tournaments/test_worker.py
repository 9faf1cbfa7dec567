"""Issue 28, point 7: "a whole 8-player Swiss of 3 rounds of a 4-player game played by bots
through the real worker (PostgreSQL, Redis, Celery), checking standings and tie-breaks against a
hand computation".

A real Celery worker (``task_worker``) plays the bot turns; each table's seats are handed to bots
(a moderator's hand-over) as the round starts. A match's end reaches the tournament only through
the core's ``MatchEnded`` event: the subscriber sends ``tournament_advance``, the worker decides
the table and pairs the next round.
"""
from __future__ import annotations

import pytest

from gameplatform.matches import services as match_services
from gameplatform.tournaments import lifecycle, services
from gameplatform.tournaments.models import Tournament, TournamentRound
from gameplatform.tournaments.standings import standings
from tests.tournaments.test_lifecycle import _hand_standings

pytestmark = pytest.mark.celery_worker


def test_an_8_player_swiss_of_3_rounds_at_4_player_tables_through_the_worker(
        race_engine, task_worker, tenant, user_factory, wait_for):
    moderator = user_factory("mod", role="moderator")
    tournament = services.tournament_create(tenant=tenant, user=moderator, name="Worker cup", game="race",
                                            options={"target": 8}, table_size=4, rounds=3, start_when_full=True,
                                            max_players=8)
    people = [user_factory(f"p{i}") for i in range(8)]
    for person in people:
        services.tournament_register(tenant=tenant, user=person, tournament_id=tournament.pk)
    # The last registration's task starts it on the worker (full, "start when full").
    wait_for(lambda: Tournament.unscoped.get(pk=tournament.pk).status == Tournament.Status.RUNNING, timeout=30)
    for number in (1, 2, 3):
        rnd = wait_for(lambda n=number: TournamentRound.objects.filter(tournament=tournament, number=n,
                                                                       started_at__isnull=False).first(), timeout=60)
        tables = list(rnd.tables.order_by("index"))
        assert len(tables) == 2 and all(t.match_id for t in tables)
        for table in tables:
            for seat in range(4):
                match_services.seat_hand_to_bot(match_id=table.match_id, seat_index=seat, kind="greedy")
        wait_for(lambda pk=rnd.pk: TournamentRound.objects.get(pk=pk).finished_at is not None, timeout=120)
    wait_for(lambda: Tournament.unscoped.get(pk=tournament.pk).status == Tournament.Status.FINISHED, timeout=30)
    assert lifecycle.due_ids() == []
    results = [(tuple(t.players), tuple(t.places))
               for r in TournamentRound.objects.filter(tournament=tournament).order_by("number")
               for t in r.tables.order_by("index")]
    assert len(results) == 6 and all(t.places is not None for r in tournament.round_set.all() for t in r.tables.all())
    for r in tournament.round_set.all():
        for t in r.tables.all():
            assert t.places == t.match.result["ranks"] and not t.adjudicated
    expected = _hand_standings(results)
    rows = standings(tournament)
    assert {r.user_id: (r.points, r.buchholz, r.sonneborn_berger) for r in rows} == expected  # quarters and halves: exact
    keys = [(r.points, r.buchholz, r.sonneborn_berger, r.head_to_head) for r in rows]
    assert keys == sorted(keys, reverse=True)
    # Every table's players were paired by standing: each played 3 tables.
    assert all(r.played == 3 for r in rows)
