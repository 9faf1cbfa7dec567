"""Issue 13, point 4: "besides the per-turn limit, a time bank per player with an increment per
turn for live play (Fischer), and days-per-move for correspondence ... all deadlines kept in the
database and enforced by the existing timer and sweeper". Bank arithmetic, increments,
time-outs at an empty bank, bots, simultaneous turns and the lobby's refusals, with the site's
clock under the test's hand (``now``)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.matches import clocks, services, timers
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.selectors import match_snapshot

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


class Clock:
    """The site's time, moved by the test (``timezone.now`` everywhere)."""

    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def now(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@pytest.fixture
def clocked(tenant, match_factory, race_engine):
    """``make(players, time_control="fischer", start=True, options=None, **fields)``: a race
    match with that time control, created and started through the services."""

    def make(players, time_control="fischer", *, start=True, options=None, **fields):
        people = [p for p in players if not isinstance(p, str)]
        match = services.match_create(
            tenant=tenant, user=people[0], game="race", seats=len(players), options=options or {"target": 5000},
            time_control=time_control, **fields,
        )
        for index, player in enumerate(players):
            if isinstance(player, str):
                Seat.objects.filter(match=match, index=index).update(user=None, bot_kind=player)
            else:
                Seat.objects.filter(match=match, index=index).update(user=player, bot_kind="")
        if start:
            services.match_start(tenant=tenant, user=people[0], match_id=match.pk)
        match.refresh_from_db()
        return match

    return make


def seats_of(match):
    return list(Seat.objects.filter(match=match).order_by("index"))


def in_turn_order(match):
    """The seats of a two-seat race match as (first to act, the other) and their people."""
    first = _acting(match)
    seats = seats_of(match)
    return seats[first], seats[1 - first], seats[first].user, seats[1 - first].user


def play(match, user, tenant, action=None):
    match.refresh_from_db()
    return services.submit_action(match_id=match.pk, tenant=tenant, user=user, action=action or {"type": "roll"},
                                  expected_version=match.version)


def test_a_fischer_bank_runs_only_for_the_seat_to_act_and_gets_the_increment(
    now, clocked, member, other_member, tenant
):
    """The first seat thinks 30 s: 10 min - 30 s + 5 s is left; the other's bank starts then."""
    match = clocked([member, other_member], bank_minutes=10, increment_seconds=5)
    a, b, first, second = in_turn_order(match)
    assert (a.clock_ms, a.clock_since) == (600_000, T0)
    assert (b.clock_ms, b.clock_since) == (600_000, None)
    assert match.deadline == T0 + timedelta(minutes=10)
    now.advance(seconds=30)
    play(match, first, tenant)
    match.refresh_from_db()
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.clock_ms, a.clock_since) == (600_000 - 30_000 + 5_000, None)
    assert (b.clock_ms, b.clock_since) == (600_000, now.now)
    assert match.deadline == now.now + timedelta(minutes=10)
    now.advance(seconds=2, milliseconds=500)
    play(match, second, tenant)
    match.refresh_from_db()
    a.refresh_from_db()
    b.refresh_from_db()
    assert b.clock_ms == 600_000 - 2_500 + 5_000
    assert a.clock_since == now.now and match.deadline == now.now + timedelta(milliseconds=575_000)


def test_the_snapshot_shows_every_seat_s_time(now, clocked, member, other_member, tenant):
    match = clocked([member, other_member], bank_minutes=3, increment_seconds=2)
    a, b, *_ = in_turn_order(match)
    now.advance(seconds=20)
    snap = match_snapshot(match=match, seat=1)
    assert snap == match_snapshot(match=match, seat=1)  # the same for every look at one version
    rows = {
        a.index: {"index": a.index, "remaining_ms": 180_000, "running": True, "since": T0.isoformat(),
                  "deadline": (T0 + timedelta(minutes=3)).isoformat()},
        b.index: {"index": b.index, "remaining_ms": 180_000, "running": False, "since": None, "deadline": None},
    }
    assert snap["clocks"] == {
        "time_control": "fischer", "turn_seconds": None, "bank_minutes": 3, "increment_seconds": 2,
        "days_per_move": None, "seats": [rows[0], rows[1]],
    }
    assert snap["deadline"] == (T0 + timedelta(minutes=3)).isoformat()


