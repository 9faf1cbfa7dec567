"""What the worker does for a tournament (issue 28, point 3): start it, pair and start each
round when the previous one is over (or at its deadline), decide tables, finish.

``advance(tournament_id)`` is the one entry: idempotent, under the tournament's row lock, safe
to call any number of times from any process (the ``MatchEnded`` subscriber's task, the
periodic sweep, a moderator's action). It does what is due and nothing else:

- registration: start at ``starts_at``, or once full with ``start_when_full``; too few players
  (fewer than one table) cancel it;
- running: decide the current round's tables whose match ended (the match's ranks; a forfeit
  when a player withdrew), adjudicate those still open at the round's deadline (the match is
  aborted, its players share the places); once every table is decided, pair the next round, or
  finish after the last;
- paused: the next round is paired but not started (a moderator may pair it again), and starts
  on resume.
"""
from __future__ import annotations

import datetime
import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match
from gameplatform.matches.seated import TABLE_FIELDS, match_start_seated
from gameplatform.matches.services import match_abort
from gameplatform.ratings.models import Rating
from gameplatform.tournaments import live, pairing
from gameplatform.tournaments.models import Entry, Tournament, TournamentRound, TournamentTable
from gameplatform.tournaments.standings import pairing_standings

log = logging.getLogger(__name__)

TOO_FEW = N_("Too few players registered.")
DEADLINE_REASON = "The tournament round's deadline passed."


def _locked(tournament_id: int) -> Tournament | None:
    return Tournament.unscoped.select_for_update().filter(pk=tournament_id).first()


def advance(tournament_id: int, *, now: datetime.datetime | None = None) -> bool:
    """Does what is due for tournament ``tournament_id`` (module docstring); True when it
    changed something. An unknown id does nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament is None or tournament.is_over:
            return False
        if tournament.status == Tournament.Status.REGISTRATION:
            changed = _maybe_start(tournament, now)
        else:
            changed = _step_round(tournament, now)
        if changed:
            live.changed_later(tournament.pk)
        return changed


def active_entries(tournament: Tournament) -> list[Entry]:
    return list(Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True).select_related("user"))


def _maybe_start(tournament: Tournament, now: datetime.datetime) -> bool:
    entries = active_entries(tournament)
    due = tournament.starts_at is not None and tournament.starts_at <= now
    full = tournament.start_when_full and len(entries) >= tournament.max_players
    if not (due or full):
        return False
    if len(entries) < max(2, tournament.table_size if tournament.format != Tournament.Format.KNOCKOUT else 2):
        tournament.status = Tournament.Status.CANCELLED
        tournament.note = TOO_FEW
        tournament.finished_at = now
        tournament.save(update_fields=["status", "note", "finished_at"])
        return True
    ratings = dict(Rating.unscoped.filter(tenant_id=tournament.tenant_id, game=tournament.game,
                                          user_id__in=[e.user_id for e in entries]).values_list("user_id", "rating"))
    for entry in entries:
        entry.rating = float(ratings.get(entry.user_id, 0))
    Entry.objects.bulk_update(entries, ["rating"])
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = now
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        tournament.rounds = len(_round_robin(tournament, entries))
    elif tournament.format == Tournament.Format.KNOCKOUT:
        sizes = pairing.knockout_field_sizes(tournament.table_size, tournament.advance, len(entries))
        tournament.rounds = len(sizes)
    tournament.save(update_fields=["status", "started_at", "rounds"])
    _open_round(tournament, 1, now)
    return True


def _round_robin(tournament: Tournament, entries: list[Entry]) -> list[pairing.Round]:
    # The schedule is fixed at the start: every entry then, in registration order.
    players = [str(e.user_id) for e in sorted(entries, key=lambda e: (e.registered_at, e.pk))]
    return pairing.round_robin(players, tournament.table_size, tournament.double_round_robin)


def pair(tournament: Tournament, number: int) -> pairing.Round:
    """Round ``number``'s tables and byes (players as user-id strings), from the standings, the
    format and the tournament's seed (``seed + number``: pairing a round again gives another
    draw only where ties allow one)."""
    fmt = tournament.format
    if fmt == Tournament.Format.SWISS:
        return pairing.swiss_round(pairing_standings(tournament), tournament.table_size, tournament.seed + number,
                                   bye_points=tournament.bye_points)
    if fmt == Tournament.Format.ROUND_ROBIN:
        at_start = Entry.objects.filter(tournament=tournament).exclude(withdrawn_at__lte=tournament.started_at)
        return _round_robin(tournament, list(at_start))[number - 1]
    return pairing.knockout_round(_knockout_field(tournament, number), tournament.table_size, tournament.advance)


def _knockout_field(tournament: Tournament, number: int) -> list[str]:
    """The players of knockout round ``number`` in seed order: by rating in round 1, then the
    byes and each table's top ``advance`` of the previous round; withdrawn players drop out."""
    active = {e.user_id: e for e in active_entries(tournament)}
    if number == 1:
        ranked = sorted(active.values(), key=lambda e: (-e.rating, e.registered_at, e.pk))
        return [str(e.user_id) for e in ranked]
    previous = TournamentRound.objects.get(tournament=tournament, number=number - 1)
    field = [int(u) for u in previous.byes]
    for table in previous.tables.order_by("index"):
        field.extend(finish_order(table)[:tournament.advance])
    return [str(u) for u in field if u in active]


