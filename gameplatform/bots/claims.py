"""Claiming due bot turns (issue 29): which matches a bot runner, or the sweep, plays now.

On PostgreSQL a claim is one statement and writes nothing: the oldest due matches are taken
under a session advisory lock each (``pg_try_advisory_lock``; a match another runner holds
is skipped), released by ``claim_release`` once played, or by PostgreSQL itself when the
runner's connection dies, so a runner that died holds nothing. The same statement says when
the next turn not yet due comes, so an idle runner asks once per pass. A match row is updated
only by the move itself (its ``bot_due_at`` then moves on, ``matches.turns._arm``): a second
write per move, a lease, made every index of the table grow twice as fast and the claim
twenty times slower (docs/performance.md).

Two lanes (issue 29, point 5): a runner's threads claim either the quick bots' turns or the
slow ones' (``Match.bot_slow``: a level whose time budget is above
``matches.turns.SLOW_BOT_SECONDS``), so a bot thinking for a second holds up no quick one.

SQLite (embedded mode: one process, one writer at a time, no advisory locks) leases instead:
the claimed rows' ``bot_due_at`` moves to ``now + BOT_LEASE_SECONDS``.

A claimed turn its bot did not play (the bot waits for others, or the match moved on) is
put off by ``BOT_LEASE_SECONDS`` (``claim_put_off``) so that it is not claimed at every pass.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction

from gameplatform.matches.models import Match

# The first key of the advisory locks of bot turns (the second is the match id): "hxbt".
LOCK_SPACE = 0x68786274

# The claim in one PostgreSQL statement: the due rows, each locked if no one else holds it,
# and a last row (id NULL) with the earliest due time after ``before``. The LIMIT in the
# subquery keeps PostgreSQL from trying the lock on rows it will not return.
_CLAIM_SQL = """
SELECT id, version, bot_due_at FROM (
    SELECT id, version, bot_due_at FROM {table}
    WHERE status = %(active)s AND bot_due_at <= %(before)s{lane}
    ORDER BY bot_due_at LIMIT %(batch)s
) AS due WHERE pg_try_advisory_lock(%(space)s, (id %% 2147483648)::int)
UNION ALL
SELECT NULL, NULL, (SELECT bot_due_at FROM {table} WHERE status = %(active)s AND bot_due_at > %(before)s{lane}
                    ORDER BY bot_due_at LIMIT 1)
"""
_LANE_SQL = " AND bot_slow = %(slow)s"
_RELEASE_SQL = "SELECT pg_advisory_unlock(%s, (k %% 2147483648)::int) FROM unnest(%s::bigint[]) AS k"


@dataclass(frozen=True)
class Claim:
    """What a claim took: ``turns``, ``(match_id, version)`` oldest due first, and ``next_due``,
    the earliest due time after the claim's cut-off among the turns it did not take (None:
    none)."""

    turns: list[tuple[int, int]]
    next_due: datetime | None


def _locks() -> bool:
    return connection.vendor == "postgresql"


def claim_due(*, now: datetime, due_before: datetime, batch: int, slow: bool | None = None) -> Claim:
    """Claims up to ``batch`` active matches whose ``bot_due_at`` is at or before
    ``due_before``, oldest first (see the module docstring); with ``slow`` True or False only
    those of that lane (``Match.bot_slow``), with None both. The caller plays them, then
    calls ``claim_release`` on the same database connection (the same thread)."""
    if _locks():
        table = connection.ops.quote_name(Match._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(_CLAIM_SQL.format(table=table, lane="" if slow is None else _LANE_SQL),
                           {"active": Match.Status.ACTIVE, "before": due_before, "batch": batch,
                            "space": LOCK_SPACE, "slow": slow})
            rows = cursor.fetchall()
        turns = sorted((row for row in rows if row[0] is not None), key=lambda row: row[2])
        return Claim([(pk, version) for pk, version, _ in turns], rows[-1][2])
    lease = now + timedelta(seconds=settings.BOT_LEASE_SECONDS)
    active = Match.unscoped.filter(status=Match.Status.ACTIVE)
    if slow is not None:
        active = active.filter(bot_slow=slow)
    with transaction.atomic():
        turns = list(active.filter(bot_due_at__lte=due_before).order_by("bot_due_at")
                     .values_list("pk", "version")[:batch])
        if turns:
            Match.unscoped.filter(pk__in=[pk for pk, _ in turns]).update(bot_due_at=lease)
        upcoming = (active.filter(bot_due_at__gt=due_before).exclude(pk__in=[pk for pk, _ in turns])
                    .order_by("bot_due_at").values_list("bot_due_at", flat=True).first())
    return Claim(turns, upcoming)


def claim_release(claim: Claim) -> None:
    """Gives back the claim's turns (their advisory locks; nothing on SQLite, whose lease
    ends by itself)."""
    if claim.turns and _locks():
        with connection.cursor() as cursor:
            cursor.execute(_RELEASE_SQL, [LOCK_SPACE, [pk for pk, _ in claim.turns]])


def claim_put_off(turns: Iterable[tuple[int, int]], *, now: datetime) -> int:
    """Puts off by ``BOT_LEASE_SECONDS`` the claimed turns ``(match_id, version)`` that were
    not played, when their match is still at that version and due. Returns how many."""
    later = now + timedelta(seconds=settings.BOT_LEASE_SECONDS)
    put_off = 0
    for pk, version in turns:
        put_off += Match.unscoped.filter(pk=pk, version=version, bot_due_at__lte=now).update(bot_due_at=later)
    return put_off
