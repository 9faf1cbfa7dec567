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

from gameplatform.matches.models import Match, MoveRecord

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