def finish_order(table: TournamentTable) -> list[int]:
    """The table's players best first (by place; seat order among ties)."""
    places = table.places or [1] * len(table.players)
    return [table.players[i] for i in sorted(range(len(table.players)), key=lambda i: places[i])]


def _open_round(tournament: Tournament, number: int, now: datetime.datetime) -> TournamentRound:
    """Pairs round ``number`` and, unless the tournament is paused, starts it."""
    drawn = pair(tournament, number)
    rnd = TournamentRound.objects.create(tournament=tournament, number=number, byes=[int(p) for p in drawn.byes])
    TournamentTable.objects.bulk_create([
        TournamentTable(round=rnd, index=i, players=[int(p) for p in table]) for i, table in enumerate(drawn.tables)])
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    if tournament.status == Tournament.Status.RUNNING:
        start_round(tournament, rnd, now)
    return rnd


def start_round(tournament: Tournament, rnd: TournamentRound, now: datetime.datetime) -> None:
    """Creates and starts the matches of a paired round (in the caller's transaction); a table
    with a withdrawn player is decided by forfeit without a match."""
    users = get_user_model().objects.in_bulk([u for t in rnd.tables.all() for u in t.players])
    active = {e.user_id for e in active_entries(tournament)}
    settings = {k: getattr(tournament, k) for k in TABLE_FIELDS}
    for table in rnd.tables.order_by("index"):
        if not all(u in active for u in table.players):
            _forfeit(table, active)
            continue
        try:
            with transaction.atomic():  # a savepoint: a table the game refuses leaves the round going
                table.match = match_start_seated(
                    tenant=tournament.tenant, game=tournament.game, users=[users[u] for u in table.players],
                    settings=settings, rated=tournament.rated, created_by=tournament.created_by,
                    title=f"{tournament.name} · {rnd.number}.{table.index + 1}")
        except ServiceError as exc:
            # The game refuses this table (a knockout's smaller final for options that need
            # more seats): its players share the places rather than the tournament sticking.
            log.warning("tournament %s table %s not started: %s", tournament.pk, table.index, exc.code)
            table.match = None
            table.places, table.adjudicated = [1] * len(table.players), True
            table.save(update_fields=["places", "adjudicated"])
            continue
        table.save(update_fields=["match"])
    rnd.started_at = now
    rnd.deadline = now + datetime.timedelta(hours=tournament.round_hours)
    rnd.save(update_fields=["started_at", "deadline"])


def _forfeit(table: TournamentTable, active: set[int]) -> None:
    """Places of a table some of whose players withdrew: the others tie first, the withdrawn
    players tie last (their points are the last places')."""
    staying = sum(1 for u in table.players if u in active)
    table.places = [1 if u in active else staying + 1 for u in table.players]
    table.save(update_fields=["places"])


