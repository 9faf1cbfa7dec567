"""Architecture.md: "Replaying the MoveRecords from the setup seed must rebuild the stored state
exactly: that is how replays work and how a test proves no move was lost." Every finished test
game here is checked that way, Hextopia included, with moves by people, bots and time-outs."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.bots.services import bot_take_turn, match_play_out
from gameplatform.matches import replays, services
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.tasks import expire_turn
from games import registry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("game", "players", "options", "layout"), [
    ("race", ["random", "greedy"], {"target": 15}, "none"),
    ("race", ["random", "greedy", "random", "greedy"], {"target": 15, "ready_phase": True}, "2v2"),
    ("hextopia", ["heuristic", "random"], None, "none"),
    ("hextopia", ["heuristic", "heuristic", "random", "heuristic"], None, "2v2"),
])
def test_bot_game_to_the_end_replays_exactly(match_factory, assert_replay_matches, game, players, options, layout):
    match = match_factory(game, players, options=options, team_layout=layout)
    applied = match_play_out(match_id=match.pk, max_actions=5000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED, f"not over after {applied} actions"
    assert MoveRecord.objects.filter(match=match).count() == applied == match.version - match.moves.first().seq + 1
    result = registry.get_engine(game).result(registry.get_engine(game).decode(match.state))
    assert match.result == result.to_json()
    assert_replay_matches(match)
    last = replays.match_replay(match=match)["step_count"] - 1
    assert replays.replay_steps(match=match, start=last)["steps"][-1]["view"]["result"] == match.result


def test_people_bots_and_timeouts_mixed_replay_exactly(match_factory, member, tenant, assert_replay_matches):
    """A person plays the first legal move, times out now and then, and a bot plays the rest."""
    match = match_factory("hextopia", [member, "heuristic"], turn_seconds=60)
    engine = registry.get_engine("hextopia")
    for step in range(4000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = engine.decode(match.state)
        seat = engine.to_act(state)[0]
        if Seat.objects.get(match=match, index=seat).bot_plays:
            assert bot_take_turn(match_id=match.pk, version=match.version)
        elif step % 3 == 0:
            Match.unscoped.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
            assert expire_turn(match.pk, match.version) == 1
        else:
            services.submit_action(match_id=match.pk, tenant=tenant, user=member,
                                   action=engine.legal_actions(state, seat)[-1], expected_version=match.version,
                                   client_action_id=f"move-{step}")
    assert match.status == Match.Status.FINISHED
    actors = set(MoveRecord.objects.filter(match=match).values_list("actor", flat=True))
    assert actors == {"user", "bot", "timeout"}
    assert_replay_matches(match)


def test_replay_detects_a_lost_move(match_factory):
    from tests.conftest import replay_mismatches

    match = match_factory("race", ["random", "greedy"], options={"target": 10})
    match_play_out(match_id=match.pk, max_actions=200)
    MoveRecord.objects.filter(match=match, seq=match.moves.order_by("seq")[2].seq).delete()
    problems = replay_mismatches(match)
    assert problems and ("final state differs" in problems or "does not apply" in problems[-1])
