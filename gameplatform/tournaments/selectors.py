"""Reads of tournaments for pages, the socket and the API (issue 28, points 4 and 6): always
within one community (``for_tenant``), never the seed.

``tournament_public(tournament)`` is the one public shape: the settings, the players, each
round's tables (players, match id, places) and byes, and the standings with tie-breaks.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet

from gameplatform.matches.selectors import parse_id
from gameplatform.tournaments.models import Entry, Tournament, TournamentRound, TournamentTable
from gameplatform.tournaments.standings import points_table, standings

UPCOMING = (Tournament.Status.REGISTRATION,)
RUNNING = (Tournament.Status.RUNNING, Tournament.Status.PAUSED)


def tournaments_of(tenant, *, statuses=None) -> QuerySet[Tournament]:
    """``tenant``'s tournaments, newest first, with ``players`` (active entries) counted."""
    qs = Tournament.objects.for_tenant(tenant).annotate(
        players=Count("entries", filter=Q(entries__withdrawn_at__isnull=True)))
    return qs.filter(status__in=statuses) if statuses else qs


def tournament_get(tenant, tournament_id) -> Tournament | None:
    """``tenant``'s tournament ``tournament_id`` (any id shape), or None."""
    try:
        tid = parse_id(tournament_id, "tournament_id")
    except Exception:
        return None
    return Tournament.objects.for_tenant(tenant).filter(pk=tid).first() if tenant is not None else None


def entry_of(tournament: Tournament, user) -> Entry | None:
    """``user``'s active entry, or None (anonymous included)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Entry.objects.filter(tournament=tournament, user=user, withdrawn_at__isnull=True).first()


def _settings(t: Tournament) -> dict:
    return {"game": t.game, "format": t.format, "rounds": t.rounds, "table_size": t.table_size,
            "double_round_robin": t.double_round_robin, "advance": t.advance,
            "place_points": list(points_table(t)), "bye_points": t.bye_points, "options": t.options,
            "variant_id": t.variant_id, "time_control": t.time_control, "turn_seconds": t.turn_seconds,
            "bank_minutes": t.bank_minutes, "increment_seconds": t.increment_seconds,
            "days_per_move": t.days_per_move, "round_hours": t.round_hours, "rated": t.rated,
            "starts_at": t.starts_at.isoformat() if t.starts_at else None, "start_when_full": t.start_when_full,
            "max_players": t.max_players}


def rounds_public(t: Tournament, names: dict[int, str]) -> list[dict]:
    """Each round: ``{"number", "started", "finished", "deadline", "byes": [names], "tables":
    [{"index", "players": [{"user_id", "username", "place"}], "match": id|None, "status",
    "adjudicated"}]}``."""
    out = []
    for rnd in TournamentRound.objects.filter(tournament=t).prefetch_related("tables__match").order_by("number"):
        tables = []
        for table in rnd.tables.all():
            places = table.places or [None] * len(table.players)
            tables.append({
                "index": table.index, "match": table.match_id,
                "status": table.match.status if table.match else None, "adjudicated": table.adjudicated,
                "players": [{"user_id": u, "username": names.get(u, "?"), "place": p}
                            for u, p in zip(table.players, places, strict=True)],
            })
        out.append({"number": rnd.number, "started": rnd.started_at is not None,
                    "finished": rnd.finished_at is not None,
                    "deadline": rnd.deadline.isoformat() if rnd.deadline else None,
                    "byes": [{"user_id": u, "username": names.get(u, "?")} for u in rnd.byes], "tables": tables})
    return out


def tournament_public(t: Tournament) -> dict:
    """The tournament as anyone of its community may see it (module docstring)."""
    entries = list(Entry.objects.filter(tournament=t).select_related("user"))
    names = {e.user_id: e.user.username for e in entries}
    missing = {u for r in TournamentRound.objects.filter(tournament=t) for u in r.byes} - set(names)
    if missing:  # a deleted account's entry is gone; its name is not
        names.update(dict(get_user_model().objects.filter(pk__in=missing).values_list("pk", "username")))
    rows = [row.public() for row in standings(t)] if t.status != Tournament.Status.REGISTRATION else []
    return {
        "id": t.pk, "name": t.name, "status": t.status, "current_round": t.current_round, **_settings(t),
        "created_at": t.created_at.isoformat(), "started_at": t.started_at.isoformat() if t.started_at else None,
        "finished_at": t.finished_at.isoformat() if t.finished_at else None, "note": t.note,
        "players": [{"user_id": e.user_id, "username": e.user.username, "withdrawn": not e.active,
                     "removed": e.removed} for e in entries],
        "rounds": rounds_public(t, names), "standings": rows,
    }


def podium(t: Tournament) -> list[dict]:
    """The first three of a finished tournament's standings (shared ranks included)."""
    if t.status != Tournament.Status.FINISHED:
        return []
    return [row.public() for row in standings(t) if row.rank <= 3 and not row.withdrawn]


def table_of(match) -> dict | None:
    """The tournament table a match is, for its page: ``{"tournament": id, "name", "round",
    "table"}`` (round and table from 1), or None."""
    row = (TournamentTable.objects.filter(match=match)
           .values_list("round__tournament_id", "round__tournament__name", "round__number", "index").first())
    if row is None:
        return None
    return {"tournament": row[0], "name": row[1], "round": row[2], "table": row[3] + 1}
