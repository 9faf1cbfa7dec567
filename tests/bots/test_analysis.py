"""The analysis after a game (issue 30, point 3): "on a finished match, each player can ask for
an analysis of their own decisions: for each decision point the strong bot's choice from that
seat's view at the time, the estimated value of the player's choice and of the bot's ..., and
marks for the largest losses ("mistake", "blunder" by stated thresholds). It runs as a
background task with a budget per match ..., shows progress, is stored once ... It uses only
the seat's view at each point ... and it never analyses another seat's decisions." Point 5:
"the analysis of a short scripted match gives the expected marks (a deliberately bad move is
marked); analysis ... never include[s] another seat's hidden information (the conformance
secrets check over their payloads)". Its routes: tests/api/test_analysis.py; the page:
tests/e2e/test_analysis.py."""
import json

import pytest
from django.utils import translation

from gameplatform.bots import analysis as service
from gameplatform.bots.models import Analysis
from gameplatform.bots.services import match_play_out
from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from games import analysis, registry
from games.conformance import find_secrets
from games.protocol import SeatSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def greedy_race(race_engine):
    """The race game, whose strongest bot plays its highest card (tests/fake_engine.py)."""
    return race_engine


@pytest.fixture
def run_inline(monkeypatch, settings):
    """Slices run here, one after another, instead of being sent to a worker. The budget is
    ample: a scripted race's few decisions reach their most play-outs long before it is spent,
    however loaded the machine."""
    settings.ANALYSIS_BUDGET_SECONDS = 60.0
    settings.ANALYSIS_SLICE_SECONDS = 1.0
    sent = []
    monkeypatch.setattr(service, "task_send", lambda name, args, countdown=None: sent.append(args[0]))

    def run():
        while sent:
            service.analysis_slice(sent.pop(0))
    return run


