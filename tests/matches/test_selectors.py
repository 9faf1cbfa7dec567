"""Selectors: tenant-scoped reads, and per-seat snapshots and histories that show each seat only
what the engine lets it see (hands and the seed stay hidden)."""
import json

import pytest
from django.contrib.auth.models import AnonymousUser

from gameplatform.bots.services import match_play_out
from gameplatform.core.errors import ServiceError
from gameplatform.matches import replays, selectors, services
from gameplatform.matches.models import Match, ReplayCheckpoint, Seat
from games import registry

pytestmark = pytest.mark.django_db

SNAPSHOT_KEYS = {"match", "version", "status", "seat", "view", "legal_actions", "events", "actor", "deadline", "clocks", "seats",
                 "seed_commitment", "seed", "result"}


def acting(match):
    engine = registry.get_engine(match.game)
    return engine.to_act(engine.decode(match.state))[0]


def roll(match, tenant):
    match.refresh_from_db()
    user = Seat.objects.get(match=match, index=acting(match)).user
    services.submit_action(match_id=match.pk, tenant=tenant, user=user, action={"type": "roll"},
                           expected_version=match.version)
    match.refresh_from_db()


@pytest.fixture
def race(match_factory, member, other_member):
    return match_factory("race", [member, other_member])


# --- lists and lookups ------------------------------------------------------------------------


def test_match_list_is_scoped_and_filtered(match_factory, tenant, other_tenant, user_factory):
    mine = match_factory("race", start=False)
    active = match_factory("hextopia")
    match_factory("race", [user_factory(tenant=other_tenant), "random"], tenant=other_tenant)
    assert {m.pk for m in selectors.match_list(tenant=tenant)} == {mine.pk, active.pk}
    assert [m.pk for m in selectors.match_list(tenant=tenant, status="open")] == [mine.pk]
    assert [m.pk for m in selectors.match_list(tenant=tenant, game="hextopia")] == [active.pk]


@pytest.mark.parametrize(("kw", "code"), [({"status": "paused"}, "invalid_status"), ({"game": "chess"}, "unknown_game"),
                                          ({"status": ["open"]}, "invalid_status"), ({"game": 3}, "unknown_game")])
def test_match_list_refuses_bad_filters(tenant, kw, code):
    with pytest.raises(ServiceError) as err:
        selectors.match_list(tenant=tenant, **kw)
    assert (err.value.status, err.value.code) == (400, code)


def test_match_get_hides_other_tenants_matches(match_factory, tenant, other_tenant, user_factory):
    foreign = match_factory("race", [user_factory(tenant=other_tenant), "random"], tenant=other_tenant)
    with pytest.raises(ServiceError) as err:
        selectors.match_get(tenant=tenant, match_id=foreign.pk)
    with pytest.raises(ServiceError) as missing:
        selectors.match_get(tenant=tenant, match_id=foreign.pk + 1000)
    assert (err.value.status, err.value.code, err.value.message) == (404, "match_not_found", selectors.MATCH_NOT_FOUND)
    assert err.value.as_dict() == missing.value.as_dict()
    assert selectors.match_get(tenant=other_tenant, match_id=str(foreign.pk)) == foreign


@pytest.mark.parametrize("match_id", ["x", -3, None, 2.0, "1e3"])
def test_match_get_refuses_malformed_ids(tenant, match_id):
    with pytest.raises(ServiceError) as err:
        selectors.match_get(tenant=tenant, match_id=match_id)
    assert (err.value.status, err.value.code, err.value.field) == (400, "invalid_match_id", "match_id")


def test_seat_of(race, member, user_factory):
    assert selectors.seat_of(match=race, user=member).index == 0
    assert selectors.seat_of(match=race, user=user_factory()) is None
    assert selectors.seat_of(match=race, user=AnonymousUser()) is None
    services.seat_hand_to_bot(match_id=race.pk, seat_index=0, kind="random")
    assert selectors.seat_of(match=race, user=member) is None


def test_a_handed_over_seat_keeps_its_persons_name(race, member):
    """Issue 8, "honest log": while a moderator's bot plays alice's seat, the seat is still
    hers by name (her earlier moves stay hers in every log), marked as played for her."""
    services.seat_hand_to_bot(match_id=race.pk, seat_index=0, kind="random")
    seat = race.seats.get(index=0)
    assert selectors.seat_public(seat=seat) == {
        "index": 0, "name": "alice", "is_bot": False, "bot_kind": "random", "team": None, "takeover": True,
    }
    bot = race.seats.get(index=1)
    bot.user, bot.bot_kind = None, "greedy"
    assert selectors.seat_public(seat=bot)["name"] == "greedy bot" and selectors.seat_public(seat=bot)["is_bot"]


