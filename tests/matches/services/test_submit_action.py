"""submit_action: the one way a match moves on (architecture.md, "One action, end to end")."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.tenants.services import INVITE_ONLY, NOT_SIGNED_IN
from games import registry
from tests import fake_engine

pytestmark = pytest.mark.django_db


def to_act(match):
    """The first seat that must act now, and its Seat row."""
    engine = registry.get_engine(match.game)
    index = engine.to_act(engine.decode(match.state))[0]
    return index, Seat.objects.get(match=match, index=index)


def legal(match, index):
    engine = registry.get_engine(match.game)
    return engine.legal_actions(engine.decode(match.state), index)


def frozen(match):
    """What must not change when an action is refused."""
    match = Match.unscoped.get(pk=match.pk)
    seats = list(Seat.objects.filter(match=match).order_by("index").values())
    return match.version, match.state, match.deadline, match.status, MoveRecord.objects.filter(match=match).count(), seats


def play(match, tenant, **kw):
    """The acting person's first legal action, submitted."""
    index, seat = to_act(match)
    kw.setdefault("action", legal(match, index)[0])
    kw.setdefault("expected_version", match.version)
    return services.submit_action(match_id=match.pk, tenant=tenant, user=seat.user, **kw)


@pytest.fixture
def race(match_factory, member, other_member):
    return match_factory("race", [member, other_member])


def test_action_is_applied_and_recorded(race, tenant):
    index, seat = to_act(race)
    action = {"type": "play", "card": race.state["hands"][index][0]}
    outcome = services.submit_action(
        match_id=race.pk, tenant=tenant, user=seat.user, action=action,
        expected_version=race.version, client_action_id="c-1",
    )
    race_after = Match.unscoped.get(pk=race.pk)
    assert outcome.version == race.version + 1 == race_after.version
    assert outcome.seat == index and outcome.duplicate is False
    record = MoveRecord.objects.get(match=race)
    assert (record.seq, record.seat, record.action, record.actor, record.client_action_id) == (
        race_after.version, index, action, "user", "c-1")
    assert record.events[0] == {"type": "played", "seat": index, "card": action["card"]}
    assert race_after.state["positions"][index] == action["card"]
    assert race_after.state["turn"] == 1 - index


def test_outcome_carries_only_the_events_the_seat_may_see(race, tenant):
    index, _ = to_act(race)
    outcome = play(race, tenant, action={"type": "play", "card": race.state["hands"][index][0]})
    drew = [e for e in outcome.events if e["type"] == "drew"]
    assert len(drew) == 1 and "visible_to" not in drew[0]
    stored = MoveRecord.objects.get(match=race).events
    assert [e for e in stored if e["type"] == "drew"][0]["visible_to"] == [index]


@pytest.mark.parametrize(
    ("kwargs", "code", "field", "message"),
    [
        ({"action": ["roll"]}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": "roll"}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": None}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": {}}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": {"type": 3}}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": {"type": "roll", "x": {1, 2}}}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": {"type": "roll", "x": float("nan")}}, "invalid_action", "action", services.ACTION_INVALID),
        ({"action": {"type": "roll", "x": "y" * 5000}}, "action_too_large", "action", services.ACTION_TOO_LARGE),
        ({"expected_version": "0"}, "invalid_expected_version", "expected_version", services.VERSION_INVALID),
        ({"expected_version": 1.0}, "invalid_expected_version", "expected_version", services.VERSION_INVALID),
        ({"expected_version": True}, "invalid_expected_version", "expected_version", services.VERSION_INVALID),
        ({"expected_version": -1}, "invalid_expected_version", "expected_version", services.VERSION_INVALID),
        ({"expected_version": None}, "invalid_expected_version", "expected_version", services.VERSION_INVALID),
        ({"client_action_id": ""}, "invalid_client_action_id", "client_action_id", services.CLIENT_ACTION_ID_INVALID),
        ({"client_action_id": "x" * 65}, "invalid_client_action_id", "client_action_id",
         services.CLIENT_ACTION_ID_INVALID),
        ({"client_action_id": 7}, "invalid_client_action_id", "client_action_id", services.CLIENT_ACTION_ID_INVALID),
        ({"actor": "god"}, "invalid_actor", "actor", services.ACTOR_INVALID),
        ({"seat": 1}, "invalid_seat_index", "seat", services.SEAT_NOT_FOR_PEOPLE),
    ],
)
def test_malformed_input_is_a_400_naming_the_field_and_changes_nothing(race, tenant, kwargs, code, field, message):
    before = frozen(race)
    with pytest.raises(ServiceError) as err:
        play(race, tenant, **kwargs)
    assert (err.value.status, err.value.code, err.value.field, err.value.message) == (400, code, field, message)
    assert frozen(race) == before


