"""Bots think outside the match's lock (issue: "a bot chooses from a view read outside the match
row's lock and then submits like anyone else (stale: it chooses again), so a searching bot never
blocks a human's action")."""
import threading

import pytest
from django.db import connection

from gameplatform.bots import services as bot_services
from gameplatform.bots.services import bot_take_turn
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from games.protocol import RandomBot
from tests import fake_engine

pytestmark = pytest.mark.django_db(transaction=True)


class SlowBot:
    """Waits on ``gate`` while choosing, so a test can act meanwhile."""

    name = "slow"
    started = threading.Event()
    gate = threading.Event()

    def choose(self, view, legal, rng):
        SlowBot.started.set()
        assert SlowBot.gate.wait(10), "the test never opened the gate"
        return legal[0]


@pytest.fixture
def slow(monkeypatch):
    SlowBot.started.clear()
    SlowBot.gate.clear()
    monkeypatch.setattr(fake_engine.ENGINE, "bots", lambda: {"random": RandomBot, "slow": SlowBot})


def test_a_person_acts_while_a_bot_is_still_thinking(match_factory, member, other_member, tenant, slow):
    """The ready phase: both seats act at once; the bot (seat 1) is slow, the person's move
    goes through while it thinks, and the bot's move, chosen at the older version, is still
    taken (simultaneous actions)."""
    match = match_factory("race", [member, "slow"], options={"ready_phase": True})
    version = match.version
    done = {}

    def bot():
        try:
            done["bot"] = bot_take_turn(match_id=match.pk, version=version)
        finally:
            connection.close()

    thread = threading.Thread(target=bot)
    thread.start()
    assert SlowBot.started.wait(10)
    outcome = services.submit_action(match_id=match.pk, tenant=tenant, user=member, action={"type": "ready"},
                                     expected_version=version)  # not blocked by the bot
    assert outcome.version == version + 1
    SlowBot.gate.set()
    thread.join(10)
    assert done["bot"] is True
    records = list(MoveRecord.objects.filter(match=match).order_by("seq").values_list("seat", "actor"))
    assert records == [(0, "user"), (1, "bot")]
    assert Match.unscoped.get(pk=match.pk).state["phase"] == "race"


def test_a_bot_whose_choice_went_stale_chooses_again(match_factory, monkeypatch):
    """Stale: the bot reads the match again and chooses from the fresh view."""
    match = match_factory("race", ["random", "random"])
    calls = []
    real = bot_services._submit

    def first_stale(match_id, seat, version, action):
        calls.append(version)
        if len(calls) == 1:
            from gameplatform.core.errors import ServiceError

            raise ServiceError("stale_version", services.STALE_VERSION, 409, "expected_version")
        return real(match_id, seat, version, action)

    monkeypatch.setattr(bot_services, "_submit", first_stale)
    assert bot_take_turn(match_id=match.pk, version=match.version) is True
    assert len(calls) == 2
    assert MoveRecord.objects.filter(match=match, actor="bot").count() == 1


def test_the_bot_reads_without_locking(match_factory, django_assert_max_num_queries):
    """The choice comes from plain reads: the only row lock is submit_action's own."""
    from django.test.utils import CaptureQueriesContext

    match = match_factory("race", ["random", "random"])
    with CaptureQueriesContext(connection) as ctx:
        assert bot_take_turn(match_id=match.pk, version=match.version)
    locks = [q["sql"] for q in ctx.captured_queries if "FOR UPDATE" in q["sql"].upper()]
    assert len(locks) <= 1  # SQLite has no FOR UPDATE; PostgreSQL locks once, in submit_action
