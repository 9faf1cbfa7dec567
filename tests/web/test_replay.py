"""The replay page (/matches/<id>/replay/): finished matches only, spectator views step by step."""
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
    # Spectator views only: even the players' own hands stay out of the replay.
    assert not any("hand" in step["view"] for step in steps)
    assert private_hand_seats(replay) == set()
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