@pytest.mark.parametrize("match_id", ["abc", "", -1, 0, None, True, 1.5, [1], "9" * 30])
def test_malformed_match_id_is_a_400(race, tenant, match_id):
    _, seat = to_act(race)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=match_id, tenant=tenant, user=seat.user, action={"type": "roll"},
                               expected_version=0)
    assert (err.value.status, err.value.code, err.value.field) == (400, "invalid_match_id", "match_id")


@pytest.mark.parametrize("seat", [None, "0", -1, 2, True])
def test_task_with_a_bad_seat_is_a_400(race, seat):
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=race.pk, action={"type": "roll"}, expected_version=race.version,
                               seat=seat, actor="timeout")
    assert (err.value.status, err.value.code, err.value.field) == (400, "invalid_seat_index", "seat")


def test_illegal_action_is_the_engines_400_and_changes_nothing(race, tenant):
    before = frozen(race)
    index, _ = to_act(race)
    missing = 9  # cards run 1-3
    with pytest.raises(ServiceError) as err:
        play(race, tenant, action={"type": "play", "card": missing})
    assert (err.value.status, err.value.code, err.value.message, err.value.field) == (
        400, "not_in_hand", fake_engine.NOT_IN_HAND, "action")
    assert frozen(race) == before


def test_engine_crash_on_garbage_is_still_a_400(race, tenant, monkeypatch):
    def crash(state, seat, action):
        raise TypeError("engine bug")

    monkeypatch.setattr(fake_engine.ENGINE, "apply", crash)
    before = frozen(race)
    with pytest.raises(ServiceError) as err:
        play(race, tenant, action={"type": "roll"})
    assert (err.value.status, err.value.code, err.value.message) == (400, "malformed_action", services.ACTION_MALFORMED)
    assert frozen(race) == before


def test_not_your_turn_is_a_409(race, tenant):
    index, _ = to_act(race)
    other = Seat.objects.get(match=race, index=1 - index)
    before = frozen(race)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=race.pk, tenant=tenant, user=other.user, action={"type": "roll"},
                               expected_version=race.version)
    assert (err.value.status, err.value.code, err.value.message) == (409, "not_your_turn", services.NOT_YOUR_TURN)
    assert frozen(race) == before


def test_stale_version_is_a_409_and_changes_nothing(race, tenant):
    play(race, tenant, action={"type": "roll"})
    race.refresh_from_db()
    before = frozen(race)
    with pytest.raises(ServiceError) as err:
        play(race, tenant, action={"type": "roll"}, expected_version=race.version - 1)
    assert (err.value.status, err.value.code, err.value.message) == (409, "stale_version", services.STALE_VERSION)
    with pytest.raises(ServiceError) as err:
        play(race, tenant, action={"type": "roll"}, expected_version=race.version + 1)
    assert err.value.code == "stale_version"
    assert frozen(race) == before


def test_member_without_a_seat_is_refused(race, tenant, user_factory):
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=race.pk, tenant=tenant, user=user_factory(), action={"type": "roll"},
                               expected_version=race.version)
    assert (err.value.status, err.value.code, err.value.message) == (403, "not_seated", services.NOT_SEATED)


def test_anonymous_and_suspended_users_are_refused(race, tenant):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=race.pk, tenant=tenant, user=AnonymousUser(), action={"type": "roll"},
                               expected_version=race.version)
    assert (err.value.status, err.value.code, err.value.message) == (403, "not_member", NOT_SIGNED_IN)
    _, seat = to_act(race)
    seat.user.is_active = False
    seat.user.save()
    with pytest.raises(ServiceError) as err:
        play(race, tenant, action={"type": "roll"})
    assert (err.value.status, err.value.code) == (403, "not_member")