# --- snapshot ---------------------------------------------------------------------------------


def test_snapshot_shape_and_own_hand_only(race, member, other_member):
    mine = selectors.match_snapshot(match=race, seat=selectors.seat_of(match=race, user=member))
    assert set(mine) == SNAPSHOT_KEYS
    assert (mine["match"], mine["version"], mine["status"], mine["seat"]) == (race.pk, race.version, "active", 0)
    assert mine["view"]["hand"] == race.state["hands"][0]
    assert mine["seats"] == [
        {"index": 0, "name": "alice", "is_bot": False, "bot_kind": "", "team": None, "takeover": False},
        {"index": 1, "name": "bob", "is_bot": False, "bot_kind": "", "team": None, "takeover": False},
    ]
    spectator = selectors.match_snapshot(match=race, seat=None)
    assert "hand" not in spectator["view"] and spectator["legal_actions"] == []
    assert spectator["seed"] is None and spectator["seed_commitment"] == race.seed_commitment
    assert str(race.seed) not in json.dumps(spectator) + json.dumps(mine)


def test_legal_actions_only_for_the_seat_that_must_act(race):
    turn = acting(race)
    assert selectors.match_snapshot(match=race, seat=turn)["legal_actions"] == registry.get_engine("race").legal_actions(
        race.state, turn)
    assert selectors.match_snapshot(match=race, seat=1 - turn)["legal_actions"] == []


def test_setup_events_then_last_move_events_filtered_per_seat(race, tenant):
    before = selectors.match_snapshot(match=race, seat=0)["events"]
    assert [e["type"] for e in before] == ["dealt", "hand"] and before[1]["seat"] == 0
    assert [e["type"] for e in selectors.match_snapshot(match=race, seat=None)["events"]] == ["dealt"]
    mover = acting(race)
    user = Seat.objects.get(match=race, index=mover).user
    card = race.state["hands"][mover][0]
    services.submit_action(match_id=race.pk, tenant=tenant, user=user, action={"type": "play", "card": card},
                           expected_version=race.version)
    race.refresh_from_db()
    seen = {s: [e["type"] for e in selectors.match_snapshot(match=race, seat=s)["events"]] for s in (mover, 1 - mover, None)}
    assert seen[mover] == ["played", "drew", "moved"]
    assert seen[1 - mover] == seen[None] == ["played", "moved"]


def test_open_match_snapshot_has_no_view(match_factory):
    match = match_factory("race", start=False)
    snap = selectors.match_snapshot(match=match, seat=0)
    assert (snap["view"], snap["legal_actions"], snap["events"], snap["status"]) == (None, [], [], "open")
    assert snap["seats"][1]["is_bot"] is True and snap["seats"][1]["name"] == "random bot"


def test_seed_is_revealed_once_finished(match_factory):
    match = match_factory("race", ["random", "greedy"], options={"target": 6})
    assert selectors.match_snapshot(match=match, seat=None)["seed"] is None
    match_play_out(match_id=match.pk, max_actions=100)
    match.refresh_from_db()
    snap = selectors.match_snapshot(match=match, seat=None)
    assert snap["status"] == "finished" and snap["seed"] == str(match.seed) and snap["result"] == match.result


@pytest.mark.parametrize("seat", [2, -1, "0", True])
def test_snapshot_refuses_a_seat_that_is_not_the_matchs(race, seat):
    with pytest.raises(ServiceError) as err:
        selectors.match_snapshot(match=race, seat=seat)
    assert (err.value.status, err.value.code) == (400, "invalid_seat")


def test_hextopia_snapshot_shows_no_other_hand_or_secret(match_factory, member, other_member):
    match = match_factory("hextopia", [member, other_member, "random"])
    engine = registry.get_engine("hextopia")
    for seat in (0, 1, 2, None):
        snap = selectors.match_snapshot(match=match, seat=seat)
        text = json.dumps(snap)
        for key in ("deck", "draws", "rng"):
            assert f'"{key}"' not in text
        assert ("hand" in snap["view"]) == (seat is not None)
        for event in snap["events"]:
            assert "visible_to" not in event
            if event["type"] == "hand":
                assert event["seat"] == seat
    state = engine.decode(match.state)
    assert selectors.match_snapshot(match=match, seat=1)["view"]["hand"] == engine.view(state, 1)["hand"]


# --- history ----------------------------------------------------------------------------------


