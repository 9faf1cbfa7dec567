"""The analysis after a game (issue 30, point 3): a player asks for the strong bot's second
look at their own decisions in a finished match; a background task makes it once, a slice
at a time, and the replay shows it beside each step.

The work itself is ``games.analysis`` (pure Python): for each decision of the seat's person
(not the timer's, not a bot's) with a real choice, the strongest bot's choice from that
seat's view then, and both choices' chance to win from play-outs that start from states the
seat could not tell from the real one (``engine.redeal``). So nothing it shows depends on what
the seat could not know, and it never looks at another seat's decisions.

Cost: ``ANALYSIS_BUDGET_SECONDS`` of worker time per analysis (default 120 s), spent in
slices of ``ANALYSIS_SLICE_SECONDS`` (default 5 s), each a task that stores its work and
sends the next: a worker's pool is never held for long (timers and slow bots go between
slices), a restarted worker resumes where the last slice stopped, and at most
``ANALYSIS_RUNNING_MAX`` analyses (default 1) run at once on the site; the others wait their turn.
"""
from __future__ import annotations

import logging
import random
import time
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from gameplatform.bots.models import Analysis
from gameplatform.core.errors import ServiceError
from gameplatform.core.taskqueue import task_send
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.matches.selectors import _specs, match_get, seat_of
from gameplatform.tenants.services import membership_require
from games import analysis as work
from games import registry
from games.texts import render

log = logging.getLogger(__name__)

ANALYSIS_TASK = "gameplatform.bots.tasks.analysis_slice"
PERSON_ACTORS = (MoveRecord.Actor.USER, MoveRecord.Actor.HINT)  # the seat's own decisions
WAIT_SECONDS = 10  # an analysis waiting for a free place asks again after this long
STALE = timedelta(seconds=90)  # a queued or running analysis silent this long lost its task

NOT_FINISHED = gettext_noop("The analysis is available once the match is finished.")
NOT_A_PLAYER = gettext_noop("Only the players of a match can ask for the analysis of their own decisions.")
UNAVAILABLE = gettext_noop("This game offers no analysis.")
NOT_ASKED = gettext_noop("No analysis of your decisions in this match yet: ask for one.")


def _budget() -> float:
    return float(settings.ANALYSIS_BUDGET_SECONDS)


def _seat_for(tenant, user, match_id):
    """(match, seat index) of ``user`` in the finished ``match_id``, or the 4xx."""
    membership_require(user=user, tenant=tenant)
    match = match_get(tenant=tenant, match_id=match_id)
    if match.status != Match.Status.FINISHED:
        raise ServiceError("match_not_finished", NOT_FINISHED, 409)
    seat = seat_of(match=match, user=user)
    if seat is None:
        raise ServiceError("not_a_player", NOT_A_PLAYER, 403)
    return match, seat.index


def analysis_seat(*, match: Match, user) -> int | None:
    """The seat whose decisions ``user`` may have analysed in ``match`` (their own, once it
    is finished, in a game that offers analysis), else None: what the replay page asks."""
    if match.status != Match.Status.FINISHED:
        return None
    seat = seat_of(match=match, user=user)
    if seat is None or not _offered(match, seat.index):
        return None
    return seat.index


def analysis_status(*, match: Match, seat: int) -> str:
    """The status of the analysis of ``seat`` in ``match``, "none" before it was asked for:
    the replay page's panel starts from it (no request for an analysis that is not there)."""
    status = Analysis.objects.filter(match=match, seat=seat).values_list("status", flat=True).first()
    return status or "none"


def _offered(match: Match, seat: int) -> bool:
    engine = registry.get_engine(match.game)
    return engine.redeal(engine.decode(match.state), seat, random.Random(0)) is not None


def analysis_request(*, tenant, user, match_id) -> tuple[dict, bool]:
    """Asks for the analysis of ``user``'s decisions in the finished match ``match_id``;
    returns ``(analysis_public(...), created)``: made once per seat, so asking again gives the
    one there is (a failed one is tried again). Raises ``ServiceError``: 403 ``not_member``,
    ``not_a_player``; 404 ``match_not_found``; 409 ``match_not_finished``,
    ``analysis_unavailable`` (the game has no ``redeal``)."""
    match, seat = _seat_for(tenant, user, match_id)
    if not _offered(match, seat):
        raise ServiceError("analysis_unavailable", UNAVAILABLE, 409)
    with transaction.atomic():
        analysis, created = Analysis.objects.get_or_create(match=match, seat=seat, defaults={"requested_by": user})
        again = analysis.status == Analysis.Status.FAILED
        if again:
            Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.QUEUED, progress=0, result=None,
                                                           seconds=0.0, error="", touched_at=timezone.now())
            analysis.refresh_from_db()
        if created or again:
            transaction.on_commit(lambda: _send(analysis.pk))
    return analysis_public(analysis), created or again


