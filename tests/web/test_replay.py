"""The replay page (/matches/<id>/replay/) and its data (/api/v1/matches/<id>/replay/...):
finished matches only; the page holds the summary alone, the steps come a window at a time
(issue 14), as a spectator saw them or (issue 8) as each seat did, hands included, once the
match is over."""
import json

import pytest

from gameplatform.matches import replays, selectors, services
from gameplatform.matches.models import Match, ReplayCheckpoint
from games.registry import get_engine
from tests.conftest import clear_site_cache
from tests.web.conftest import OTHER_HOST, play_out
from tests.web.helpers import embedded_json, private_hand_seats


def api(match, tail=""):
    return f"/api/v1/matches/{match.pk}/replay/{tail}"


def fetch_steps(client, match, viewer=None, kind="steps"):
    """Every step of the replay through the API, a full window at a time."""
    total = client.get(api(match)).json()["step_count"]
    most = replays.MAX_STEPS if kind == "steps" else replays.MAX_LOG
    who = "" if viewer is None else f"&viewer={viewer}"
    steps = []
    for start in range(0, total, most):
        response = client.get(api(match, f"{kind}/?start={start}&count={most}{who}"))
        assert response.status_code == 200, response.content
        steps += response.json()["steps"]
    assert [s["step"] for s in steps] == list(range(total))
    return steps


