"""Writes for ratings: the one update a finished rated match makes (issue 13, point 1).

``ratings_record_match`` is called by ``matches.turns._apply`` and nowhere else, inside the
transaction that ends the match, with the match row locked; so a match is rated once, and a
refused or rolled-back final move rates nothing. Aborted matches never reach it.
"""
from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from gameplatform.matches.models import Match, Seat

from . import skill
from .models import Rating, RatingChange

log = logging.getLogger(__name__)


def rated_entries(*, match: Match, seats: list[Seat]) -> list[tuple[int, tuple, int]]:
    """The people a finished ``match`` rates, as ``[(user_id, side, rank)]`` in seat order.

    Every seat with a person counts (a bot seat never does; a person whose seat a bot played
    for a while, after time-outs or a moderator's hand-over, is still the player of record).
    ``side``: ``("team", t)`` for a seat of team ``t``, else ``("seat", index)``; ``rank``
    from ``match.result["ranks"]``. Empty when the result has no rank per seat or a person
    holds two seats (nothing sensible to rate).
    """
    ranks = (match.result or {}).get("ranks") if isinstance(match.result, dict) else None
    if not isinstance(ranks, list) or len(ranks) != len(seats) or not all(
        isinstance(r, int) and not isinstance(r, bool) and r >= 1 for r in ranks
    ):
        log.error("match %s: result %r has no rank per seat; not rated", match.pk, match.result)
        return []
    entries = []
    for seat in seats:
        if seat.user_id is None:
            continue
        side = ("team", seat.team) if seat.team is not None else ("seat", seat.index)
        entries.append((seat.user_id, side, ranks[seat.index]))
    people = [e[0] for e in entries]
    if len(set(people)) != len(people):
        log.warning("match %s: a person holds two seats; not rated", match.pk)
        return []
    return entries


def ratings_record_match(*, match: Match, seats: list[Seat]) -> list[RatingChange]:
    """Updates the ratings of the people of a just-finished rated ``match`` in its community
    and game, and writes one ``RatingChange`` per person: the list of them (empty when nothing
    is rated).

    ``match``: locked by the caller, status ``finished``, ``result`` set; ``seats``: its seats
    in index order. Nothing is rated when the match is not finished or not ``rated``
    (``Match.rated``, fixed at the start: by default a table with a bot is unrated), when fewer
    than two sides of people remain (bots do not count), or when the match was rated already.
    Teams come from the seats' teams, ranks and ties from the result (``skill.rate``).

    Concurrency: the rows of the match's people are created if missing (``ON CONFLICT DO
    NOTHING``) and then locked in user-id order, so two matches of the same people finishing
    at once update one after the other (each from the other's result) and never deadlock.
    Must run inside a transaction (it opens a savepoint-free atomic block otherwise).
    """
    if match.status != Match.Status.FINISHED or match.rated is not True:
        return []
    entries = rated_entries(match=match, seats=seats)
    if len({side for _, side, _ in entries}) < 2:
        return []
    with transaction.atomic(savepoint=False):
        if RatingChange.unscoped.filter(match_id=match.pk).exists():
            return []  # the match row is locked and finishes once: belt and braces
        user_ids = sorted(uid for uid, _, _ in entries)
        Rating.unscoped.bulk_create(
            [Rating(tenant_id=match.tenant_id, user_id=uid, game=match.game) for uid in user_ids],
            ignore_conflicts=True,
        )
        rows = {
            r.user_id: r
            for r in Rating.unscoped.select_for_update()
            .filter(tenant_id=match.tenant_id, game=match.game, user_id__in=user_ids)
            .order_by("user_id")
        }
        before = {uid: skill.Skill(rows[uid].mu, rows[uid].sigma) for uid in user_ids}
        after = skill.rate([skill.Entry(uid, side, rank, before[uid]) for uid, side, rank in entries])
        now = timezone.now()
        changes = []
        for uid, _, rank in entries:
            row, old, new = rows[uid], before[uid], after[uid]
            old_display = row.rating
            row.mu, row.sigma, row.rating = new.mu, new.sigma, new.display
            row.rated_games += 1
            row.wins += rank == 1
            row.updated_at = now
            changes.append(RatingChange(
                tenant_id=match.tenant_id, user_id=uid, game=match.game, match_id=match.pk, rank=rank,
                mu_before=old.mu, sigma_before=old.sigma, rating_before=old_display,
                mu_after=new.mu, sigma_after=new.sigma, rating_after=new.display,
                rated_games=row.rated_games, created_at=now,
            ))
        Rating.unscoped.bulk_update(list(rows.values()), ["mu", "sigma", "rating", "rated_games", "wins", "updated_at"])
        RatingChange.unscoped.bulk_create(changes)
    return changes