def analysis_get(*, tenant, user, match_id) -> dict:
    """``user``'s analysis in match ``match_id`` (``analysis_public``). Same errors as
    ``analysis_request``, and 404 ``analysis_not_found`` before it was asked for."""
    match, seat = _seat_for(tenant, user, match_id)
    analysis = Analysis.objects.filter(match=match, seat=seat).first()
    if analysis is None:
        raise ServiceError("analysis_not_found", NOT_ASKED, 404)
    if analysis.status in (Analysis.Status.QUEUED, Analysis.Status.RUNNING) and _stale(analysis):
        # Its task was lost (a worker or Redis restart): the player waiting for it sends it again.
        Analysis.objects.filter(pk=analysis.pk).update(touched_at=timezone.now())
        _send(analysis.pk)
    return analysis_public(analysis)


def _stale(analysis: Analysis) -> bool:
    return analysis.touched_at < timezone.now() - STALE


def analysis_public(analysis: Analysis) -> dict:
    """What its player sees: ``{"match", "seat", "status", "progress" (0-100),
    "budget_seconds", "seconds", "result"}``; ``result`` (None until done) is
    ``games.analysis.report``'s with ``"bot"`` (the kind that chose) and ``"playout_bot"``."""
    done = analysis.status == Analysis.Status.DONE
    return {"match": analysis.match_id, "seat": analysis.seat, "status": analysis.status,
            "progress": 100 if done else analysis.progress, "budget_seconds": _budget(),
            "seconds": round(analysis.seconds, 1), "result": _localized(analysis.result) if done else None}


def _localized(result: dict) -> dict:
    """``result`` with each stored ``bot_words`` spec rendered as ``bot_label`` in the active
    language (None where the game's view gave no words)."""
    rows = []
    for row in result.get("decisions", []):
        spec = row.get("bot_words")
        rows.append({**{k: v for k, v in row.items() if k != "bot_words"},
                     "bot_label": render(spec, gettext, ngettext, pgettext) if spec else None})
    return {**result, "decisions": rows}


def _send(analysis_id: int, countdown: float | None = None) -> None:
    try:
        task_send(ANALYSIS_TASK, (analysis_id,), countdown=countdown)
    except Exception:  # the broker is down: asking again (or the sweep's retry) sends it
        log.warning("analysis %s: could not queue its task", analysis_id, exc_info=True)


def analysis_slice(analysis_id: int) -> str:
    """One slice of the analysis ``analysis_id`` (the task's body): waits its turn while
    ``ANALYSIS_RUNNING_MAX`` others run, works ``ANALYSIS_SLICE_SECONDS``, stores the work
    and sends the next slice, or the report once the budget is spent or nothing is left.
    Returns what happened: "missing", "finished", "waiting", "continued", "done" or "failed"."""
    analysis = Analysis.objects.select_related("match").filter(pk=analysis_id).first()
    if analysis is None:
        return "missing"
    if analysis.status in (Analysis.Status.DONE, Analysis.Status.FAILED):
        return "finished"
    if analysis.status == Analysis.Status.QUEUED:
        running = Analysis.objects.filter(status=Analysis.Status.RUNNING,
                                          touched_at__gte=timezone.now() - STALE).count()
        if running >= settings.ANALYSIS_RUNNING_MAX:
            Analysis.objects.filter(pk=analysis_id).update(touched_at=timezone.now())
            _send(analysis_id, WAIT_SECONDS)
            return "waiting"
        Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.RUNNING, started_at=timezone.now(),
                                                       touched_at=timezone.now())
    try:
        return _work(analysis)
    except Exception as exc:  # a record that does not replay, an engine fault: said, never retried in a loop
        log.exception("analysis %s failed", analysis_id)
        Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.FAILED, error=str(exc)[:200],
                                                       finished_at=timezone.now(), touched_at=timezone.now())
        return "failed"


def _work(analysis: Analysis) -> str:
    match = analysis.match
    engine = registry.get_engine(match.game)
    records = [(by, action, actor in PERSON_ACTORS) for by, action, actor in
               MoveRecord.objects.filter(match_id=match.pk).order_by("seq").values_list("seat", "action", "actor")]
    decisions = work.decisions_of(engine, engine.setup(match.options, _specs(match), match.seed), records, analysis.seat)
    held = (analysis.result or {}).get("work", {})
    for d in decisions:
        d.resume(held.get(str(d.step), {}))
    budget = _budget()
    slice_seconds = settings.ANALYSIS_SLICE_SECONDS
    spent, done = work.analyse(engine, decisions, analysis.seat, budget=budget, spent=analysis.seconds,
                               seed=match.pk, until=time.monotonic() + slice_seconds)
    if done:
        report = {**work.report(decisions, seconds=spent), "bot": list(engine.bots())[-1],
                  "playout_bot": engine.playout_bot()}
        for row, d in zip(report["decisions"], decisions, strict=True):
            if not row["same"] and row["bot"] is not None:
                row["bot_words"] = work.words_of(engine, d.state, analysis.seat, row["bot"])
        Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.DONE, progress=100, result=report,
                                                       seconds=spent, finished_at=timezone.now(),
                                                       touched_at=timezone.now())
        return "done"
    Analysis.objects.filter(pk=analysis.pk).update(
        progress=work.progress(decisions, spent, budget), seconds=spent, touched_at=timezone.now(),
        result={"work": {str(d.step): d.work() for d in decisions if d.asked}})
    _send(analysis.pk)
    return "continued"