def test_another_tenants_match_is_not_found(match_factory, other_tenant, user_factory, tenant):
    from gameplatform.tenants.models import Membership

    stranger_match = match_factory("race", [user_factory(tenant=other_tenant), "random"], tenant=other_tenant)
    # Even a member of both tenants cannot reach it through this tenant.
    player = Seat.objects.get(match=stranger_match, index=0).user
    Membership.objects.create(user=player, tenant=tenant)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=stranger_match.pk, tenant=tenant, user=player, action={"type": "roll"},
                               expected_version=stranger_match.version)
    assert (err.value.status, err.value.code) == (404, "match_not_found")
    with pytest.raises(ServiceError) as missing:
        services.submit_action(match_id=10**9, tenant=tenant, user=player, action={"type": "roll"},
                               expected_version=0)
    assert (missing.value.status, missing.value.code, missing.value.message) == (
        err.value.status, err.value.code, err.value.message)


def test_non_member_of_an_invite_only_tenant_is_refused(match_factory, other_tenant, user_factory):
    match = match_factory("race", [user_factory(tenant=other_tenant), "random"], tenant=other_tenant)
    outsider = user_factory(tenant=None)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=match.pk, tenant=other_tenant, user=outsider, action={"type": "roll"},
                               expected_version=match.version)
    assert (err.value.status, err.value.code, err.value.message) == (403, "not_member", INVITE_ONLY)


def test_repeated_client_action_id_returns_the_first_outcome(race, tenant):
    first = play(race, tenant, action={"type": "roll"}, client_action_id="same")
    race.refresh_from_db()
    again = services.submit_action(
        match_id=race.pk, tenant=tenant, user=Seat.objects.get(match=race, index=first.seat).user,
        action={"type": "roll"}, expected_version=race.version - 1, client_action_id="same",
    )
    assert again == services.ActionOutcome(first.version, first.seat, first.events, duplicate=True)
    assert MoveRecord.objects.filter(match=race).count() == 1
    assert Match.unscoped.get(pk=race.pk).version == first.version


def test_client_action_id_of_another_seat_is_refused(race, tenant):
    first = play(race, tenant, action={"type": "roll"}, client_action_id="mine")
    race.refresh_from_db()
    before = frozen(race)
    with pytest.raises(ServiceError) as err:
        play(race, tenant, action={"type": "roll"}, client_action_id="mine")
    assert (err.value.status, err.value.code, err.value.message) == (
        409, "client_action_id_reused", services.CLIENT_ACTION_ID_REUSED)
    assert first.seat != to_act(race)[0]
    assert frozen(race) == before


def test_last_move_finishes_the_match_and_a_retry_still_gets_its_answer(match_factory, member, other_member, tenant):
    match = match_factory("race", [member, other_member], options={"target": 5}, turn_seconds=60)
    outcome = None
    while match.status == Match.Status.ACTIVE:
        outcome = play(match, tenant, action={"type": "roll"}, client_action_id=f"m{match.version}")
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.deadline is None and match.bot_due_at is None and match.finished_at is not None
    winner = outcome.seat
    assert match.result["winners"] == [winner] and match.result["ranks"][winner] == 1
    assert any(e["type"] == "game_over" for e in outcome.events)
    retry = services.submit_action(
        match_id=match.pk, tenant=tenant, user=Seat.objects.get(match=match, index=winner).user,
        action={"type": "roll"}, expected_version=outcome.version - 1, client_action_id=f"m{outcome.version - 1}",
    )
    assert retry.duplicate and retry.version == outcome.version
    with pytest.raises(ServiceError) as err:
        play_after_end = {"type": "roll"}
        services.submit_action(match_id=match.pk, tenant=tenant, user=member, action=play_after_end,
                               expected_version=match.version)
    assert (err.value.status, err.value.code, err.value.message) == (409, "match_not_active", services.MATCH_NOT_ACTIVE)


def test_each_action_restarts_the_turn_clock(match_factory, member, other_member, tenant):
    match = match_factory("race", [member, other_member], turn_seconds=90)
    assert match.deadline is not None
    before = timezone.now()
    play(match, tenant, action={"type": "roll"})
    match.refresh_from_db()
    assert before + timedelta(seconds=89) < match.deadline <= timezone.now() + timedelta(seconds=90)