def test_history_shows_each_seat_its_own_private_events(race, tenant):
    mover = acting(race)
    user = Seat.objects.get(match=race, index=mover).user
    services.submit_action(match_id=race.pk, tenant=tenant, user=user,
                           action={"type": "play", "card": race.state["hands"][mover][0]},
                           expected_version=race.version)
    roll(race, tenant)
    mine = selectors.match_history(match=race, seat=mover)
    theirs = selectors.match_history(match=race, seat=Seat.objects.get(match=race, index=1 - mover))
    public = selectors.match_history(match=race, seat=None)
    assert [h["seq"] for h in mine] == [0, race.version - 1, race.version]
    assert mine[0]["actor"] == "setup" and mine[0]["action"] is None
    assert [e["type"] for e in mine[1]["events"]] == ["played", "drew", "moved"]
    assert [e["type"] for e in theirs[1]["events"]] == [e["type"] for e in public[1]["events"]] == ["played", "moved"]
    assert mine[1]["action"] == public[1]["action"] and mine[2]["actor"] == "user"
    assert [e for h in public for e in h["events"] if e["type"] == "hand"] == []


def test_history_hides_actions_the_engine_calls_private(race, tenant, monkeypatch):
    engine = registry.get_engine("race")
    monkeypatch.setattr(engine, "action_is_public", lambda action: action["type"] != "roll", raising=False)
    mover = acting(race)
    roll(race, tenant)
    assert selectors.match_history(match=race, seat=mover)[1]["action"] == {"type": "roll"}
    assert selectors.match_history(match=race, seat=1 - mover)[1]["action"] is None


# --- replay (issue 14: served a window at a time from checkpoints) --------------------------


def _all_steps(match, viewer=None):
    total = replays.match_replay(match=match)["step_count"]
    steps = []
    for start in range(0, total, replays.MAX_STEPS):
        steps += replays.replay_steps(match=match, start=start, count=replays.MAX_STEPS, viewer=viewer)["steps"]
    return steps


def test_replay_needs_a_finished_match(race):
    for call in (replays.match_replay, replays.replay_steps, replays.replay_log):
        with pytest.raises(ServiceError) as err:
            call(match=race) if call is replays.match_replay else call(match=race, start=0)
        assert (err.value.status, err.value.code, err.value.message) == (409, "match_not_finished", replays.NOT_FINISHED)
    assert not ReplayCheckpoint.objects.filter(match=race).exists()


def test_replay_steps_through_spectator_views(match_factory):
    match = match_factory("race", ["random", "greedy"], options={"target": 6})
    applied = match_play_out(match_id=match.pk, max_actions=100)
    match.refresh_from_db()
    replay = replays.match_replay(match=match)
    assert replay["seed"] == str(match.seed) and replay["step_count"] == applied + 1
    steps = _all_steps(match)
    assert [s["step"] for s in steps] == list(range(applied + 1))
    engine = registry.get_engine("race")
    assert steps[-1]["view"] == engine.view(engine.decode(match.state), None)
    assert all("hand" not in step["view"] for step in steps)
    assert [s["seq"] for s in steps][1:] == list(match.moves.order_by("seq").values_list("seq", flat=True))
    log = replays.replay_log(match=match, start=0, count=replays.MAX_LOG)["steps"]
    assert log == [{k: v for k, v in step.items() if k != "view"} for step in steps]


def test_replay_of_tampered_records_is_refused(match_factory):
    match = match_factory("race", ["random", "greedy"], options={"target": 6})
    match_play_out(match_id=match.pk, max_actions=100)
    match.refresh_from_db()
    first = match.moves.order_by("seq").first()
    first.action = {"type": "play", "card": 9}
    first.save()
    with pytest.raises(ServiceError) as err:
        replays.match_replay(match=match)
    assert (err.value.status, err.value.code) == (409, "replay_broken")
    assert not ReplayCheckpoint.objects.filter(match=match).exists()


def test_rebuild_of_an_open_match_is_an_error(match_factory):
    with pytest.raises(ValueError):
        selectors.match_rebuild_state(match_factory("race", start=False))


def test_an_aborted_match_reveals_its_seed(race, moderator):
    """The seed is revealed "when the match ends": aborting ends it too, so the commitment
    published at the start can always be checked."""
    assert selectors.match_snapshot(match=race, seat=None)["seed"] is None
    services.match_abort(match_id=race.pk, by=moderator)
    race.refresh_from_db()
    assert Match.unscoped.get(pk=race.pk).status == "aborted"
    assert selectors.match_snapshot(match=race, seat=None)["seed"] == str(race.seed)
