"""The matches' entries of the audit trail (issue 27, point 3: "match aborts, seats handed to
bots and back"): each recorded once with actor, target, subject, reason and time, in the
acting service's transaction; a refused action records nothing."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services, timers
from gameplatform.matches.models import Match, Seat
from gameplatform.tenants.models import AuditEntry
from games import registry

pytestmark = pytest.mark.django_db
Action = AuditEntry.Action


def entries(tenant, action):
    return list(AuditEntry.objects.for_tenant(tenant).filter(action=action))


@pytest.fixture
def race(match_factory, member, other_member):
    return match_factory("race", [member, other_member], turn_seconds=60)


def acting_seat(match) -> Seat:
    engine = registry.get_engine(match.game)
    index = engine.to_act(engine.decode(match.state))[0]
    return Seat.objects.select_related("user").get(match=match, index=index)


def test_abort_is_recorded_once_with_who_which_match_and_why(race, tenant, moderator):
    """Point 3: "match aborts ... record who, which match subject="match:<id>", reason"."""
    before = timezone.now()
    services.match_abort(match_id=race.pk, by=moderator, reason="players left")
    [entry] = entries(tenant, Action.MATCH_ABORT)
    assert (entry.actor, entry.subject, entry.reason, entry.target) == (moderator, f"match:{race.pk}",
                                                                        "players left", None)
    assert entry.created_at >= before
    with pytest.raises(ServiceError):  # a refused abort (already over) records nothing
        services.match_abort(match_id=race.pk, by=moderator, reason="again")
    assert len(entries(tenant, Action.MATCH_ABORT)) == 1


def test_abort_with_a_reason_too_long_changes_nothing(race, tenant, moderator):
    """"Bad input never ... changes state": 400 naming ``reason``, the match goes on."""
    with pytest.raises(ServiceError) as err:
        services.match_abort(match_id=race.pk, by=moderator, reason="x" * 201)
    assert (err.value.status, err.value.field) == (400, "reason")
    assert Match.unscoped.get(pk=race.pk).status == Match.Status.ACTIVE
    assert not entries(tenant, Action.MATCH_ABORT)


def test_seat_handed_to_a_bot_by_a_moderator_and_taken_back(race, tenant, moderator):
    """Point 3: "seats handed to a bot by a moderator and given back": the hand-over names the
    moderator and the person; taking it back names the person."""
    seat = acting_seat(race)
    person = seat.user
    services.seat_hand_to_bot(match_id=race.pk, seat_index=seat.index, by=moderator, reason="away")
    [over] = entries(tenant, Action.SEAT_TO_BOT)
    assert (over.actor, over.target, over.subject, over.reason) == (moderator, person, f"match:{race.pk}", "away")
    assert over.details["seat"] == seat.index and over.details["bot_kind"]
    services.seat_resume(tenant=tenant, user=person, match_id=race.pk)
    [back] = entries(tenant, Action.SEAT_BACK)
    assert (back.actor, back.target, back.subject) == (person, person, f"match:{race.pk}")


def test_refused_hand_over_records_nothing(race, tenant, moderator):
    """Point 3: a refused action (an unknown bot kind) leaves no entry."""
    with pytest.raises(ServiceError):
        services.seat_hand_to_bot(match_id=race.pk, seat_index=0, kind="nonsense", by=moderator)
    assert not entries(tenant, Action.SEAT_TO_BOT)


def test_resume_without_a_takeover_records_nothing(race, tenant, member):
    """Only a seat that was a bot's is "given back"."""
    services.seat_resume(tenant=tenant, user=member, match_id=race.pk)
    assert not entries(tenant, Action.SEAT_BACK)


def test_the_sites_takeover_after_timeouts_is_recorded_with_no_actor(race, tenant):
    """Point 3: "an automatic takeover after time-outs is the site's, actor None — record it
    too, it is a seat handed to a bot"."""
    seat = acting_seat(race)
    Seat.objects.filter(pk=seat.pk).update(timeouts_in_row=2)
    Match.unscoped.filter(pk=race.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert timers.turn_expire(match_id=race.pk, version=race.version) >= 1
    [entry] = entries(tenant, Action.SEAT_TO_BOT)
    assert (entry.actor, entry.target, entry.subject) == (None, seat.user, f"match:{race.pk}")
    assert entry.details["automatic"] is True