def test_an_empty_bank_times_out_through_the_timer_and_then_lives_on_its_increment(
    now, clocked, member, other_member
):
    match = clocked([member, other_member], bank_minutes=1, increment_seconds=4)
    now.advance(seconds=59)
    assert timers.turn_expire(match_id=match.pk, version=match.version) == 0  # early: re-checked
    now.advance(seconds=1, milliseconds=200)
    assert timers.turn_expire(match_id=match.pk, version=match.version) == 1
    record = MoveRecord.objects.get(match=match)
    assert record.actor == "timeout"
    a, b = seats_of(match)[record.seat], seats_of(match)[1 - record.seat]
    assert (a.clock_ms, a.clock_since, a.timeouts_in_row) == (4_000, None, 1)
    assert b.clock_since == now.now
    # A stale or duplicate timer does nothing.
    assert timers.turn_expire(match_id=match.pk, version=match.version) == 0


def test_three_empty_turns_hand_the_seat_to_a_bot_whose_moves_cost_no_time(now, clocked, member, other_member,
                                                                           tenant):
    from gameplatform.bots.services import bot_take_turn

    match = clocked([member, other_member], bank_minutes=1, increment_seconds=0)
    a, b, absent, present = in_turn_order(match)
    for _ in range(3):
        match.refresh_from_db()
        now.now = match.deadline + timedelta(seconds=1)
        assert timers.turn_expire(match_id=match.pk, version=match.version) == 1  # the absent one
        play(match, present, tenant)  # the other answers at once
    a.refresh_from_db()
    assert a.bot_takeover and a.timeouts_in_row == 3
    assert MoveRecord.objects.filter(match=match, seat=a.index, actor="timeout").count() == 3
    match.refresh_from_db()
    # The empty bank stands still while the bot plays for its person: no deadline, a bot turn.
    assert a.clock_since is None and a.clock_ms == 0
    assert match.deadline is None and match.bot_due_at is not None
    now.advance(seconds=1)
    assert bot_take_turn(match_id=match.pk, version=match.version)
    assert MoveRecord.objects.filter(match=match).last().actor == "takeover"
    # "I'm back": the clock runs again when it is their turn.
    services.seat_resume(tenant=tenant, user=absent, match_id=match.pk)
    play(match, present, tenant)
    a.refresh_from_db()
    assert a.clock_since == now.now and not a.bot_takeover


def test_a_bot_seat_s_clock_never_runs(now, clocked, member, tenant):
    from gameplatform.bots.services import bot_take_turn

    match = clocked([member, "random"], bank_minutes=1, increment_seconds=0)
    if _acting(match) == 0:
        play(match, member, tenant)
    match.refresh_from_db()
    bot = seats_of(match)[1]
    assert bot.clock_since is None and bot.clock_ms == 60_000
    assert match.deadline is None and match.bot_due_at is not None
    now.advance(minutes=5)
    assert bot_take_turn(match_id=match.pk, version=match.version)
    assert seats_of(match)[1].clock_ms == 60_000


def test_simultaneous_turns_run_each_acting_seat_s_bank(now, clocked, member, other_member, tenant):
    """Race's ready phase: both seats act at once; each bank runs until its own action."""
    match = clocked([member, other_member], bank_minutes=2, increment_seconds=10, options={"ready_phase": True})
    a, b = seats_of(match)
    assert a.clock_since == b.clock_since == T0
    now.advance(seconds=15)
    play(match, other_member, tenant, {"type": "ready"})
    a, b = seats_of(match)
    assert (b.clock_ms, b.clock_since) == (120_000 - 15_000 + 10_000, None)
    assert (a.clock_ms, a.clock_since) == (120_000, T0)  # still running since the start
    # Only alice is late when her bank runs out; bob is not timed out with her.
    now.now = T0 + timedelta(minutes=2, seconds=1)
    match.refresh_from_db()
    assert timers.turn_expire(match_id=match.pk, version=match.version) == 1
    assert list(MoveRecord.objects.filter(match=match).values_list("seat", "actor")) == [(1, "user"), (0, "timeout")]