def test_the_page_holds_the_summary_only(finished_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{finished_match.pk}/replay/")
    assert response.status_code == 200
    replay = embedded_json(response, "match-replay")
    moves = finished_match.moves.count()
    assert replay["step_count"] == moves + 1 and replay["seed"] == str(finished_match.seed)
    assert "steps" not in replay and '"view"' not in json.dumps(replay)
    body = response.content.decode()
    for control in ("rp-first", "rp-prev", "rp-next", "rp-last", "rp-slider"):
        assert f'id="{control}"' in body
    assert f'max="{moves}"' in body
    assert 'src="/static/hextopia/replay.js"' in body  # its "View as" chooser is built by js/replay.js


def test_the_page_is_the_same_size_whatever_the_length(finished_match, tenant, alice, client_for):
    """Issue 14: "the replay page loads in constant size whatever the game's length"."""
    from gameplatform.matches import services

    other = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Bots only")
    for i in (0, 1):
        services.seat_assign_bot(tenant=tenant, user=alice, match_id=other.pk, seat_index=i, kind="random")
    other = play_out(services.match_start(tenant=tenant, user=alice, match_id=other.pk))
    assert other.moves.count() != finished_match.moves.count()
    sizes = [len(client_for(alice).get(f"/matches/{m.pk}/replay/").content) for m in (finished_match, other)]
    assert abs(sizes[0] - sizes[1]) < 200, sizes


def test_replay_steps_through_every_move_as_a_spectator(finished_match, alice, client_for):
    client = client_for(alice)
    steps = fetch_steps(client, finished_match)
    assert steps[0]["seq"] == 0 and steps[0]["actor"] == "setup" and steps[0]["seat"] is None
    assert len(steps) == finished_match.moves.count() + 1
    assert [s["seq"] for s in steps[1:]] == list(finished_match.moves.order_by("seq").values_list("seq", flat=True))
    assert steps[-1]["view"]["result"] is not None
    # The spectator's part: no hand in any view or public event, no seat_events at all.
    assert not any("hand" in step["view"] or "seat_events" in step for step in steps)
    assert private_hand_seats([{"view": step["view"], "events": step["events"]} for step in steps]) == set()
    # The log is the same steps without their views.
    assert fetch_steps(client, finished_match, kind="log") == [
        {k: v for k, v in step.items() if k != "view"} for step in steps]


def test_once_finished_the_replay_shows_what_each_seat_saw(finished_match, alice, client_for):
    """Issue 8: "the replay ... can show each seat's hand after the match ends": asked for as a
    viewer, each step holds exactly the engine's view of that seat and the events only it saw."""
    client = client_for(alice)
    engine = get_engine(finished_match.game)
    records = list(finished_match.moves.order_by("seq").values_list("seat", "action", "events"))
    for i in (0, 1):
        state = engine.setup(finished_match.options, selectors._specs(finished_match), finished_match.seed)
        for k, step in enumerate(fetch_steps(client, finished_match, viewer=i)):
            events = engine.setup_events(state) if k == 0 else None
            if k:
                seat, action, events = records[k - 1]
                state, _ = engine.apply(state, seat, action)
            assert step["view"] == json.loads(json.dumps(engine.view(state, i)))
            assert step["seat_events"] == [{k2: v for k2, v in ev.items() if k2 != "visible_to"}
                                           for ev in events if i in (ev.get("visible_to") or ())]
        log = fetch_steps(client, finished_match, viewer=i, kind="log")
        assert private_hand_seats([step["seat_events"] for step in log]) == {i}
        assert private_hand_seats([step["events"] for step in log]) == set()


def test_a_step_costs_at_most_one_checkpoint_interval_of_applies(finished_match, alice, client_for, monkeypatch):
    """Issue 14: "stored checkpoints so that any step costs at most a bounded number of engine
    applications"; and a finished match's answers are cached."""
    client = client_for(alice)
    total = client.get(api(finished_match)).json()["step_count"]
    every = replays.CHECKPOINT_EVERY
    steps = list(ReplayCheckpoint.objects.filter(match=finished_match).values_list("step", flat=True))
    assert steps == sorted({*range(0, total, every), total - 1})
    engine = get_engine(finished_match.game)
    applies = []
    real = engine.apply
    monkeypatch.setattr(engine, "apply", lambda *a, **kw: applies.append(1) or real(*a, **kw))
    # The match is the bots' (its seed is random, 64-337 steps over 60 seeds): the steps before
    # and after each of its first checkpoints, as far as it goes, and its last.
    for start in sorted({s for s in (0, every - 1, every, 2 * every - 1, total - 1) if s < total}):
        applies.clear()
        response = client.get(api(finished_match, f"steps/?start={start}&viewer=1"))
        assert response.status_code == 200
        assert len(applies) <= every, start
        assert "private" in response["Cache-Control"] and "max-age" in response["Cache-Control"]
        applies.clear()
        again = client.get(api(finished_match, f"steps/?start={start}&viewer=1"))
        assert again.json() == response.json() and applies == []  # from the cache


def test_replay_of_a_running_match_is_refused(active_match, alice, client_for):
    client = client_for(alice)
    response = client.get(f"/matches/{active_match.pk}/replay/")
    assert response.status_code == 409
    assert "once the match is finished" in response.content.decode()
    for tail in ("", "steps/?start=0", "log/?start=0", "steps/?start=0&viewer=1"):
        refused = client.get(api(active_match, tail))
        assert refused.status_code == 409 and refused.json()["error"] == "match_not_finished", tail
    assert not ReplayCheckpoint.objects.filter(match=active_match).exists()


def test_replay_of_an_open_match_is_refused(open_match, alice, client_for):
    assert client_for(alice).get(f"/matches/{open_match.pk}/replay/").status_code == 409
    assert client_for(alice).get(api(open_match, "steps/")).status_code == 409


def test_replay_of_another_communitys_match_is_not_found(finished_match, other_tenant, make_user, client_for):
    stranger = make_user("stranger", member_of=[other_tenant])
    client = client_for(stranger, host=OTHER_HOST)
    assert client.get(f"/matches/{finished_match.pk}/replay/").status_code == 404
    for tail in ("", "steps/", "log/"):
        assert client.get(api(finished_match, tail)).status_code == 404


@pytest.mark.parametrize(("query", "field"), [
    ("start=-1", "start"), ("start=x", "start"), ("start=99999", "start"), ("start=", "start"),
    ("count=0", "count"), (f"count={replays.MAX_STEPS + 1}", "count"), ("count=1.5", "count"),
    ("viewer=2", "viewer"), ("viewer=-1", "viewer"), ("viewer=abc", "viewer"), ("viewer=99999999999999", "viewer"),
])
def test_bad_windows_are_a_400_naming_the_field(finished_match, alice, client_for, query, field):
    response = client_for(alice).get(api(finished_match, f"steps/?{query}"))
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_nothing_of_another_seat_is_reachable_before_the_end(active_match, alice, bob, carol, client_for):
    """Issue 8: the seats' views exist for finished matches only. While the match runs, the
    replay answers 409 without any of it, and the match page, its snapshot and its history
    give a player their own hand only and a spectator none."""
    match = Match.unscoped.get(pk=active_match.pk)
    engine = get_engine(match.game)
    state = engine.decode(match.state)
    for user in (alice, bob, carol):
        client = client_for(user)
        refused = client.get(f"/matches/{match.pk}/replay/")
        assert refused.status_code == 409
        assert "seat_events" not in refused.content.decode() and "match-replay" not in refused.content.decode()
        page = client.get(f"/matches/{match.pk}/")
        seat = {alice.pk: 0, bob.pk: 1}.get(user.pk)
        snapshot = embedded_json(page, "match-snapshot")
        history = embedded_json(page, "match-history")
        assert "views" not in snapshot and "seat_events" not in json.dumps(history)
        text = json.dumps([snapshot, history])
        for secret in engine.secrets(state, seat):
            if isinstance(secret, str):
                assert f'"{secret}"' not in text, (user.username, secret)
        assert private_hand_seats(history) <= ({seat} if seat is not None else set())
        for tail in ("", "steps/?viewer=0", "steps/?viewer=1", "log/?viewer=0"):
            answer = client.get(api(match, tail))
            assert answer.status_code == 409 and "view" not in answer.json()
    with pytest.raises(selectors.ServiceError) as err:
        replays.match_replay(match=match)
    assert err.value.code == "match_not_finished"


def test_the_pages_say_what_the_commitment_hashes_and_the_command_checks_it(finished_match, alice, client_for):
    """The command the match and replay pages print, run in a shell, prints the commitment."""
    import shutil
    import subprocess

    from gameplatform.matches.models import SEED_CHECK_COMMAND

    command = SEED_CHECK_COMMAND.replace("SEED", str(finished_match.seed))
    for path in (f"/matches/{finished_match.pk}/", f"/matches/{finished_match.pk}/replay/"):
        body = client_for(alice).get(path).content.decode()
        assert command in body, path
        assert "of the text <code>hexagora-seed:</code> followed by the seed in decimal" in body
        assert "not of the seed alone" in body
    if shutil.which("sha256sum"):
        out = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=True).stdout
        assert out.split()[0] == finished_match.seed_commitment


