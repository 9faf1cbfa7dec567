"""The move's own SQL statements, built once per database vendor (issue 29, point 2).

Every move locks the match row, updates it and inserts its ``MoveRecord``. Through the ORM
each of those is a queryset compiled anew (a fifth of a bot move's worker CPU went to Django
compiling SQL, docs/performance.md). Here the text of each statement is built once from the
models' metadata (``quote_name``, the columns, the vendor's ``FOR UPDATE``) and the values go
through each field's own ``get_db_prep_save`` (a ``JSONField`` becomes the vendor's JSON
parameter, a ``DateTimeField`` the aware datetime), so what is written equals what
``Model.save`` would write, on PostgreSQL and on SQLite alike. The statements run through
Django's cursor: they are counted, logged and wrapped like any other query, in the caller's
transaction.
"""
from __future__ import annotations

from functools import lru_cache

from django.db import connection as default_connection
from django.db.models import Field

from gameplatform.matches.models import Match, MoveRecord, Seat

# The fields a move writes to the match row (``turns._apply``).
MOVE_FIELDS = ("state", "version", "result", "status", "finished_at", "deadline", "bot_due_at", "bot_slow",
               "to_act_since")
# The fields of a new ``MoveRecord`` (all but the primary key).
RECORD_FIELDS = ("match", "seq", "seat", "action", "events", "actor", "client_action_id", "created_at")


@lru_cache(maxsize=8)
def _update_sql(vendor: str) -> tuple[str, tuple[Field, ...]]:
    qn = default_connection.ops.quote_name
    fields = tuple(Match._meta.get_field(name) for name in MOVE_FIELDS)
    sets = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    return f"UPDATE {qn(Match._meta.db_table)} SET {sets} WHERE {qn(Match._meta.pk.column)} = %s", fields


@lru_cache(maxsize=8)
def _insert_sql(vendor: str) -> tuple[str, tuple[Field, ...]]:
    qn = default_connection.ops.quote_name
    fields = tuple(MoveRecord._meta.get_field(name) for name in RECORD_FIELDS)
    columns = ", ".join(qn(f.column) for f in fields)
    marks = ", ".join("%s" for _ in fields)
    return f"INSERT INTO {qn(MoveRecord._meta.db_table)} ({columns}) VALUES ({marks})", fields


@lru_cache(maxsize=8)
def _plans(vendor: str, for_update: str):
    """The statements of ``match_lock`` and ``seats_with_users`` and how to read their rows:
    ``((lock_sql, match_part), (seats_sql, seat_part, user_part))``, each part ``(model,
    ((converters, column), ...))`` in column order."""
    qn = default_connection.ops.quote_name
    user_model = Seat._meta.get_field("user").related_model

    def part(model, alias):
        plan = []
        for f in model._meta.concrete_fields:
            col = f.get_col(alias)
            plan.append((tuple(f.get_db_converters(default_connection))
                         + tuple(default_connection.ops.get_db_converters(col)), col))
        columns = ", ".join(f"{alias}.{qn(f.column)}" for f in model._meta.concrete_fields)
        return (model, tuple(plan)), columns

    match_part, match_columns = part(Match, "m")
    seat_part, seat_columns = part(Seat, "s")
    user_part, user_columns = part(user_model, "u")
    lock = (f"SELECT {match_columns} FROM {qn(Match._meta.db_table)} m"
            f" WHERE m.{qn(Match._meta.pk.column)} = %s")
    seats = (f"SELECT {seat_columns}, {user_columns} FROM {qn(Seat._meta.db_table)} s"
             f" LEFT JOIN {qn(user_model._meta.db_table)} u ON u.{qn(user_model._meta.pk.column)} = s.{qn('user_id')}"
             f" WHERE s.{qn('match_id')} = %s ORDER BY s.{qn('index')}")
    return ((f"{lock} {for_update}" if for_update else lock), match_part), (seats, seat_part, user_part)


def _instance(part, values, connection):
    model, plan = part
    converted = []
    for value, (converters, col) in zip(values, plan, strict=True):
        for converter in converters:
            value = converter(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, [f.attname for f in model._meta.concrete_fields], converted)


def match_lock(match_id: int, connection=default_connection) -> Match | None:
    """The match row ``match_id`` locked for the caller's transaction (``SELECT ... FOR
    UPDATE`` where the vendor has it; SQLite locks the whole database on write), every field
    loaded and converted as the ORM would; None when there is no such row. Call inside
    ``transaction.atomic``."""
    for_update = connection.ops.for_update_sql() if connection.features.has_select_for_update else ""
    (lock_sql, match_part), _ = _plans(connection.vendor, for_update)
    with connection.cursor() as cursor:
        cursor.execute(lock_sql, [match_id])
        row = cursor.fetchone()
    return None if row is None else _instance(match_part, row, connection)


def seats_with_users(match: Match, connection=default_connection) -> list[Seat]:
    """The seats of ``match`` in index order with their users (what
    ``Seat.objects.filter(match=...).select_related("user").order_by("index")`` gives), one
    statement; each seat's ``match`` is ``match``.

    A statement of its own after the lock, not joined to ``match_lock``'s: in PostgreSQL's
    READ COMMITTED a ``FOR UPDATE`` that waited for another transaction re-reads only the
    locked row, so joined seats would be those of before the wait (a seat handed to a bot
    meanwhile would still look like its person's). Read after the lock, they are the commit's."""
    _, (seats_sql, seat_part, user_part) = _plans(connection.vendor, "")
    with connection.cursor() as cursor:
        cursor.execute(seats_sql, [match.pk])
        rows = cursor.fetchall()
    width = len(seat_part[1])
    seats = []
    for values in rows:
        seat = _instance(seat_part, values[:width], connection)
        Seat.user.field.set_cached_value(seat, _instance(user_part, values[width:], connection) if seat.user_id else None)
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    return seats


def match_save_move(match: Match, connection=default_connection) -> None:
    """Writes ``MOVE_FIELDS`` of ``match`` (what ``match.save(update_fields=MOVE_FIELDS)``
    would write), one UPDATE."""
    sql, fields = _update_sql(connection.vendor)
    params = [f.get_db_prep_save(getattr(match, f.attname), connection) for f in fields]
    params.append(match.pk)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def record_insert(record: MoveRecord, connection=default_connection) -> None:
    """Inserts ``record`` (``created_at`` set now when empty, as ``auto_now_add`` does), one
    INSERT; ``record.pk`` stays None (nothing of the move reads it)."""
    sql, fields = _insert_sql(connection.vendor)
    params = [f.get_db_prep_save(f.pre_save(record, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
