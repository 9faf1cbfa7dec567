"""Bot turns through a real Celery worker (a thread, on Redis when REDIS_URL is set, else the
in-memory broker): the services enqueue play_bot_turn after commit, the worker plays."""
import pytest

from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from games import registry

pytestmark = pytest.mark.celery_worker


def test_all_bot_match_plays_itself_to_the_end(task_worker, match_factory, wait_for, assert_replay_matches):
    match = match_factory("race", ["random", "greedy"], options={"target": 10})
    wait_for(lambda: Match.unscoped.get(pk=match.pk).status == Match.Status.FINISHED, timeout=60)
    assert set(MoveRecord.objects.filter(match=match).values_list("actor", flat=True)) == {"bot"}
    assert_replay_matches(match)


def test_hextopia_bot_answers_a_persons_move(task_worker, match_factory, member, tenant, wait_for):
    match = match_factory("hextopia", [member, "heuristic"])
    engine = registry.get_engine("hextopia")
    # Whoever starts, alice gets to move once and the bot must answer through the worker.
    def alice_to_act():
        m = Match.unscoped.get(pk=match.pk)
        return m if engine.to_act(engine.decode(m.state)) == (0,) else None

    current = wait_for(alice_to_act, timeout=30)
    state = engine.decode(current.state)
    services.submit_action(match_id=match.pk, tenant=tenant, user=member,
                           action=engine.legal_actions(state, 0)[0], expected_version=current.version)
    answered = wait_for(lambda: MoveRecord.objects.filter(match=match, seq=current.version + 2).first(), timeout=30)
    assert (answered.seat, answered.actor) == (1, "bot")
