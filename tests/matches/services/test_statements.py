"""The move's statements built once (issue 29, ``matches.statements``): they read and write
exactly what the ORM's querysets would, on PostgreSQL and on SQLite."""
import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from gameplatform.matches import statements
from gameplatform.matches.models import Match, MoveRecord, Seat

pytestmark = pytest.mark.django_db


def _values(obj):
    return [getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields]


def test_the_lock_with_seats_reads_what_the_orm_reads(match_factory, member):
    match = match_factory("hextopia", [member, "strong", "random"])
    with transaction.atomic():
        got_match = statements.match_lock(match.pk)
        got_seats = statements.seats_with_users(got_match)
    orm_seats = list(Seat.objects.filter(match_id=match.pk).select_related("user").order_by("index"))
    assert _values(got_match) == _values(Match.unscoped.get(pk=match.pk))
    assert [_values(s) for s in got_seats] == [_values(s) for s in orm_seats]
    assert [_values(s.user) if s.user else None for s in got_seats] == [
        _values(s.user) if s.user else None for s in orm_seats]
    assert all(s.match is got_match for s in got_seats)
    assert not got_match._state.adding and got_match._state.db == "default"
    assert statements.match_lock(match.pk + 1000) is None


def test_the_move_writes_what_save_and_create_would(match_factory, member):
    match = match_factory("hextopia", [member, "random"])
    match.state = {**match.state, "marker": [1, "deux"]}
    match.version += 1
    match.result = {"winners": [0]}
    match.deadline = timezone.now() + timedelta(seconds=30)
    match.bot_slow = True
    statements.match_save_move(match)
    statements.record_insert(MoveRecord(match=match, seq=match.version, seat=0, action={"type": "x"},
                                        events=[{"type": "y"}], actor="bot", client_action_id=None))
    fresh = Match.unscoped.get(pk=match.pk)
    assert _values(fresh) == _values(match)
    record = MoveRecord.objects.get(match=match, seq=match.version)
    assert (record.seat, record.action, record.events, record.actor) == (0, {"type": "x"}, [{"type": "y"}], "bot")
    assert timezone.now() - record.created_at < timedelta(seconds=30)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_seats_read_after_waiting_for_the_lock_are_those_the_holder_committed(match_factory, member):
    """In READ COMMITTED a FOR UPDATE that waited re-reads only the locked row: seats joined
    to it would be those of before the wait (a seat handed to a bot would still look like its
    person's, and the bot would never be asked to play). They are read after the lock."""
    match = match_factory("hextopia", [member, "random"])
    holding, release, got = threading.Event(), threading.Event(), {}

    def hand_over():
        try:
            with transaction.atomic():
                Match.unscoped.select_for_update().get(pk=match.pk)
                Seat.objects.filter(match=match, index=0).update(bot_kind="strong")
                holding.set()
                release.wait(10)
        finally:
            connections.close_all()

    def lock():
        try:
            with transaction.atomic():
                got["seats"] = statements.seats_with_users(statements.match_lock(match.pk))
        finally:
            connections.close_all()

    first = threading.Thread(target=hand_over)
    first.start()
    assert holding.wait(10)
    second = threading.Thread(target=lock)
    second.start()
    time.sleep(0.3)  # the second waits for the lock
    assert "seats" not in got
    release.set()
    first.join(10)
    second.join(10)
    assert got["seats"][0].bot_kind == "strong"
