"""bot_take_turn and match_play_out: bots choose from their seat's view only and submit like
anyone else; a stale version or a person's turn makes them do nothing."""
import logging

import pytest

from gameplatform.bots.services import bot_take_turn, match_play_out
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord, Seat
from games import registry
from games.protocol import RandomBot
from tests import fake_engine

pytestmark = pytest.mark.django_db


def acting(match):
    engine = registry.get_engine(match.game)
    return engine.to_act(engine.decode(match.state))[0]


class SpyBot:
    """Records what it was shown; plays the last legal action (or ``answer``)."""

    name = "spy"
    seen: list = []
    answer = None

    def choose(self, view, legal, rng):
        SpyBot.seen.append((view, legal, rng))
        return SpyBot.answer if SpyBot.answer is not None else legal[-1]


@pytest.fixture
def spy(monkeypatch):
    SpyBot.seen, SpyBot.answer = [], None
    monkeypatch.setattr(fake_engine.ENGINE, "bots", lambda: {"random": RandomBot, "greedy": SpyBot})
    return SpyBot


@pytest.fixture
def bot_turn(match_factory, member, spy):
    """A race between alice and the spy bot, at the bot's turn."""
    match = match_factory("race", [member, "greedy"])
    if acting(match) == 0:
        services.submit_action(match_id=match.pk, tenant=match.tenant, user=member, action={"type": "roll"},
                               expected_version=match.version)
        match.refresh_from_db()
    return match


def test_bot_chooses_from_its_view_and_submits(bot_turn, spy):
    engine = registry.get_engine("race")
    view, legal = engine.view(bot_turn.state, 1), engine.legal_actions(bot_turn.state, 1)
    assert bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version) is True
    (seen_view, seen_legal, rng), = spy.seen
    assert (seen_view, seen_legal) == (view, legal)
    assert "hand" in seen_view and seen_view["hand"] == bot_turn.state["hands"][1]
    assert "hands" not in seen_view and "seed" not in seen_view
    record = MoveRecord.objects.get(match=bot_turn, seq=bot_turn.version + 1)
    assert (record.seat, record.action, record.actor) == (1, legal[-1], "bot")


def test_each_call_gets_its_own_rng(bot_turn, spy, match_factory, member):
    bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version)
    other = match_factory("race", ["greedy", "greedy"])
    bot_take_turn(match_id=other.pk, version=other.version)
    rngs = [rng for _, _, rng in spy.seen]
    assert len(rngs) == 2 and rngs[0] is not rngs[1]


def test_stale_version_or_a_persons_turn_does_nothing(bot_turn, member, spy):
    assert bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version - 1) is False
    assert bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version) is True
    bot_turn.refresh_from_db()
    assert acting(bot_turn) == 0
    assert bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version) is False
    assert Match.unscoped.get(pk=bot_turn.pk).version == bot_turn.version


@pytest.mark.parametrize(("match_id", "version"), [("1", 0), (None, 0), (10**9, 0), (1, "0"), (True, 0)])
def test_garbage_task_arguments_do_nothing(db, match_id, version):
    assert bot_take_turn(match_id=match_id, version=version) is False


def test_bot_in_a_finished_match_does_nothing(bot_turn, moderator):
    services.match_abort(match_id=bot_turn.pk, by=moderator)
    bot_turn.refresh_from_db()
    assert bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version) is False


def test_a_bot_choosing_an_illegal_action_is_replaced_by_the_random_bot(bot_turn, spy, caplog):
    spy.answer = {"type": "play", "card": 9}
    with caplog.at_level(logging.ERROR, logger="gameplatform.bots.services"):
        assert bot_take_turn(match_id=bot_turn.pk, version=bot_turn.version) is True
    record = MoveRecord.objects.get(match=bot_turn, seq=bot_turn.version + 1)
    assert record.action in registry.get_engine("race").legal_actions(bot_turn.state, 1)
    assert "chose a refused action" in caplog.text


def test_takeover_of_a_hextopia_seat_uses_the_heuristic_bot(match_factory, member, other_member, monkeypatch):
    from games.hextopia.engine.bots import HeuristicBot

    match = match_factory("hextopia", [member, other_member])
    seat = acting(match)
    Seat.objects.filter(match=match, index=seat).update(bot_takeover=True, timeouts_in_row=3)
    chosen = []
    real = HeuristicBot.choose
    monkeypatch.setattr(HeuristicBot, "choose", lambda self, v, legal, rng: chosen.append(v) or real(self, v, legal, rng))
    assert bot_take_turn(match_id=match.pk, version=match.version) is True
    assert len(chosen) == 1 and chosen[0]["hand"] is not None
    assert MoveRecord.objects.get(match=match).actor == "takeover"  # issue 8: marked as a bot playing for the absent player
    # The owner's time-out count stays until they act themselves.
    assert Seat.objects.get(match=match, index=seat).bot_takeover is True


def test_play_out_runs_an_all_bot_match_to_the_end(match_factory, assert_replay_matches):
    match = match_factory("race", ["random", "greedy", "random"], options={"target": 12})
    applied = match_play_out(match_id=match.pk, max_actions=1000)
    match.refresh_from_db()
    assert match.status == "finished" and applied == MoveRecord.objects.filter(match=match).count()
    assert_replay_matches(match)


def test_play_out_stops_for_a_person_and_at_max_actions(match_factory, member):
    mixed = match_factory("race", [member, "random"], options={"target": 100})
    applied = match_play_out(match_id=mixed.pk, max_actions=50)
    mixed.refresh_from_db()
    assert applied <= 1 and acting(mixed) == 0
    bots = match_factory("race", ["random", "random"], options={"target": 1000})
    assert match_play_out(match_id=bots.pk, max_actions=7) == 7


class WaitingBot:
    """Waits (None) the first time it is asked, then plays its first legal action."""

    name = "waiting"
    asked = 0

    def choose(self, view, legal, rng):
        WaitingBot.asked += 1
        return None if WaitingBot.asked == 1 else legal[0]


def test_a_waiting_bot_yields_to_the_next_bot_seat(match_factory, monkeypatch):
    """games.protocol.Bot: ``choose`` may return None to wait while other seats also act;
    the platform then lets the next bot seat in ``to_act`` move."""
    monkeypatch.setattr(fake_engine.ENGINE, "bots", lambda: {"random": RandomBot, "greedy": WaitingBot})
    monkeypatch.setattr(WaitingBot, "asked", 0)
    match = match_factory("race", ["greedy", "greedy"], options={"ready_phase": True})
    assert registry.get_engine("race").to_act(match.state) == (0, 1)
    assert bot_take_turn(match_id=match.pk, version=match.version) is True
    record = MoveRecord.objects.get(match=match, seq=match.version + 1)
    assert (record.seat, record.action) == (1, {"type": "ready"})
