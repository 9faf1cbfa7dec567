"""The turn flow publishes events and features subscribe (issue 25, point 2;
gameplatform/core/events.py): a move calls no feature by import; a failing after-commit
subscriber leaves the move applied, the other subscribers run and it is tried again later; an
in-transaction subscriber that fails undoes the whole change; events survive the retry's
round trip. (The broadcast equals a fresh snapshot: tests/realtime/test_broadcast.py.)"""
from __future__ import annotations

import grimp
import pytest

from gameplatform.core import events
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord

FEATURES = ("gameplatform.ratings", "gameplatform.alerts", "gameplatform.realtime", "gameplatform.bots",
            "gameplatform.chat", "gameplatform.players.views", "gameplatform.web", "gameplatform.api")


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("gameplatform", "accounts", "games", cache_dir=None)


@pytest.mark.parametrize("feature", FEATURES)
def test_the_turn_flow_imports_no_feature(graph, feature):
    """"The turn flow calls every feature by hand" no more: not even indirectly does
    ``matches.turns`` (or any module of ``matches``) import a feature."""
    for module in ("gameplatform.matches.turns", "gameplatform.matches.services", "gameplatform.matches.timers"):
        if feature in graph.modules:
            chain = graph.find_shortest_chain(importer=module, imported=feature, as_packages=True)
            assert chain is None, f"{module} reaches {feature}: {' -> '.join(chain)}"


@pytest.fixture
def recorded():
    """Subscribes ``record`` to every ``MatchEvent`` after commit, and unsubscribes after."""
    seen: list = []

    def record(event, context):
        seen.append(event)

    sub = events.subscribe(events.MatchEvent, record, phase=events.AFTER_COMMIT)
    yield seen
    events.unsubscribe(sub)


def first_to_act(match):
    from games import registry

    engine = registry.get_engine(match.game)
    return engine.to_act(engine.decode(match.state))[0]


def roll(match, people, tenant):
    match.refresh_from_db()
    seat = first_to_act(match)
    return services.submit_action(match_id=match.pk, tenant=tenant, user=people[seat], action={"type": "roll"},
                                  expected_version=match.version)


@pytest.mark.django_db
def test_a_move_publishes_its_events_after_commit(race_engine, match_factory, member, other_member, tenant,
                                                  recorded, django_capture_on_commit_callbacks):
    match = match_factory("race", [member, other_member], options={"target": 5000})
    with django_capture_on_commit_callbacks(execute=True):
        outcome = roll(match, [member, other_member], tenant)
    kinds = [type(e).__name__ for e in recorded]
    assert kinds == ["MoveApplied", "TurnChanged"]
    moved = recorded[0]
    assert (moved.match_id, moved.tenant_id, moved.version, moved.actor) == (match.pk, tenant.pk, outcome.version,
                                                                               "user")


@pytest.mark.django_db
def test_a_failing_after_commit_subscriber_leaves_the_move_and_is_tried_again(
    race_engine, match_factory, member, other_member, tenant, recorded, django_capture_on_commit_callbacks,
    monkeypatch, caplog,
):
    queued = []
    monkeypatch.setattr(events, "task_send", lambda name, args, **kw: queued.append((name, args, kw)))

    def broken(event, context):
        raise RuntimeError("a feature is down")

    sub = events.subscribe(events.MoveApplied, broken, phase=events.AFTER_COMMIT)
    try:
        match = match_factory("race", [member, other_member], options={"target": 5000})
        before = Match.unscoped.get(pk=match.pk).version
        with django_capture_on_commit_callbacks(execute=True):
            outcome = roll(match, [member, other_member], tenant)
    finally:
        events.unsubscribe(sub)
    assert Match.unscoped.get(pk=match.pk).version == before + 1 == outcome.version  # the move stands
    assert MoveRecord.objects.filter(match=match, seq=outcome.version).exists()
    assert "MoveApplied" in [type(e).__name__ for e in recorded]  # the others ran
    assert "a feature is down" in caplog.text
    (name, (sub_name, payload, attempt), kw), = queued
    assert name == events.SUBSCRIBER_RETRY and sub_name == sub.name and attempt == 1
    assert kw["countdown"] == events.RETRY_DELAYS_SECONDS[0]
    assert events.event_from_payload(payload) == next(e for e in recorded if isinstance(e, events.MoveApplied))


@pytest.mark.django_db
def test_the_retry_calls_the_subscriber_again_without_context(monkeypatch):
    calls = []

    def flaky(event, context):
        calls.append((event, dict(context)))

    sub = events.subscribe(events.TurnChanged, flaky, phase=events.AFTER_COMMIT)
    try:
        event = events.TurnChanged(tenant_id=1, match_id=2, version=3, deadline=None, bot_due=True)
        assert events.subscriber_retry(sub.name, events.event_payload(event), 1) is True
    finally:
        events.unsubscribe(sub)
    assert calls == [(event, {})]
    assert events.subscriber_retry("no.such:Subscriber", events.event_payload(event), 1) is False


@pytest.mark.django_db
def test_an_in_transaction_subscriber_that_fails_undoes_the_change(race_engine, match_factory, member,
                                                                   other_member, tenant):
    """In-transaction subscribers commit with the change (ratings with the ending): if one
    fails, nothing of the change stays."""

    def broken(event, context):
        raise RuntimeError("cannot record")

    match = match_factory("race", [member, other_member], options={"target": 5000})
    before = Match.unscoped.get(pk=match.pk).version
    sub = events.subscribe(events.MoveApplied, broken, phase=events.IN_TRANSACTION)
    try:
        with pytest.raises(RuntimeError):
            roll(match, [member, other_member], tenant)
    finally:
        events.unsubscribe(sub)
    assert Match.unscoped.get(pk=match.pk).version == before
    assert not MoveRecord.objects.filter(match=match).exists()


def test_every_event_round_trips_through_its_payload():
    samples = [
        events.MoveApplied(tenant_id=1, match_id=2, version=3, events=({"type": "rolled", "visible_to": [0]},),
                           seat=1, actor="bot"),
        events.MatchEnded(tenant_id=1, match_id=2, version=9, status="finished", result={"ranks": [1, 2]}),
        events.MatchAborted(tenant_id=1, match_id=2, version=4),
        events.SeatHandedOver(tenant_id=1, match_id=2, version=5, seat=0, bot_kind="heuristic"),
        events.MemberTimedOut(tenant_id=1, user_id=7, by_id=8, until="2026-12-06T12:00:00+00:00", reason="spam"),
        events.VacationChanged(tenant_id=1, user_id=7),
    ]
    for event in samples:
        assert events.event_from_payload(events.event_payload(event)) == event


def test_a_subscription_names_a_known_phase():
    with pytest.raises(ValueError):
        events.subscribe(events.MatchEvent, lambda e, c: None, phase="someday")