def _decide(table: TournamentTable, active: set[int]) -> bool:
    """Decides ``table`` from its ended match; False while it is being played."""
    match = table.match
    if match is None or match.status in (Match.Status.OPEN, Match.Status.ACTIVE):
        return False
    ranks = (match.result or {}).get("ranks") if match.status == Match.Status.FINISHED else None
    if isinstance(ranks, list) and len(ranks) == len(table.players):
        table.places = [int(r) for r in ranks]
        scores = (match.result or {}).get("scores")
        table.scores = [float(x) for x in scores] if isinstance(scores, list) and len(scores) == len(ranks) else None
        table.save(update_fields=["places", "scores"])
    elif any(u not in active for u in table.players):
        _forfeit(table, active)
    else:  # aborted with everyone still in: a shared result
        table.places = [1] * len(table.players)
        table.save(update_fields=["places"])
    return True


def _step_round(tournament: Tournament, now: datetime.datetime) -> bool:
    rnd = TournamentRound.objects.filter(tournament=tournament, number=tournament.current_round).first()
    if rnd is None:
        return False
    if rnd.started_at is None:
        if tournament.status != Tournament.Status.RUNNING:
            return False
        start_round(tournament, rnd, now)
        return True
    active = {e.user_id for e in active_entries(tournament)}
    changed = False
    open_tables = []
    for table in rnd.tables.select_related("match").filter(places__isnull=True):
        if _decide(table, active):
            changed = True
        else:
            open_tables.append(table)
    if open_tables and rnd.deadline is not None and rnd.deadline <= now:
        for table in open_tables:
            adjudicate_at_deadline(table)
        open_tables, changed = [], True
    if open_tables:
        return changed
    if rnd.finished_at is None:
        rnd.finished_at = now
        rnd.save(update_fields=["finished_at"])
        _eliminate(tournament, rnd)
    if _is_last(tournament, rnd):
        finish(tournament, now)
    else:  # paired now; started at once unless paused (then on resume)
        _open_round(tournament, rnd.number + 1, now)
    return True


def adjudicate_at_deadline(table: TournamentTable) -> None:
    """A table still playing at its round's deadline: its match is aborted (by the site) and
    its players share the places."""
    if table.match is not None and table.match.status in (Match.Status.OPEN, Match.Status.ACTIVE):
        match_abort(match_id=table.match_id, by=None, reason=DEADLINE_REASON)
    table.places = [1] * len(table.players)
    table.adjudicated = True
    table.save(update_fields=["places", "adjudicated"])


def _eliminate(tournament: Tournament, rnd: TournamentRound) -> None:
    """Knockout: who did not go through round ``rnd`` is out in it."""
    if tournament.format != Tournament.Format.KNOCKOUT:
        return
    out = []
    for table in rnd.tables.all():
        out.extend(finish_order(table)[tournament.advance:])
    Entry.objects.filter(tournament=tournament, user_id__in=out).update(eliminated_in=rnd.number)


def _is_last(tournament: Tournament, rnd: TournamentRound) -> bool:
    if tournament.format == Tournament.Format.KNOCKOUT:
        return len(_knockout_field(tournament, rnd.number + 1)) <= 1
    return rnd.number >= tournament.rounds


def finish(tournament: Tournament, now: datetime.datetime) -> None:
    """The tournament is over: its standings stay readable."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    log.info("tournament %s finished", tournament.pk)


def due_ids(now: datetime.datetime | None = None) -> list[int]:
    """Tournaments with something due (for the sweep): registrations whose start time passed
    or that are full, and running ones whose current round has an ended match not yet decided,
    nothing left to play, or a passed deadline."""
    now = now or timezone.now()
    starting = Tournament.unscoped.filter(status=Tournament.Status.REGISTRATION, starts_at__lte=now)
    ids = set(starting.values_list("pk", flat=True))
    open_rounds = TournamentRound.objects.filter(tournament__status=Tournament.Status.RUNNING, finished_at__isnull=True)
    ids |= set(open_rounds.filter(deadline__lte=now).values_list("tournament_id", flat=True))
    ids |= set(TournamentTable.objects.filter(round__in=open_rounds, places__isnull=True)
               .exclude(match__status__in=[Match.Status.OPEN, Match.Status.ACTIVE])
               .values_list("round__tournament_id", flat=True))
    return sorted(ids)
