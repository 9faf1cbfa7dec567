"""Simultaneous actions are the platform's business (issue: "an action from a seat in to_act
that is still legal is accepted even if another seat's action moved the version on; no game's
client needs its own retry-on-stale logic")."""
import threading

import pytest
from django.db import connection

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
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


@pytest.mark.django_db
def test_an_answer_to_an_offer_that_is_gone_is_stale(match_factory, member, other_member, user_factory, tenant):
    """The window closes when the set of seats to act changes otherwise than by the acting seat
    leaving it (the offer withdrawn, a new turn): an answer chosen before is then stale, even
    when its seat acts again in the new set."""
    from gameplatform.matches.models import Seat

    carol = user_factory("carol")
    match = match_factory("hexfolk", [member, other_member, carol])
    # Setup through the bots' hands is long; hand the seats to bots, play to the first offer.
    from gameplatform.bots.services import bot_take_turn

    for index in (0, 1, 2):
        services.seat_hand_to_bot(match_id=match.pk, seat_index=index, kind="random")
    engine = registry.get_engine("hexfolk")
    for _ in range(3000):
        match.refresh_from_db()
        state = engine.decode(match.state)
        if state.phase == "trade" and len(engine.to_act(state)) > 2:
            break
        assert bot_take_turn(match_id=match.pk, version=match.version)
    else:
        pytest.skip("no three-way offer in this game")
    offer_version = match.version
    offerer = state.turn
    responder = (offerer + 1) % 3  # the next player: to act again once the turn passes
    assert responder in engine.to_act(state)
    # The offerer ends the turn (which withdraws the offer): the next player, who was asked, is
    # to act again, but the answer chosen before is stale, not an answer to the new turn.
    services.submit_action(match_id=match.pk, action={"type": "end_turn"}, expected_version=offer_version,
                           seat=offerer, actor="bot")
    match.refresh_from_db()
    assert responder in engine.to_act(engine.decode(match.state))
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=match.pk, action={"type": "decline_trade"},
                               expected_version=offer_version, seat=responder, actor="bot")
    assert err.value.code == "stale_version"
    assert Seat.objects.filter(match=match).count() == 3
