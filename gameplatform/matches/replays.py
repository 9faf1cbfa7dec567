"""Replays of finished matches, served a few steps at a time (issue 14, "replay on demand").

A replay has ``steps`` numbered 0 to n: step 0 is the setup, step k the state after the k-th
move (the match's ``MoveRecord`` rows in ``seq`` order; ``seq`` itself may skip numbers). The
page embeds only ``match_replay`` (a few hundred bytes whatever the length) and fetches the
steps it shows (``replay_steps``: views) and the lines of its log (``replay_log``: events
only) through the API.

Cost: the first request of a finished match replays its records once from the seed
(``checkpoints_ensure``: checked against the stored state, as the replay always was) and
stores the state every ``CHECKPOINT_EVERY`` moves (``models.ReplayCheckpoint``). From then
on a step starts from the checkpoint before it, so it costs at most ``CHECKPOINT_EVERY``
applies, and a window of steps one more for each further step, and the log pages on ``seq`` in
SQL with an offset below ``CHECKPOINT_EVERY``. A finished match never changes, so each answer
is cached (``CACHE_SECONDS``) under the match, the window and the viewer.

Hidden information: nothing here exists before the end (409 ``match_not_finished``, also
for an aborted match). Once the match is over every seat's view may be shown (issue 8, "the
replay can show each seat's hand after the match ends"): ``viewer`` picks the seat whose view
and private events a window carries; without it they are the spectator's.
"""
from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.view_texts import localized, localized_seats
from gameplatform.matches.models import Match, MoveRecord, ReplayCheckpoint, Seat
from gameplatform.matches.selectors import _normalized, _specs, revealed_seed, seat_public, setup_events
from games import registry
from games.protocol import IllegalAction, visible_events

CHECKPOINT_EVERY = 50  # moves between stored states: the most applies one step needs
MAX_STEPS = 20  # steps (views) one replay_steps answer holds at most
MAX_LOG = 500  # entries one replay_log answer holds at most
CACHE_SECONDS = 7 * 24 * 3600
CACHE_VERSION = 2  # bump when the shape of a cached answer changes

NOT_FINISHED = "The replay is available once the match is finished."
REPLAY_BROKEN = "The moves of this match do not replay from its seed."
START_INVALID = "start must be a step of this replay: a whole number from 0 to {last}."
COUNT_INVALID = "count must be a whole number from 1 to {most}."
VIEWER_INVALID = "viewer must be the index of one of this match's seats (from 0), or left out for the spectator."


def match_replay(*, match: Match) -> dict:
    """What the replay page embeds, the same size whatever the match's length::

        {"match", "game", "seed", "seed_commitment", "result", "seats", "step_count",
         "checkpoint_every", "max_steps", "max_log"}

    ``step_count``: how many steps there are (the moves + 1, step 0 being the setup); ``seats``
    as ``selectors.seat_public`` (a bot's name in the active language). The first call for a match builds its checkpoints
    (``checkpoints_ensure``). Raises 409 ``match_not_finished`` before the end and 409
    ``replay_broken`` when the records do not rebuild the stored state.
    """
    last = checkpoints_ensure(match)
    seats = Seat.objects.filter(match_id=match.pk).select_related("user").order_by("index")
    return {"match": match.pk, "game": match.game, "seed": revealed_seed(match),
            "seed_commitment": match.seed_commitment, "result": match.result,
            "seats": localized_seats([seat_public(seat=s) for s in seats]), "step_count": last + 1,
            "checkpoint_every": CHECKPOINT_EVERY, "max_steps": MAX_STEPS, "max_log": MAX_LOG}


