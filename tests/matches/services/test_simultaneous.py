"""Simultaneous actions are the platform's business (issue: "an action from a seat in to_act
that is still legal is accepted even if another seat's action moved the version on; no game's
client needs its own retry-on-stale logic")."""
import threading

import pytest
from django.db import connection

from gameplatform.matches import services
from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match, MoveRecord
from games import registry


def ready(match, user, tenant, version):
    return services.submit_action(match_id=match.pk, tenant=tenant, user=user, action={"type": "ready"},
                                  expected_version=version)


@pytest.mark.django_db
def test_both_seats_answer_from_the_same_version(match_factory, member, other_member, tenant):
    match = match_factory("race", [member, other_member], options={"ready_phase": True})
    version = match.version
    first = ready(match, member, tenant, version)
    second = ready(match, other_member, tenant, version)  # chosen before the first move landed
    assert (first.version, second.version) == (version + 1, version + 2)
    assert Match.unscoped.get(pk=match.pk).state["phase"] == "race"


@pytest.mark.django_db
def test_a_seat_that_acted_since_is_stale(match_factory, member, other_member, user_factory, tenant):
    carol = user_factory("carol")
    match = match_factory("race", [member, other_member, carol], options={"ready_phase": True})
    version = match.version
    ready(match, member, tenant, version)
    with pytest.raises(ServiceError) as err:  # not in to_act any more: its turn to wait
        ready(match, member, tenant, version)
    assert err.value.code in ("stale_version", "not_your_turn")
    ready(match, other_member, tenant, version)
    assert MoveRecord.objects.filter(match=match).count() == 2


@pytest.mark.django_db
def test_an_old_view_of_a_one_seat_turn_is_still_stale(match_factory, member, other_member, tenant):
    """Outside a simultaneous window nothing changes: an action chosen on an old version is
    refused."""
    match = match_factory("race", [member, other_member])
    engine = registry.get_engine("race")
    seat = engine.to_act(match.state)[0]
    users = {0: member, 1: other_member}
    version = match.version
    services.submit_action(match_id=match.pk, tenant=tenant, user=users[seat], action={"type": "roll"},
                           expected_version=version)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=match.pk, tenant=tenant, user=users[1 - seat], action={"type": "roll"},
                               expected_version=version)
    assert err.value.code == "stale_version"


@pytest.mark.django_db(transaction=True)
def test_two_seats_acting_at_the_same_moment_both_count(match_factory, member, other_member, tenant):
    """Two threads (two connections on PostgreSQL) send their moves together, both at the
    version they saw: both are applied, one after the other, none refused as stale."""
    match = match_factory("race", [member, other_member], options={"ready_phase": True})
    version = match.version
    barrier = threading.Barrier(2)
    answers = {}

    def act(user):
        try:
            barrier.wait(5)
            answers[user.pk] = ready(match, user, tenant, version).version
        except ServiceError as exc:
            answers[user.pk] = exc.code
        finally:
            connection.close()

    threads = [threading.Thread(target=act, args=(u,)) for u in (member, other_member)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert sorted(answers.values()) == [version + 1, version + 2], answers
    assert Match.unscoped.get(pk=match.pk).state["phase"] == "race"