def test_simultaneous_seats_time_out_each_at_its_own_deadline(now, clocked, member, other_member, tenant):
    match = clocked([member, other_member], bank_minutes=1, increment_seconds=0, options={"ready_phase": True})
    now.advance(seconds=50)
    play(match, member, tenant, {"type": "ready"})  # alice is ready: bob's bank runs on
    now.now = T0 + timedelta(seconds=62)
    match.refresh_from_db()
    assert match.deadline == T0 + timedelta(minutes=1)
    assert timers.deadlines_sweep(now=now.now) == 1  # the sweeper enforces it too
    assert MoveRecord.objects.filter(match=match).last().seat == 1


def test_no_restart_keeps_every_clock_running():
    """``clock_restarts`` False with the same seats to act (a turn of several moves): the bank
    keeps running from the turn's start, no increment on the way."""
    match = Match(time_control="fischer", bank_minutes=1, increment_seconds=5)
    seat = Seat(index=0, clock_ms=60_000, clock_since=T0)
    changed = clocks.clocks_advance(match, [seat], to_act=[0], now=T0 + timedelta(seconds=20), actor=0,
                                    restart=False)
    assert changed == [] and (seat.clock_ms, seat.clock_since) == (60_000, T0)
    changed = clocks.clocks_advance(match, [seat], to_act=[0], now=T0 + timedelta(seconds=20), actor=0)
    assert changed == [seat] and (seat.clock_ms, seat.clock_since) == (45_000, T0 + timedelta(seconds=20))


def test_a_bank_never_goes_below_zero():
    match = Match(time_control="fischer", bank_minutes=1, increment_seconds=3)
    seat = Seat(index=0, clock_ms=1_000, clock_since=T0)
    clocks.clocks_advance(match, [seat], to_act=[1], now=T0 + timedelta(seconds=9), actor=0)
    assert (seat.clock_ms, seat.clock_since) == (3_000, None)


def test_the_banks_stop_when_the_match_ends(now, clocked, member, other_member, tenant):
    match = clocked([member, other_member], bank_minutes=5, increment_seconds=1, options={"target": 5})
    users = {0: member, 1: other_member}
    while match.status == Match.Status.ACTIVE:
        now.advance(seconds=1)
        play(match, users[_acting(match)], tenant)
        match.refresh_from_db()
    assert match.deadline is None
    assert all(s.clock_since is None and 0 < s.clock_ms <= 305_000 for s in seats_of(match))
    rows = match_snapshot(match=match, seat=None)["clocks"]["seats"]
    assert not any(r["running"] for r in rows)


def _acting(match):
    from games import registry

    engine = registry.get_engine("race")
    return engine.to_act(engine.decode(match.state))[0]


def test_time_per_turn_is_unchanged(now, match_factory, member, other_member, tenant):
    match = match_factory("race", [member, other_member], options={"target": 5000}, turn_seconds=60)
    assert match.time_control == "turn" and all(s.clock_since is None for s in seats_of(match))
    first = _acting(match)
    snap = match_snapshot(match=match, seat=0)["clocks"]
    assert [r["running"] for r in snap["seats"]] == [i == first for i in range(2)]
    assert snap["seats"][1 - first]["remaining_ms"] == 60_000
    assert match_snapshot(match=match_factory("race", [member, other_member]), seat=0)["clocks"] is None


# --- the lobby's choices ----------------------------------------------------------------------


@pytest.mark.parametrize("fields, code, field", [
    ({"time_control": "blitz"}, "invalid_time_control", "time_control"),
    ({"time_control": 3}, "invalid_time_control", "time_control"),
    ({"time_control": "fischer", "bank_minutes": 0}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": 181}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": "10"}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": True}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": 2.5}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "fischer", "increment_seconds": -1}, "invalid_increment_seconds", "increment_seconds"),
    ({"time_control": "fischer", "increment_seconds": 121}, "invalid_increment_seconds", "increment_seconds"),
    ({"time_control": "fischer", "days_per_move": 2}, "invalid_days_per_move", "days_per_move"),
    ({"time_control": "fischer", "turn_seconds": 60}, "invalid_turn_seconds", "turn_seconds"),
    ({"time_control": "correspondence", "days_per_move": 0}, "invalid_days_per_move", "days_per_move"),
    ({"time_control": "correspondence", "days_per_move": 31}, "invalid_days_per_move", "days_per_move"),
    ({"time_control": "correspondence", "bank_minutes": 5}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "turn", "increment_seconds": 5}, "invalid_increment_seconds", "increment_seconds"),
    ({"bank_minutes": 5}, "invalid_bank_minutes", "bank_minutes"),
])
def test_bad_time_controls_are_refused_naming_the_field(tenant, member, race_engine, fields, code, field):
    before = Match.unscoped.count()
    with pytest.raises(ServiceError) as err:
        services.match_create(tenant=tenant, user=member, game="race", seats=2, **fields)
    assert (err.value.code, err.value.status, err.value.field) == (code, 400, field)
    assert field in err.value.message
    assert Match.unscoped.count() == before


