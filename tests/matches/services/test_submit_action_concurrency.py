"""Eight people (or eight tabs) submit at the same instant with the same expected_version: the
row lock lets exactly one action through; the others get stale_version (or, with the same
client_action_id, the first answer again). Real threads and connections, so it runs against a
transactional database: PostgreSQL's row lock, SQLite's IMMEDIATE transactions."""
import threading

import pytest
from django.db import connection

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord, Seat
from games import registry

THREADS = 8


def race_all(call):
    """Runs ``call(i)`` in THREADS threads released together; returns results or errors."""
    barrier = threading.Barrier(THREADS)
    results = [None] * THREADS

    def run(i):
        try:
            barrier.wait()
            results[i] = call(i)
        except Exception as exc:  # collected and asserted by the test
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.fixture
def race(transactional_db, match_factory, member, other_member):
    return match_factory("race", [member, other_member])


def mover(match):
    seat = registry.get_engine("race").to_act(match.state)[0]
    return Seat.objects.get(match=match, index=seat).user


def test_same_move_from_eight_threads_applies_once(race, tenant):
    user = mover(race)
    results = race_all(lambda i: services.submit_action(
        match_id=race.pk, tenant=tenant, user=user, action={"type": "roll"}, expected_version=race.version,
        client_action_id=f"tab-{i}"))
    applied = [r for r in results if isinstance(r, services.ActionOutcome)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(applied) == 1 and len(refused) == THREADS - 1, results
    assert {(e.status, e.code) for e in refused} == {(409, "stale_version")}
    assert MoveRecord.objects.filter(match=race).count() == 1
    assert Match.unscoped.get(pk=race.pk).version == race.version + 1


def test_same_client_action_id_from_eight_threads_gets_one_answer(race, tenant):
    user = mover(race)
    results = race_all(lambda i: services.submit_action(
        match_id=race.pk, tenant=tenant, user=user, action={"type": "roll"}, expected_version=race.version,
        client_action_id="retry-storm"))
    assert all(isinstance(r, services.ActionOutcome) for r in results), results
    assert sum(not r.duplicate for r in results) == 1
    assert {(r.version, r.seat) for r in results} == {(race.version + 1, results[0].seat)}
    assert MoveRecord.objects.filter(match=race).count() == 1