def replay_steps(*, match: Match, start, count=1, viewer=None) -> dict:
    """Steps ``start`` to ``start + count - 1`` (fewer at the end) with their views::

        {"match", "viewer", "start", "steps": [{"step", "seq", "seat", "actor", "action",
                                                "events", "view", "seat_events"?}]}

    ``view``: ``engine.view`` after that step for ``viewer`` (a seat index; None: the
    spectator), its engine texts in the active language (the cache holds English views and
    their ``view_texts``; ``i18n.view_texts.localized`` renders each answer); ``events``: the step's public events; ``seat_events`` (with a viewer only):
    the events only that seat (and other named seats) saw, without ``visible_to``;
    ``action``: the move when the engine's ``action_is_public`` says so, else None. Step 0
    is the setup (``seq`` 0, ``seat``/``action`` None, ``actor`` "setup"). ``start``,
    ``count`` (1 to ``MAX_STEPS``) and ``viewer`` come as sent by a client (ints or digit
    strings). Raises 400 ``invalid_start`` / ``invalid_count`` / ``invalid_viewer`` naming
    the field, 409 as ``match_replay``. At most ``CHECKPOINT_EVERY + count - 1`` applies.
    """
    last = checkpoints_ensure(match)
    start, count, viewer = _window(match, last, start, count, viewer, MAX_STEPS)
    key = _cache_key("steps", match, start, count, viewer)
    cached = cache.get(key)
    if cached is None:
        cached = _steps(match, start, count, viewer, last)
        cache.set(key, cached, CACHE_SECONDS)  # English views and their texts: any language
    return {**cached, "steps": [localized(step) for step in cached["steps"]]}


def _steps(match: Match, start: int, count: int, viewer: int | None, last: int) -> dict:
    """``replay_steps``'s answer with English views, each step with its ``"texts"``."""
    engine = registry.get_engine(match.game)
    point = _checkpoint(match, start)
    state = engine.decode(point.state)
    end = min(last, start + count - 1)
    steps = []
    if start == 0:
        steps.append(_step(engine, 0, _SETUP, setup_events(engine, state), state, viewer))
    records = _records_after(match, point.seq, 0, end - point.step)
    for k, (seq, by, actor, action, events) in enumerate(records, start=point.step + 1):
        try:
            state, _ = engine.apply(state, by, action)
        except IllegalAction:
            raise ServiceError("replay_broken", REPLAY_BROKEN, 409)
        if k >= start:
            steps.append(_step(engine, k, (seq, by, actor, action), events, state, viewer))
    return {"match": match.pk, "viewer": viewer, "start": start, "steps": steps}


def replay_log(*, match: Match, start=0, count=MAX_LOG, viewer=None) -> dict:
    """The log lines of steps ``start`` to ``start + count - 1``: the steps of
    ``replay_steps`` without ``view``, read in SQL only (no engine apply)::

        {"match", "viewer", "start", "steps": [{"step", "seq", "seat", "actor", "action",
                                                "events", "seat_events"?}]}

    ``count``: 1 to ``MAX_LOG``. Same errors as ``replay_steps``.
    """
    last = checkpoints_ensure(match)
    start, count, viewer = _window(match, last, start, count, viewer, MAX_LOG)
    key = _cache_key("log", match, start, count, viewer)
    cached = cache.get(key)
    if cached is not None:
        return cached
    engine = registry.get_engine(match.game)
    point = _checkpoint(match, start)
    end = min(last, start + count - 1)
    steps = []
    if start == 0:
        setup = setup_events(engine, engine.decode(point.state))
        steps.append(_entry(engine, 0, _SETUP, setup, viewer))
    skip = max(0, start - point.step - 1)  # below CHECKPOINT_EVERY: the checkpoint is less than that far back
    records = _records_after(match, point.seq, skip, end - point.step)
    for k, (seq, by, actor, action, events) in enumerate(records, start=point.step + 1 + skip):
        steps.append(_entry(engine, k, (seq, by, actor, action), events, viewer))
    out = {"match": match.pk, "viewer": viewer, "start": start, "steps": steps}
    cache.set(key, out, CACHE_SECONDS)
    return out