def test_defaults_and_storage(tenant, member, race_engine):
    fischer = services.match_create(tenant=tenant, user=member, game="race", seats=2, time_control="fischer")
    assert (fischer.time_control, fischer.bank_minutes, fischer.increment_seconds, fischer.turn_seconds) == (
        "fischer", 10, 5, None)
    mail = services.match_create(tenant=tenant, user=member, game="race", seats=2, time_control="correspondence",
                                 days_per_move=7)
    assert (mail.days_per_move, mail.bank_minutes) == (7, None)
    turn = services.match_create(tenant=tenant, user=member, game="race", seats=2, turn_seconds=120)
    assert (turn.time_control, turn.turn_seconds) == ("turn", 120)


def test_a_game_with_its_own_hourglass_takes_only_time_per_turn(tenant, member):
    with pytest.raises(ServiceError) as err:
        services.match_create(tenant=tenant, user=member, game="hexboard-words", seats=2, time_control="fischer")
    assert (err.value.code, err.value.field) == ("invalid_time_control", "time_control")
    match = services.match_create(tenant=tenant, user=member, game="hexboard-words", seats=2, time_control="turn")
    assert match.turn_seconds == 60


def test_a_rematch_keeps_the_time_control(now, clocked, member, other_member, tenant):
    from gameplatform.matches import shortcuts

    match = clocked([member, other_member], bank_minutes=3, increment_seconds=2)
    Match.unscoped.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    new = shortcuts.match_rematch(tenant=tenant, user=member, match_id=match.pk)
    assert (new.time_control, new.bank_minutes, new.increment_seconds) == ("fischer", 3, 2)


# --- correspondence and vacations -------------------------------------------------------------


def membership(user, tenant):
    from gameplatform.tenants.models import Membership

    return Membership.objects.select_related("tenant").get(user=user, tenant=tenant)


def midnight_after(day):
    from datetime import datetime, time

    return timezone.make_aware(datetime.combine(day + timedelta(days=1), time.min))


def test_days_per_move_give_each_move_its_days(now, clocked, member, other_member, tenant):
    match = clocked([member, other_member], "correspondence", days_per_move=3)
    a, b, first, second = in_turn_order(match)
    assert match.deadline == T0 + timedelta(days=3)
    assert (a.clock_ms, a.clock_since, b.clock_ms) == (3 * clocks.DAY_MS, T0, None)
    now.advance(days=2)
    play(match, first, tenant)
    match.refresh_from_db()
    assert match.deadline == now.now + timedelta(days=3)  # a whole move's days, nothing carried over
    rows = match_snapshot(match=match, seat=None)["clocks"]["seats"]
    assert rows[a.index] == {"index": a.index, "remaining_ms": 3 * clocks.DAY_MS, "running": False,
                             "since": None, "deadline": None}
    assert rows[b.index]["running"] and rows[b.index]["remaining_ms"] == 3 * clocks.DAY_MS


def test_a_move_that_starts_during_a_vacation_starts_when_it_ends(now, clocked, member, other_member, tenant):
    from gameplatform.players.services import vacation_set

    until = T0.date() + timedelta(days=4)
    for user in (member, other_member):
        vacation_set(membership=membership(user, tenant), until=until)
    match = clocked([member, other_member], "correspondence", days_per_move=2)
    a, *_ = in_turn_order(match)
    assert a.clock_since == midnight_after(until)
    assert match.deadline == midnight_after(until) + timedelta(days=2)
    row = match_snapshot(match=match, seat=None)["clocks"]["seats"][a.index]
    assert (row["running"], row["remaining_ms"]) == (True, 2 * clocks.DAY_MS)
    assert row["since"] == midnight_after(until).isoformat()  # paused until the vacation ends
    now.advance(days=3)
    assert timers.deadlines_sweep(now=now.now) == 0  # the old deadline would have passed