@pytest.fixture
def ask(django_capture_on_commit_callbacks):
    """``analysis_request`` with its after-commit task sent (a test's transaction never commits)."""
    def request(**kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return service.analysis_request(**kwargs)
    return request


RACE = {"target": 9, "hand_size": 2}


def scripted_race(engine):
    """``(seed, records, bad_step)``: a race that seat 0's person plays as the greedy bot
    would (its highest card), but once: when its highest card would win at once and its
    lowest would not, it plays the lowest (a deliberately bad move), and seat 1, a step from
    the finish whatever it holds, wins. The seed is the first that gives such a race."""
    for seed in range(2000):
        state = engine.setup(RACE, [SeatSpec(), SeatSpec()], seed)
        records, bad_step = [], None
        while engine.result(state) is None:
            seat = engine.to_act(state)[0]
            hand, pos = state["hands"][seat], state["positions"][seat]
            card = max(hand)
            if seat == 0 and bad_step is None and pos + max(hand) >= RACE["target"] > pos + min(hand):
                if state["positions"][1] + 1 < RACE["target"]:
                    break  # seat 1 could still lose: not this seed
                card, bad_step = min(hand), len(records) + 1
            action = {"type": "play", "card": card}
            records.append((seat, action, True))
            state, _ = engine.apply(state, seat, action)
        if bad_step and engine.result(state) is not None and engine.result(state).winners == (1,):
            return seed, records, bad_step
    raise AssertionError("no seed gives the scripted race")


def race_decisions(engine):
    """``(start, records, bad_step, decisions)`` of the scripted race, seat 0's decisions."""
    seed, records, bad_step = scripted_race(engine)
    start = engine.setup(RACE, [SeatSpec(), SeatSpec()], seed)
    return start, records, bad_step, analysis.decisions_of(engine, start, records, 0)


def test_a_deliberately_bad_move_is_marked_and_the_bots_own_choices_are_not(greedy_race):
    engine = greedy_race
    _, _, bad_step, decisions = race_decisions(engine)
    spent, done = analysis.analyse(engine, decisions, 0, budget=30.0, spent=0.0, seed=1, until=float("inf"),
                                   clock=_ticks(0.01))
    assert done
    report = analysis.report(decisions, seconds=spent)
    bad = next(row for row in report["decisions"] if row["step"] == bad_step)
    assert bad["played"] != bad["bot"] and not bad["same"]
    # The bot's card wins at once; after the played one seat 1 wins whatever it holds.
    assert (bad["value_bot"], bad["value_played"], bad["loss"]) == (1.0, 0.0, 1.0)
    assert bad["mark"] == "blunder" and report["costliest"] == [bad_step]
    # Its other moves are the bot's own: no loss, no mark (the roll is always offered: each
    # is a choice).
    for row in report["decisions"]:
        if row["step"] != bad_step:
            assert row["same"] and row["mark"] is None and row["loss"] == 0.0
    assert report["thresholds"] == {"mistake": 0.10, "blunder": 0.20, "confidence": 2.0, "pairs": 6}


def _ticks(step):
    """A clock that advances ``step`` s at each reading: budgets spent by work done, not by
    the machine's speed."""
    now = [0.0]

    def clock():
        now[0] += step
        return now[0]
    return clock


def test_only_the_persons_own_choices_are_decisions(greedy_race):
    engine = greedy_race
    seed, records, _ = scripted_race(engine)
    start = engine.setup(RACE, [SeatSpec(), SeatSpec()], seed)
    mixed = [(s, a, i != 0) for i, (s, a, _) in enumerate(records)]  # the first move by the timer
    steps = [d.step for d in analysis.decisions_of(engine, start, mixed, 0)]
    assert 1 not in steps and all(records[k - 1][0] == 0 for k in steps)


def test_the_work_of_a_slice_is_carried_to_the_next_as_json(greedy_race):
    engine = greedy_race
    start, records, _, whole = race_decisions(engine)
    analysis.analyse(engine, whole, 0, budget=1.0, spent=0.0, seed=1, until=float("inf"), clock=_ticks(0.01))
    sliced = analysis.decisions_of(engine, start, records, 0)
    spent, done = 0.0, False
    while not done:
        carried = [json.loads(json.dumps(d.work())) for d in sliced]
        sliced = analysis.decisions_of(engine, start, records, 0)
        for d, work in zip(sliced, carried, strict=True):
            d.resume(work)
        clock = _ticks(0.01)
        spent, done = analysis.analyse(engine, sliced, 0, budget=1.0, spent=spent, seed=1, until=clock() + 0.05,
                                       clock=clock)
    assert analysis.report(sliced, seconds=0)["decisions"] == analysis.report(whole, seconds=0)["decisions"]


def finished_race(match_factory, member, engine):
    """A finished race: ``member`` at seat 0 played the scripted moves, a bot seat 1."""
    seed, records, bad_step = scripted_race(engine)
    match = match_factory("race", [member, "greedy"], options=RACE)
    Match.unscoped.filter(pk=match.pk).update(seed=seed, state=engine.encode(
        engine.setup(RACE, [SeatSpec(), SeatSpec()], seed)), version=0)
    MoveRecord.objects.filter(match=match).delete()
    match.refresh_from_db()
    for seat, action, _ in records:
        if seat == 0:
            services.submit_action(match_id=match.pk, tenant=match.tenant, user=member, action=action,
                                   expected_version=match.version)
        else:
            services.submit_action(match_id=match.pk, action=action, expected_version=match.version, seat=1,
                                   actor="bot")
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    match.bad_step = bad_step
    return match


def test_a_player_asks_once_watches_it_progress_and_reads_the_marks(ask, greedy_race, match_factory, member, run_inline):
    match = finished_race(match_factory, member, greedy_race)
    out, created = ask(tenant=match.tenant, user=member, match_id=match.pk)
    assert created and out["status"] == "queued" and out["progress"] == 0 and out["result"] is None
    assert out["budget_seconds"] == 60.0
    run_inline()
    out = service.analysis_get(tenant=match.tenant, user=member, match_id=match.pk)
    assert out["status"] == "done" and out["progress"] == 100 and 0 <= out["seconds"] <= 60.0
    result = out["result"]
    assert result["bot"] == "greedy" and result["playout_bot"] == "greedy"
    assert result["costliest"] == [match.bad_step]
    assert [(d["step"], d["mark"]) for d in result["decisions"] if d["mark"]] == [(match.bad_step, "blunder")]
    # Stored once: asking again gives the same analysis, no second task.
    again, created = ask(tenant=match.tenant, user=member, match_id=match.pk)
    assert not created and again == out and Analysis.objects.filter(match=match).count() == 1
    # Only seat 0's decisions: never a step seat 1 played.
    seats = dict(MoveRecord.objects.filter(match=match).order_by("seq").values_list("seq", "seat"))
    steps_of_1 = {k for k, seq in enumerate(sorted(seats), start=1) if seats[seq] == 1}
    assert not steps_of_1 & {d["step"] for d in result["decisions"]}


def test_progress_shows_between_slices(ask, greedy_race, match_factory, member, run_inline, settings, monkeypatch):
    match = finished_race(match_factory, member, greedy_race)
    ask(tenant=match.tenant, user=member, match_id=match.pk)
    settings.ANALYSIS_SLICE_SECONDS = 0.0  # one decision per slice
    analysis_id = Analysis.objects.get(match=match).pk
    assert service.analysis_slice(analysis_id) == "continued"
    row = Analysis.objects.get(pk=analysis_id)
    assert row.status == "running" and 0 < row.progress < 100
    assert service.analysis_get(tenant=match.tenant, user=member, match_id=match.pk)["result"] is None


def test_one_runs_at_a_time_and_the_others_wait(ask, greedy_race, match_factory, member, run_inline):
    first = finished_race(match_factory, member, greedy_race)
    second = finished_race(match_factory, member, greedy_race)
    ask(tenant=first.tenant, user=member, match_id=first.pk)
    ask(tenant=second.tenant, user=member, match_id=second.pk)
    a, b = Analysis.objects.order_by("pk")
    Analysis.objects.filter(pk=a.pk).update(status="running")
    assert service.analysis_slice(b.pk) == "waiting"
    assert Analysis.objects.get(pk=b.pk).status == "queued"


def test_who_may_ask_and_when(ask, greedy_race, match_factory, member, other_member, user_factory, other_tenant):
    match = finished_race(match_factory, member, greedy_race)
    with pytest.raises(ServiceError) as err:
        ask(tenant=match.tenant, user=other_member, match_id=match.pk)
    assert (err.value.code, err.value.status) == ("not_a_player", 403)
    with pytest.raises(ServiceError) as err:
        service.analysis_get(tenant=match.tenant, user=member, match_id=match.pk)
    assert (err.value.code, err.value.status) == ("analysis_not_found", 404)
    running = match_factory("race", [member, "greedy"], options={"target": 500})
    with pytest.raises(ServiceError) as err:
        ask(tenant=running.tenant, user=member, match_id=running.pk)
    assert (err.value.code, err.value.status) == ("match_not_finished", 409)
    outsider = user_factory(tenant=other_tenant)
    with pytest.raises(ServiceError) as err:
        ask(tenant=other_tenant, user=outsider, match_id=match.pk)
    assert (err.value.code, err.value.status) == ("match_not_found", 404)
    assert not Analysis.objects.exists()


def test_a_failed_analysis_says_so_and_may_be_asked_for_again(ask, greedy_race, match_factory, member, run_inline,
                                                              monkeypatch):
    match = finished_race(match_factory, member, greedy_race)
    ask(tenant=match.tenant, user=member, match_id=match.pk)
    monkeypatch.setattr(analysis, "analyse", lambda *a, **k: 1 / 0)
    run_inline()
    assert service.analysis_get(tenant=match.tenant, user=member, match_id=match.pk)["status"] == "failed"
    monkeypatch.undo()


@pytest.mark.parametrize("game", sorted(registry.slugs()))
def test_an_analysis_never_carries_what_the_seat_could_not_see(ask, game, match_factory, member, run_inline, settings):
    settings.ANALYSIS_BUDGET_SECONDS = 2.0
    engine = registry.get_engine(game)
    match = match_factory(game, [member] + [list(engine.bots())[-1]] * (engine.min_seats - 1))
    Match.unscoped.filter(pk=match.pk).update(hints=False)
    # The person's seat played by the random bot (a beginner), recorded as the person's own moves.
    from gameplatform.matches.models import Seat
    Seat.objects.filter(match=match, index=0).update(user=None, bot_kind="random")
    match_play_out(match_id=match.pk, max_actions=5000)
    Seat.objects.filter(match=match, index=0).update(user=member, bot_kind="")
    MoveRecord.objects.filter(match=match, seat=0).update(actor="user")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    ask(tenant=match.tenant, user=member, match_id=match.pk)
    run_inline()
    out = service.analysis_get(tenant=match.tenant, user=member, match_id=match.pk)
    assert out["status"] == "done" and out["result"]["decisions"], out
    differing = [d for d in out["result"]["decisions"] if not d["same"] and d["bot"] is not None]
    if game == "hextopia":  # its view words each choice: the bot's in the reader's language
        assert differing and all(isinstance(d["bot_label"], str) for d in differing)
        with translation.override("fr"):
            french = service.analysis_get(tenant=match.tenant, user=member, match_id=match.pk)["result"]
        assert [d["bot_label"] for d in french["decisions"] if not d["same"]] != [d["bot_label"] for d in differing]
    # The conformance secrets check over the payload, with the secrets of seat 0 at each decision.
    state = engine.setup(match.options, [SeatSpec(team=None)] * len(match.seats.all()), match.seed)
    # Each decision's row against what seat 0 could not see then (a card hidden at one step may
    # be played in the open later), the summary and totals against the setup's.
    rows = {d["step"]: d for d in out["result"]["decisions"]}
    rest = {**out, "result": {**out["result"], "decisions": []}}
    assert find_secrets(rest, [match.seed, *engine.secrets(state, 0)]) is None
    records = MoveRecord.objects.filter(match=match).order_by("seq").values_list("seat", "action")
    for k, (by, action) in enumerate(records, start=1):
        if k in rows:
            leak = find_secrets(rows[k], [match.seed, *engine.secrets(state, 0)])
            assert leak is None, f"step {k}: {leak}"
        state, _ = engine.apply(state, by, action)


def test_past_the_whole_budget_a_decision_keeps_the_bots_choice_without_values(greedy_race):
    engine = greedy_race
    _, _, _, decisions = race_decisions(engine)
    spent, done = analysis.analyse(engine, decisions, 0, budget=0.0, spent=0.0, seed=1, until=float("inf"),
                                   clock=_ticks(0.01))
    assert done
    for row in analysis.report(decisions, seconds=spent)["decisions"]:
        assert row["bot"] is not None and row["playouts"] == 0
        assert (row["value_played"], row["loss"], row["mark"]) == (None, 0.0, None)


def test_moves_that_differ_only_in_which_alike_piece_moves_are_one_move():
    # Hextopia: "four pieces at HOME are alike": entering piece 1 or piece 2 with the same card.
    engine = registry.get_engine("hextopia")
    for seed in range(200):
        state = engine.setup({}, [SeatSpec(), SeatSpec()], seed)
        seat = engine.to_act(state)[0]
        enters = [a for a in engine.legal_actions(state, seat) if a.get("move") == "enter"]
        same_card = [(a, b) for a in enters for b in enters if a["card"] == b["card"] and a["piece"] != b["piece"]]
        if same_card and len({x.get("card") for x in engine.legal_actions(state, seat)}) > 1:
            break
    a, b = same_card[0]
    assert engine.same_move(state, seat, a, b) and engine.same_move(state, seat, a, a)
    other = next(x for x in engine.legal_actions(state, seat) if x.get("card") != a["card"])
    assert not engine.same_move(state, seat, a, other)
    # The default: the same JSON, key order aside.
    race = registry.get_engine("hexal")
    assert race.same_move(None, 0, {"type": "x", "n": 1}, {"n": 1, "type": "x"})
    assert not race.same_move(None, 0, {"type": "x", "n": 1}, {"type": "x", "n": 2})