def test_unlimited_turns_have_no_deadline(race, tenant):
    play(race, tenant, action={"type": "roll"})
    race.refresh_from_db()
    assert race.deadline is None


def test_bot_actor_may_not_play_a_persons_seat(race):
    index, _ = to_act(race)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=race.pk, action={"type": "roll"}, expected_version=race.version,
                               seat=index, actor="bot")
    assert (err.value.status, err.value.code, err.value.message) == (409, "not_bot_seat", services.NOT_BOT_SEAT)


def test_person_may_not_act_for_a_seat_handed_to_a_bot(race, tenant):
    index, seat = to_act(race)
    services.seat_hand_to_bot(match_id=race.pk, seat_index=index, kind="random")
    race.refresh_from_db()
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=race.pk, tenant=tenant, user=seat.user, action={"type": "roll"},
                               expected_version=race.version)
    assert (err.value.status, err.value.code) == (403, "seat_played_by_bot")


def test_timeouts_count_and_a_persons_action_clears_the_takeover(race, tenant):
    index, seat = to_act(race)
    Seat.objects.filter(pk=seat.pk).update(timeouts_in_row=2, bot_takeover=True)
    play(race, tenant, action={"type": "roll"})
    seat.refresh_from_db()
    assert (seat.timeouts_in_row, seat.bot_takeover) == (0, False)


@pytest.mark.parametrize("bot_turns", ["tasks", "runner"])
def test_after_commit_the_change_is_broadcast_and_tasks_scheduled(
    match_factory, member, tenant, monkeypatch, django_capture_on_commit_callbacks, settings, bot_turns
):
    from gameplatform.bots import tasks as bot_tasks
    from gameplatform.matches import tasks
    from gameplatform.realtime import broadcast

    settings.BOT_TURNS = bot_turns
    calls = []
    monkeypatch.setattr(broadcast, "match_changed", lambda *a, **kw: calls.append(("broadcast", *a)))
    monkeypatch.setattr(tasks.expire_turn, "apply_async", lambda args, **kw: calls.append(("timer", args, kw)))
    monkeypatch.setattr(bot_tasks.play_bot_turn, "apply_async", lambda args, **kw: calls.append(("bot", args, kw)))
    match = match_factory("race", [member, "random"], turn_seconds=60)
    if to_act(match)[0] != 0:
        Match.unscoped.filter(pk=match.pk).update(state={**match.state, "turn": 0})
        match.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        outcome = play(match, tenant, action={"type": "roll"})
    match.refresh_from_db()
    stored = MoveRecord.objects.get(match=match).events
    assert calls[0] == ("broadcast", match.pk, outcome.version, stored)
    assert calls[1] == ("timer", (match.pk, outcome.version), {"eta": match.deadline})
    if bot_turns == "tasks":
        assert calls[2:] == [("bot", (match.pk, outcome.version), {"countdown": settings.BOT_DELAY_SECONDS})]
    else:  # the runners find the bot's turn by its due time: no task
        assert calls[2:] == []
    assert match.bot_due_at is not None


def test_nothing_is_scheduled_for_a_refused_action(race, tenant, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        with pytest.raises(ServiceError):
            play(race, tenant, action={"type": "fly"})
    assert callbacks == []


def test_hextopia_action_from_legal_actions_applies(match_factory, member, other_member, tenant):
    match = match_factory("hextopia", [member, other_member])
    index, seat = to_act(match)
    action = legal(match, index)[0]
    outcome = services.submit_action(match_id=match.pk, tenant=tenant, user=seat.user, action=action,
                                     expected_version=match.version)
    assert outcome.version == match.version + 1
    assert MoveRecord.objects.get(match=match).action == action


def test_hextopia_illegal_action_is_refused_with_the_rule(match_factory, member, other_member, tenant):
    match = match_factory("hextopia", [member, other_member])
    before = frozen(match)
    index, seat = to_act(match)
    with pytest.raises(ServiceError) as err:
        services.submit_action(match_id=match.pk, tenant=tenant, user=seat.user,
                               action={"type": "play", "card": "ZZ", "move": "forward", "seat": index, "piece": 0},
                               expected_version=match.version)
    assert err.value.status == 400 and err.value.field == "action" and err.value.message
    assert frozen(match) == before