def checkpoints_ensure(match: Match) -> int:
    """The number of moves of the finished ``match`` (its last step), storing its
    checkpoints first if it has none: the records replayed once from the seed, the state kept
    at step 0, every ``CHECKPOINT_EVERY`` moves and at the last step, the final state compared
    with ``match.state``. Concurrent first calls write the same rows (conflicts ignored).
    Raises 409 ``match_not_finished`` unless finished, 409 ``replay_broken`` when a record
    does not apply or the result differs from the stored state (nothing is stored then)."""
    if match.status != Match.Status.FINISHED:
        raise ServiceError("match_not_finished", NOT_FINISHED, 409)
    last = (ReplayCheckpoint.objects.filter(match_id=match.pk).order_by("-step")
            .values_list("step", flat=True).first())
    if last is not None:
        return last
    engine = registry.get_engine(match.game)
    state = engine.setup(match.options, _specs(match), match.seed)
    rows = [ReplayCheckpoint(match_id=match.pk, step=0, seq=0, state=_normalized(engine.encode(state)))]
    step = seq = 0
    for seq, by, action in (MoveRecord.objects.filter(match_id=match.pk).order_by("seq")
                            .values_list("seq", "seat", "action").iterator()):
        try:
            state, _ = engine.apply(state, by, action)
        except IllegalAction:
            raise ServiceError("replay_broken", REPLAY_BROKEN, 409)
        step += 1
        if step % CHECKPOINT_EVERY == 0:
            rows.append(ReplayCheckpoint(match_id=match.pk, step=step, seq=seq, state=_normalized(engine.encode(state))))
    final = _normalized(engine.encode(state))
    if final != _normalized(match.state):
        raise ServiceError("replay_broken", REPLAY_BROKEN, 409)
    if step % CHECKPOINT_EVERY:
        rows.append(ReplayCheckpoint(match_id=match.pk, step=step, seq=seq, state=final))
    with transaction.atomic():  # all at once: a reader never takes a partial set for the whole
        ReplayCheckpoint.objects.bulk_create(rows, batch_size=20, ignore_conflicts=True)
    return step


_SETUP = (0, None, "setup", None)  # seq, seat, actor, action of step 0


def _window(match: Match, last: int, start, count, viewer, most: int) -> tuple[int, int, int | None]:
    """``start``, ``count`` and ``viewer`` checked (400 naming the field)."""
    start = _whole(start)
    if start is None or start > last:
        raise ServiceError("invalid_start", START_INVALID.format(last=last), 400, "start")
    count = _whole(count)
    if count is None or not 1 <= count <= most:
        raise ServiceError("invalid_count", COUNT_INVALID.format(most=most), 400, "count")
    if viewer is not None and viewer != "":
        index = _whole(viewer)
        if index is None or not Seat.objects.filter(match_id=match.pk, index=index).exists():
            raise ServiceError("invalid_viewer", VIEWER_INVALID, 400, "viewer")
        viewer = index
    else:
        viewer = None
    return start, count, viewer


def _whole(value) -> int | None:
    """A whole number from an int or a short string of digits, else None."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
        return value
    return None


def _checkpoint(match: Match, step: int) -> ReplayCheckpoint:
    """The latest checkpoint before ``step`` (step 0 itself for step 0): the records after it
    begin with step ``step``'s own, which the step needs (its move and events)."""
    return (ReplayCheckpoint.objects.filter(match_id=match.pk, step__lte=max(0, step - 1))
            .order_by("-step").first())


def _records_after(match: Match, seq: int, skip: int, upto: int) -> list[tuple]:
    """Records after ``seq`` in order, from the ``skip``-th to the ``upto``-th (exclusive), as
    ``(seq, seat, actor, action, events)``: a keyset range on the (match, seq) index."""
    if upto <= skip:
        return []
    return list(MoveRecord.objects.filter(match_id=match.pk, seq__gt=seq).order_by("seq")
                .values_list("seq", "seat", "actor", "action", "events")[skip:upto])


def _entry(engine, k: int, record: tuple, events: list, viewer: int | None) -> dict:
    """One log line: the step's record with its public events (and the viewer's own)."""
    seq, by, actor, action = record
    entry = {"step": k, "seq": seq, "seat": by, "actor": actor,
             "action": action if action is not None and engine.action_is_public(action) else None,
             "events": visible_events(events, None)}
    if viewer is not None:
        entry["seat_events"] = [{key: v for key, v in ev.items() if key != "visible_to"}
                                for ev in events if ev.get("visible_to") is not None and viewer in ev["visible_to"]]
    return entry


def _step(engine, k: int, record: tuple, events: list, state, viewer: int | None) -> dict:
    """``_entry`` with the view of ``state`` for ``viewer`` and its ``"texts"`` (English)."""
    return {**_entry(engine, k, record, events, viewer), "view": engine.view(state, viewer),
            "texts": engine.view_texts(state, viewer)}


def _cache_key(kind: str, match: Match, start: int, count: int, viewer: int | None) -> str:
    who = "s" if viewer is None else viewer
    return f"replay:{CACHE_VERSION}:{match.pk}:{kind}:{start}:{count}:{who}"