def test_the_api_schema_says_what_the_commitment_hashes(client_for, alice):
    schema = client_for(alice).get("/api/schema/?format=json").json()
    props = schema["components"]["schemas"]["MatchOut"]["properties"]
    assert '"hexagora-seed:" followed by the seed in decimal' in props["seed_commitment"]["description"]
    assert "printf 'hexagora-seed:%s' SEED | sha256sum" in props["seed"]["description"]


# --- issue 29, point 7: the checkpoints are built when the match ends ---------------------------


def test_a_finished_match_queues_its_checkpoints_and_an_aborted_one_does_not(
        tenant, alice, active_match, monkeypatch, django_capture_on_commit_callbacks):
    from gameplatform.matches import subscribers

    sent = []
    monkeypatch.setattr(subscribers, "task_send", lambda name, args=(), **kw: sent.append((name, tuple(args))))
    with django_capture_on_commit_callbacks(execute=True):
        services.match_abort(match_id=active_match.pk, by=alice, reason="test")
    assert (subscribers.REPLAY_CHECKPOINTS_TASK, (active_match.pk,)) not in sent
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Bots only")
    for i in (0, 1):
        services.seat_assign_bot(tenant=tenant, user=alice, match_id=match.pk, seat_index=i, kind="heuristic")
    with django_capture_on_commit_callbacks(execute=True):
        match = play_out(services.match_start(tenant=tenant, user=alice, match_id=match.pk))
    assert match.status == Match.Status.FINISHED
    assert sent.count((subscribers.REPLAY_CHECKPOINTS_TASK, (match.pk,))) == 1


def test_after_the_task_the_first_viewer_pays_no_more_than_the_second(finished_match, alice, client_for,
                                                                      monkeypatch):
    """"No viewer pays for checkpoints": with the task done, the first request builds nothing
    (no engine application beyond its window, no row written) and costs what a later one does."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from gameplatform.matches.tasks import replay_checkpoints

    assert replay_checkpoints(finished_match.pk) == finished_match.moves.count()
    assert replay_checkpoints(finished_match.pk) == finished_match.moves.count()  # built once, then read
    assert replay_checkpoints(10**9) is None and replay_checkpoints("1; drop") is None
    rows = ReplayCheckpoint.objects.filter(match=finished_match).count()
    engine = get_engine(finished_match.game)
    applies = []
    real = engine.apply
    monkeypatch.setattr(engine, "apply", lambda *a, **kw: applies.append(1) or real(*a, **kw))
    client = client_for(alice)
    costs = []
    for _ in range(2):
        clear_site_cache()  # each request computed afresh (a finished match's answers are cached)
        applies.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(api(finished_match, "steps/?start=0&count=1")).status_code == 200
        assert not any(q["sql"].lstrip().upper().startswith("INSERT") for q in queries.captured_queries)
        costs.append((len(queries.captured_queries), len(applies)))
    assert costs[0] == costs[1] and costs[0][1] <= replays.CHECKPOINT_EVERY
    assert ReplayCheckpoint.objects.filter(match=finished_match).count() == rows
