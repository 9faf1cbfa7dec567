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
def _lock_sql(vendor: str, for_update: str) -> str:
    qn = default_connection.ops.quote_name
    table, pk = qn(Match._meta.db_table), qn(Match._meta.pk.column)
    suffix = f" {for_update}" if for_update else ""
    return f"SELECT * FROM {table} WHERE {pk} = %s{suffix}"


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


# The match's JSON columns come with the first seat's row only (index 0: every match has it),
# so PostgreSQL reads and sends the state once, not once per seat.
_ONCE = ("options", "state", "result")


@lru_cache(maxsize=8)
def _table_plan(vendor: str, for_update: str):
    """The statement of ``match_lock_with_seats`` and how to read its rows: ``(sql, parts)``,
    each part ``(model, fields, converters per field)`` in column order."""
    qn = default_connection.ops.quote_name
    user_model = Seat._meta.get_field("user").related_model
    parts, columns = [], []
    for model, alias in ((Match, "m"), (Seat, "s"), (user_model, "u")):
        fields = tuple(model._meta.concrete_fields)
        converters = []
        for f in fields:
            col = f.get_col(alias)
            converters.append(tuple(f.get_db_converters(default_connection))
                              + tuple(default_connection.ops.get_db_converters(col)))
            name = f"{alias}.{qn(f.column)}"
            if model is Match and f.name in _ONCE:
                name = f"CASE WHEN s.{qn('index')} = 0 THEN {name} END"
            columns.append(name)
        parts.append((model, fields, tuple((c, f.get_col(alias)) for c, f in zip(converters, fields, strict=True))))
    sql = (f"SELECT {', '.join(columns)} FROM {qn(Match._meta.db_table)} m"
           f" JOIN {qn(Seat._meta.db_table)} s ON s.{qn('match_id')} = m.{qn(Match._meta.pk.column)}"
           f" LEFT JOIN {qn(user_model._meta.db_table)} u ON u.{qn(user_model._meta.pk.column)} = s.{qn('user_id')}"
           f" WHERE m.{qn(Match._meta.pk.column)} = %s ORDER BY s.{qn('index')}")
    return (f"{sql} {for_update}" if for_update else sql), tuple(parts)


def _instance(model, plan, values, db: str, connection):
    converted = []
    for value, (converters, col) in zip(values, plan, strict=True):
        for converter in converters:
            value = converter(value, col, connection)
        converted.append(value)
    return model.from_db(db, [f.attname for f in model._meta.concrete_fields], converted)


def match_lock_with_seats(match_id: int, connection=default_connection) -> tuple[Match, list[Seat]] | None:
    """The match row ``match_id`` locked for the caller's transaction and its seats in index
    order with their users (what ``match_lock`` and
    ``Seat.objects.filter(match=...).select_related("user").order_by("index")`` give), in one
    statement (``FOR UPDATE OF`` the match row only, where the vendor has it); each seat's
    ``match`` is the returned match. None when the match is missing or has no seat 0 (the
    caller then locks it alone)."""
    for_update = ""
    if connection.features.has_select_for_update:
        for_update = connection.ops.for_update_sql(of=("m",) if connection.features.has_select_for_update_of else ())
    sql, parts = _table_plan(connection.vendor, for_update)
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    (match_model, match_fields, match_plan), (_, seat_fields, seat_plan), (user_model, _, user_plan) = parts
    m, n = len(match_fields), len(match_fields) + len(seat_fields)
    match = _instance(Match, match_plan, rows[0][:m], connection.alias, connection)
    seats = []
    for row in rows:
        seat = _instance(Seat, seat_plan, row[m:n], connection.alias, connection)
        if seat.index == 0 and seats:
            return None  # two seats 0 cannot be: read them the ORM's way
        user = _instance(user_model, user_plan, row[n:], connection.alias, connection) if seat.user_id else None
        Seat.user.field.set_cached_value(seat, user)
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    if seats[0].index != 0:
        return None
    return match, seats


def match_lock(match_id: int, connection=default_connection) -> Match | None:
    """The match row ``match_id`` locked for the caller's transaction (``SELECT ... FOR
    UPDATE`` where the vendor has it; SQLite locks the whole database on write), every field
    loaded and converted as the ORM would; None when there is no such row. Call inside
    ``transaction.atomic``."""
    for_update = connection.ops.for_update_sql() if connection.features.has_select_for_update else ""
    rows = Match.unscoped.raw(_lock_sql(connection.vendor, for_update), [match_id])
    return next(iter(rows), None)


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
