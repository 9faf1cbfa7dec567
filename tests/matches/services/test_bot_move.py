"""bot_move: a bot's move chosen and applied in one transaction with the match row locked,
on one read of the match and its seats (bots.services.bot_take_turn uses it)."""
import pytest

from gameplatform.matches import services
from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match, MoveRecord, Seat
from games import registry

pytestmark = pytest.mark.django_db


def frozen(match):
    """What must not change when nothing is applied."""
    match = Match.unscoped.get(pk=match.pk)
    seats = list(Seat.objects.filter(match=match).order_by("index").values())
    return match.version, match.state, match.deadline, match.status, MoveRecord.objects.filter(match=match).count(), seats


@pytest.fixture
def bots(match_factory):
    """A race of two random bots."""
    return match_factory("race", ["random", "random"])


def test_the_chosen_action_is_applied_as_a_bots(bots):
    engine = registry.get_engine("race")
    acting = engine.to_act(bots.state)[0]
    asked = []

    def choose(engine_, state, seat):
        asked.append((engine_.slug, state, seat.index, seat.bot_kind))
        return {"type": "roll"}

    outcome = services.bot_move(match_id=bots.pk, version=bots.version, choose=choose)
    assert asked == [("race", bots.state, acting, "random")]
    assert (outcome.version, outcome.seat, outcome.duplicate) == (bots.version + 1, acting, False)
    record = MoveRecord.objects.get(match=bots, seq=outcome.version)
    assert (record.seat, record.action, record.actor, record.client_action_id) == (acting, {"type": "roll"}, "bot", None)
    assert Match.unscoped.get(pk=bots.pk).version == outcome.version


def test_a_stale_version_or_a_match_that_is_over_asks_no_bot(bots, moderator):
    def choose(*args):
        raise AssertionError("not asked")

    before = frozen(bots)
    assert services.bot_move(match_id=bots.pk, version=bots.version - 1, choose=choose) is None
    assert services.bot_move(match_id=10**9, version=1, choose=choose) is None
    assert frozen(bots) == before
    services.match_abort(match_id=bots.pk, by=moderator)
    assert services.bot_move(match_id=bots.pk, version=bots.version + 1, choose=choose) is None


def test_a_persons_seat_is_never_offered_to_a_bot(match_factory, member):
    match = match_factory("race", [member, "random"])
    engine = registry.get_engine("race")
    asked = []
    result = services.bot_move(match_id=match.pk, version=match.version,
                               choose=lambda e, state, seat: asked.append(seat.index) or {"type": "roll"})
    if engine.to_act(match.state) == (0,):
        assert result is None and asked == []
    else:
        assert result is not None and asked == [1]


def test_a_waiting_bot_yields_and_none_choosing_changes_nothing(match_factory):
    match = match_factory("race", ["random", "random"], options={"ready_phase": True})
    asked = []
    before = frozen(match)
    assert services.bot_move(match_id=match.pk, version=match.version,
                             choose=lambda e, state, seat: asked.append(seat.index)) is None
    assert asked == [0, 1] and frozen(match) == before


@pytest.mark.parametrize(("action", "code"), [
    ({"type": "fly"}, None),  # the engine's refusal
    ("roll", "invalid_action"),
    ({"type": "roll", "pad": "x" * 5000}, "action_too_large"),
])
def test_a_refused_choice_raises_400_and_changes_nothing(bots, action, code):
    before = frozen(bots)
    with pytest.raises(ServiceError) as err:
        services.bot_move(match_id=bots.pk, version=bots.version, choose=lambda e, state, seat: action)
    assert err.value.status == 400 and err.value.field == "action"
    if code is not None:
        assert err.value.code == code
    assert frozen(bots) == before
