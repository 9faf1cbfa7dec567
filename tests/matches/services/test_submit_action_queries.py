"""submit_action costs the same number of SQL queries on move 1 and move 201: it never loads
the history (``MoveRecord.seq`` is the match version, not a count of records)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from gameplatform.matches import services
from gameplatform.matches.models import Seat
from games import registry

pytestmark = pytest.mark.django_db

# Membership, match lock, seats, client_action_id lookup, update match, insert record (+ the
# savepoints of the test's transaction): a ceiling, so a new query per action gets noticed.
MAX_QUERIES_PER_ACTION = 10


def test_query_count_is_flat_over_a_long_history(match_factory, member, other_member, tenant):
    match = match_factory("race", [member, other_member], options={"target": 5000}, turn_seconds=600)
    engine = registry.get_engine("race")
    users = {s.index: s.user for s in Seat.objects.filter(match=match)}
    counts = {}
    for move in range(1, 202):
        match.refresh_from_db()
        seat = engine.to_act(match.state)[0]
        with CaptureQueriesContext(connection) as ctx:
            services.submit_action(match_id=match.pk, tenant=tenant, user=users[seat], action={"type": "roll"},
                                   expected_version=match.version, client_action_id=f"c{move}")
        counts[move] = len(ctx.captured_queries)
        if move == 201:
            sql = "\n".join(q["sql"] for q in ctx.captured_queries)
    assert counts[1] == counts[201] <= MAX_QUERIES_PER_ACTION
    assert set(counts.values()) == {counts[1]}
    assert 'COUNT(' not in sql.upper()


# A bot's turn (bots.services.bot_take_turn): the bot chooses from the state this process
# committed with the move before (matches.state_cache, checked by version), then submits like
# anyone: BEGIN, the match row locked, its seats with their users, UPDATE match, INSERT
# record, COMMIT; the broadcast after commit reads nothing (it gets what the move wrote).
BOT_TURN_QUERIES = 6
# When the cache has not that version (another process moved, or the entry was evicted) the
# bot reads the match and its seats first, as before.
BOT_TURN_QUERIES_COLD = 8


def test_a_bot_turn_costs_the_same_few_queries_on_move_1_and_move_201(
    match_factory, monkeypatch, django_capture_on_commit_callbacks
):
    from gameplatform.bots.services import bot_take_turn
    from gameplatform.bots.tasks import play_bot_turn
    from gameplatform.matches import state_cache
    from gameplatform.matches.models import Match
    from gameplatform.realtime import broadcast

    # As on Redis, the broadcast runs (and hands its messages to a stand-in for the layer).
    monkeypatch.setattr(broadcast, "_needs_server_loop", lambda layer: False)
    monkeypatch.setattr(broadcast, "_deliver", lambda layer, sends: None)
    monkeypatch.setattr(play_bot_turn, "apply_async", lambda *a, **kw: None)
    match = match_factory("race", ["random", "random"], options={"target": 5000})
    state_cache.clear()
    counts, cold = {}, {}
    for move in range(1, 202):
        version = Match.unscoped.filter(pk=match.pk).values_list("version", flat=True).get()
        if move % 50 == 0:
            state_cache.clear()  # as if another process had made the move before
        with CaptureQueriesContext(connection) as ctx, django_capture_on_commit_callbacks(execute=True):
            assert bot_take_turn(match_id=match.pk, version=version) is True
        (cold if move == 1 or move % 50 == 0 else counts)[move] = len(ctx.captured_queries)
        if move == 201:
            sql = [q["sql"] for q in ctx.captured_queries]
    # In the test's transaction a savepoint and its release stand for BEGIN and COMMIT.
    warm = BOT_TURN_QUERIES if state_cache.usable() else BOT_TURN_QUERIES_COLD  # SQLite keeps none
    assert counts[2] == counts[201] == warm, sql
    assert set(counts.values()) == {warm}
    assert set(cold.values()) == {BOT_TURN_QUERIES_COLD}
