"""seat_resume (the owner is back), and the admin's match_abort and seat_hand_to_bot (issue 14)."""
import pytest

from gameplatform.bots.services import bot_take_turn
from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord, Seat
from games import registry

pytestmark = pytest.mark.django_db


def acting(match):
    engine = registry.get_engine(match.game)
    return engine.to_act(engine.decode(match.state))


@pytest.fixture
def race(match_factory, member, other_member):
    return match_factory("race", [member, other_member], turn_seconds=60)


# --- seat_resume ------------------------------------------------------------------------------


def test_resume_clears_the_takeover_and_stops_the_bot(race, tenant):
    index = acting(race)[0]
    seat = Seat.objects.get(match=race, index=index)
    Seat.objects.filter(pk=seat.pk).update(bot_takeover=True, timeouts_in_row=3)
    resumed = services.seat_resume(tenant=tenant, user=seat.user, match_id=race.pk)
    assert (resumed.bot_takeover, resumed.timeouts_in_row) == (False, 0)
    after = Match.unscoped.get(pk=race.pk)
    assert after.version == race.version + 1 and after.bot_due_at is None
    assert bot_take_turn(match_id=race.pk, version=after.version) is False


def test_resume_without_a_takeover_changes_nothing(race, tenant, member):
    services.seat_resume(tenant=tenant, user=member, match_id=race.pk)
    assert Match.unscoped.get(pk=race.pk).version == race.version


def test_resume_without_a_seat_is_refused(race, tenant, user_factory):
    with pytest.raises(ServiceError) as err:
        services.seat_resume(tenant=tenant, user=user_factory(), match_id=race.pk)
    assert (err.value.status, err.value.code) == (403, "not_seated")


# --- match_abort ------------------------------------------------------------------------------


def test_abort_ends_an_active_match_and_its_clock(race, moderator):
    services.match_abort(match_id=race.pk, by=moderator)
    after = Match.unscoped.get(pk=race.pk)
    assert (after.status, after.deadline, after.bot_due_at) == (Match.Status.ABORTED, None, None)
    assert after.finished_at is not None and after.version == race.version + 1
    with pytest.raises(ServiceError) as err:
        services.match_abort(match_id=race.pk, by=moderator)
    assert (err.value.status, err.value.code, err.value.message) == (409, "match_over", services.MATCH_OVER)


def test_abort_of_a_missing_match_is_a_404(db, moderator):
    with pytest.raises(ServiceError) as err:
        services.match_abort(match_id=10**9, by=moderator)
    assert (err.value.status, err.value.code) == (404, "match_not_found")


# --- seat_hand_to_bot -------------------------------------------------------------------------


def test_handed_seat_is_played_by_its_bot_until_its_player_takes_it_back(race, tenant):
    """Issue 8: "a moderator's hand-over can be taken back by the player ("I'm back"), as
    after time-outs", and the bot's moves are marked as the hand-over's in the record."""
    index = acting(race)[0]
    person = Seat.objects.get(match=race, index=index).user
    seat = services.seat_hand_to_bot(match_id=race.pk, seat_index=index, kind="greedy")
    assert (seat.bot_kind, seat.user, seat.bot_plays) == ("greedy", person, True)
    race.refresh_from_db()
    assert race.bot_due_at is not None
    assert bot_take_turn(match_id=race.pk, version=race.version) is True
    assert MoveRecord.objects.filter(match=race).order_by("-seq").first().actor == "handover"
    back = services.seat_resume(tenant=tenant, user=person, match_id=race.pk)
    assert (back.bot_kind, back.user, back.bot_plays) == ("", person, False)
    from gameplatform.matches import selectors

    assert selectors.seat_of(match=race, user=person).index == index


def test_hand_over_defaults_to_the_strongest_bot_the_game_lists(race):
    assert services.seat_hand_to_bot(match_id=race.pk, seat_index=1).bot_kind == "greedy"


def test_hextopia_seat_gets_the_heuristic_bot(match_factory, member, other_member):
    match = match_factory("hextopia", [member, other_member])
    assert services.seat_hand_to_bot(match_id=match.pk, seat_index=1).bot_kind == "heuristic"


def test_open_match_seat_is_emptied_for_the_bot(race_engine, tenant, member, other_member):
    match = services.match_create(tenant=tenant, user=member, game="race", seats=2)
    services.match_join(tenant=tenant, user=other_member, match_id=match.pk)
    seat = services.seat_hand_to_bot(match_id=match.pk, seat_index=1, kind="random")
    assert (seat.user, seat.bot_kind) == (None, "random")


@pytest.mark.parametrize(("seat_index", "kind", "code"), [
    (2, "random", "invalid_seat_index"),
    (None, "random", "invalid_seat_index"),
    (0, "chess-engine", "unknown_bot_kind"),
    (0, 5, "unknown_bot_kind"),
])
def test_bad_hand_over_is_a_400(race, seat_index, kind, code):
    with pytest.raises(ServiceError) as err:
        services.seat_hand_to_bot(match_id=race.pk, seat_index=seat_index, kind=kind)
    assert (err.value.status, err.value.code) == (400, code)
    assert not Seat.objects.filter(match=race).exclude(bot_kind="").exists()


def test_hand_over_in_a_finished_match_is_refused(race, moderator):
    services.match_abort(match_id=race.pk, by=moderator)
    with pytest.raises(ServiceError) as err:
        services.seat_hand_to_bot(match_id=race.pk, seat_index=0, kind="random")
    assert (err.value.status, err.value.code) == (409, "match_over")