def test_a_vacation_during_a_move_moves_the_deadline_by_the_overlap(now, clocked, member, other_member, tenant):
    from gameplatform.players.services import vacation_set

    match = clocked([member, other_member], "correspondence", days_per_move=3)
    a, b, first, _ = in_turn_order(match)
    version = match.version
    now.advance(days=1)
    until = now.now.date() + timedelta(days=2)
    vacation_set(membership=membership(first, tenant), until=until)
    match.refresh_from_db()
    a.refresh_from_db()
    overlap = midnight_after(until) - now.now
    assert match.deadline == T0 + timedelta(days=3) + overlap
    assert (a.clock_ms, a.clock_since) == (2 * clocks.DAY_MS, midnight_after(until))
    assert match.version == version + 1  # the page hears of it; the old timer goes stale
    # Back early: the clock runs again from now with what was left.
    now.advance(hours=5)
    vacation_set(membership=membership(first, tenant), until=None)
    match.refresh_from_db()
    assert match.deadline == now.now + timedelta(days=2) and match.version == version + 2
    now.now = match.deadline + timedelta(seconds=1)
    assert timers.turn_expire(match_id=match.pk, version=match.version) == 1
    assert MoveRecord.objects.get(match=match).seat == a.index


def test_extending_a_vacation_moves_the_paused_deadline(now, clocked, member, other_member, tenant):
    from gameplatform.players.services import vacation_set

    match = clocked([member, other_member], "correspondence", days_per_move=1)
    a, b, first, _ = in_turn_order(match)
    vacation_set(membership=membership(first, tenant), until=T0.date() + timedelta(days=1))
    vacation_set(membership=membership(first, tenant), until=T0.date() + timedelta(days=3))
    match.refresh_from_db()
    a.refresh_from_db()
    assert a.clock_since == midnight_after(T0.date() + timedelta(days=3))
    assert match.deadline == a.clock_since + timedelta(milliseconds=a.clock_ms)


def test_another_community_s_vacation_and_a_fischer_clock_do_not_pause(
    now, clocked, member, other_member, tenant, other_tenant
):
    from gameplatform.players.services import vacation_set
    from gameplatform.tenants.models import Membership

    match = clocked([member, other_member], "correspondence", days_per_move=2)
    _, _, first, _ = in_turn_order(match)
    version = match.version
    Membership.objects.create(user=first, tenant=other_tenant)
    vacation_set(membership=membership(first, other_tenant), until=T0.date() + timedelta(days=5))
    match.refresh_from_db()
    assert match.deadline == T0 + timedelta(days=2) and match.version == version

    fischer = clocked([member, other_member], bank_minutes=5, increment_seconds=0)
    _, _, first, _ = in_turn_order(fischer)
    vacation_set(membership=membership(first, tenant), until=T0.date() + timedelta(days=5))
    fischer.refresh_from_db()
    assert fischer.deadline == T0 + timedelta(minutes=5)


def test_a_moderator_s_hand_over_stops_the_clock_and_taking_the_seat_back_starts_it(
    now, clocked, member, other_member, tenant
):
    match = clocked([member, other_member], bank_minutes=2, increment_seconds=0)
    a, _, person, _ = in_turn_order(match)
    now.advance(seconds=30)
    services.seat_hand_to_bot(match_id=match.pk, seat_index=a.index)
    a.refresh_from_db()
    match.refresh_from_db()
    assert (a.clock_ms, a.clock_since) == (90_000, None)  # its 30 s are spent, the rest is kept
    assert match.deadline is None and match.bot_due_at is not None
    now.advance(seconds=5)
    services.seat_resume(tenant=tenant, user=person, match_id=match.pk)
    a.refresh_from_db()
    match.refresh_from_db()
    assert (a.clock_ms, a.clock_since) == (90_000, now.now)
    assert match.deadline == now.now + timedelta(seconds=90)
