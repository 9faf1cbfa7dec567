"""The replay page (/matches/<id>/replay/): finished matches only, spectator views step by step,
and (issue 8) what each seat saw, hands included, once the match is over."""
import json

from gameplatform.matches import selectors
from gameplatform.matches.models import Match
from games.registry import get_engine
from tests.web.conftest import OTHER_HOST
from tests.web.helpers import embedded_json, private_hand_seats


def test_replay_steps_through_every_move_as_a_spectator(finished_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{finished_match.pk}/replay/")
    assert response.status_code == 200
    replay = embedded_json(response, "match-replay")
    steps = replay["steps"]
    assert steps[0]["seq"] == 0 and steps[0]["actor"] == "setup"
    assert len(steps) == finished_match.moves.count() + 1
    assert steps[-1]["view"]["result"] is not None
    # The spectator's part: no hand in any view or public event.
    assert not any("hand" in step["view"] for step in steps)
    assert private_hand_seats([{"view": step["view"], "events": step["events"]} for step in steps]) == set()
    assert replay["seed"] == str(finished_match.seed)
    body = response.content.decode()
    for control in ("rp-first", "rp-prev", "rp-next", "rp-last", "rp-slider"):
        assert f'id="{control}"' in body
    assert f'max="{len(steps) - 1}"' in body


def test_replay_of_a_running_match_is_refused(active_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{active_match.pk}/replay/")
    assert response.status_code == 409
    assert "once the match is finished" in response.content.decode()


def test_replay_of_an_open_match_is_refused(open_match, alice, client_for):
    assert client_for(alice).get(f"/matches/{open_match.pk}/replay/").status_code == 409


def test_replay_of_another_communitys_match_is_not_found(active_match, other_tenant, make_user, client_for):
    stranger = make_user("stranger", member_of=[other_tenant])
    assert client_for(stranger, host=OTHER_HOST).get(f"/matches/{active_match.pk}/replay/").status_code == 404


def test_once_finished_the_replay_shows_what_each_seat_saw(finished_match, alice, client_for):
    """Issue 8: "the replay ... can show each seat's hand after the match ends": each step
    carries, per seat, the keys of that seat's view that differ from the spectator's and the
    events only it saw; together they give back exactly the engine's view of that seat."""
    replay = embedded_json(client_for(alice).get(f"/matches/{finished_match.pk}/replay/"), "match-replay")
    engine = get_engine(finished_match.game)
    state = engine.setup(finished_match.options, selectors._specs(finished_match), finished_match.seed)
    records = list(finished_match.moves.order_by("seq").values_list("seat", "action", "events"))
    for k, step in enumerate(replay["steps"]):
        events = engine.setup_events(state) if k == 0 else None
        if k:
            seat, action, events = records[k - 1]
            state, _ = engine.apply(state, seat, action)
        assert len(step["views"]) == len(step["seat_events"]) == 2
        for i in (0, 1):
            seen = {**step["view"], **step["views"][i]}
            assert seen == json.loads(json.dumps(engine.view(state, i)))
            assert step["seat_events"][i] == [{k2: v for k2, v in ev.items() if k2 != "visible_to"}
                                             for ev in events if i in (ev.get("visible_to") or ())]
    # The hands themselves: every seat's dealt cards reach the replay, each under its own seat.
    assert private_hand_seats([step["seat_events"][0] for step in replay["steps"]]) == {0}
    assert private_hand_seats([step["seat_events"][1] for step in replay["steps"]]) == {1}
    assert all(step["views"][0].get("hand") is not None for step in replay["steps"][:-1])
    body = client_for(alice).get(f"/matches/{finished_match.pk}/replay/").content.decode()
    assert 'src="/static/hextopia/replay.js"' in body  # its chooser is built by js/replay.js


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
        api = client.get(f"/api/v1/matches/{match.pk}/replay/")
        assert api.status_code == 404
    try:
        selectors.match_replay(match=match)
    except selectors.ServiceError as err:
        assert err.code == "match_not_finished"
    else:  # pragma: no cover - the failure
        raise AssertionError("a running match has no replay")


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
