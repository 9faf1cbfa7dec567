"""The bench's matches: players, sessions, open matches and their moves (``bench/latency.py``).

Needs Django set up against the bench's own database; every match is titled ``TITLE`` so the
next run (and the end of this one) can remove them.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from bench.latency_parts.figures import SEATS

TITLE = "latency bench"


@dataclass
class Table:
    """One match: its id, per seat the owner's session key, and the session keys of its
    spectators (members who sit at no seat)."""

    match_id: int
    sessions: list[str]
    spectators: list[str] = field(default_factory=list)


def tables_create(run, game: str, *, keep: bool = False) -> list[Table]:
    """``(4 + run.spectators) x run.matches`` players of the default community with a
    signed-in session each and ``run.matches`` open matches of ``game``, every seat a player's,
    played by the takeover bot (``run.moves == "bots"``) or by the seat's socket
    (``"sockets"``), see ``bench/latency.py``; removes the matches of earlier runs first
    (not with ``keep``: the mixed run's other games)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from gameplatform.matches import services
    from gameplatform.matches.models import Match, Seat
    from gameplatform.tenants.models import Membership
    from gameplatform.tenants.selectors import tenant_default

    if not keep:
        Match.unscoped.filter(title=TITLE).delete()
    tenant = tenant_default()
    per_match = SEATS + run.spectators
    names = [f"bench-{i:04d}" for i in range(run.matches * per_match)]
    existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    new = []
    for name in names:
        if name not in existing:
            user = User(username=name, email=f"{name}@bench.invalid")
            user.set_unusable_password()
            new.append(user)
    User.objects.bulk_create(new)
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    Membership.objects.bulk_create(
        [Membership(user=u, tenant=tenant, role=Membership.Role.PLAYER) for u in users.values()],
        ignore_conflicts=True,
    )
    sessions = {}
    for name, user in users.items():
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        sessions[name] = store.session_key
    tables = []
    for m in range(run.matches):
        people = [users[names[m * per_match + i]] for i in range(per_match)]
        seat_users, watchers = people[:SEATS], people[SEATS:]
        match = services.match_create(tenant=tenant, user=seat_users[0], game=game, seats=SEATS, title=TITLE)
        for i, user in enumerate(seat_users):
            Seat.objects.filter(match=match, index=i).update(user=user, bot_kind="",
                                                            bot_takeover=run.moves == "bots")
        tables.append(Table(match.pk, [sessions[u.username] for u in seat_users],
                            [sessions[u.username] for u in watchers]))
    return tables


def tables_start(run, tables: list[Table]) -> None:
    """Starts the matches, spread evenly over one bot delay so their bots do not move in step."""
    from gameplatform.matches import services
    from gameplatform.matches.models import Match
    from gameplatform.tenants.selectors import tenant_default

    tenant = tenant_default()
    gap = run.bot_delay / len(tables)
    for t in tables:
        creator = Match.unscoped.get(pk=t.match_id).created_by
        services.match_start(tenant=tenant, user=creator, match_id=t.match_id)
        time.sleep(gap)


def records_read(tables: list[Table]) -> dict[tuple[int, int], float]:
    """``(match_id, version) -> created_at`` (Unix seconds) of every MoveRecord."""
    from gameplatform.matches.models import MoveRecord

    rows = MoveRecord.objects.filter(match_id__in=[t.match_id for t in tables]).values_list(
        "match_id", "seq", "created_at"
    )
    return {(m, seq): created.timestamp() for m, seq, created in rows}


def tables_drop(settle_seconds: float = 0.0) -> None:
    """Removes the bench's matches (their seats and moves go with them). With the services
    still running (between two games), the matches are first marked aborted, so that no bot
    turn or socket move applies any more (each re-reads the status under the match's lock),
    and ``settle_seconds`` later deleted."""
    from gameplatform.matches.models import Match

    if settle_seconds:
        Match.unscoped.filter(title=TITLE).update(status=Match.Status.ABORTED)
        time.sleep(settle_seconds)
    Match.unscoped.filter(title=TITLE).delete()
