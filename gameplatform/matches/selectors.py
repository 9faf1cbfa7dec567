"""Reads for matches: lists, the per-seat snapshot, history and replays.

Every read of tenant-owned rows takes the tenant (``match_get`` answers 404 for another
tenant's match, never revealing that it exists). What a seat may see is decided by the
engine alone: the snapshot holds ``engine.view(state, seat)`` and ``visible_events``, never the
stored state; the seed appears only once the match is finished.
"""
from __future__ import annotations

import json

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match, MoveRecord, Seat
from games import registry
from games.protocol import Engine, IllegalAction, SeatSpec, visible_events

MATCH_NOT_FOUND = gettext_noop("There is no such match in this community.")
ID_INVALID = _("{field} must be a positive whole number.")
STATUS_INVALID = gettext_noop("status must be one of: open, active, finished, aborted.")
GAME_INVALID = gettext_noop("There is no such game here.")
SEAT_INVALID = gettext_noop("seat must be a seat of this match or null.")
NOT_FINISHED = gettext_noop("The replay is available once the match is finished.")
REPLAY_BROKEN = gettext_noop("The moves of this match do not replay from its seed.")
# Largest id a PostgreSQL bigint holds.
MAX_ID = 2**63 - 1


def parse_id(value, field: str) -> int:
    """A positive integer id from an int or a string of digits; else ``ServiceError`` 400
    ``invalid_<field>`` naming ``field``."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ID:
        raise ServiceError(f"invalid_{field}", ID_INVALID.format(field=field), 400, field)
    return value


def match_list(*, tenant, status=None, game=None):
    """This tenant's matches, newest first (a QuerySet without the heavy ``state``), with
    seats and their users prefetched. ``status``: one of ``Match.Status``; ``game``: a slug.
    Raises 400 ``invalid_status`` / ``unknown_game``."""
    qs = (
        Match.objects.for_tenant(tenant)
        .defer("state")
        .select_related("created_by")
        .prefetch_related("seats__user")
    )
    if status is not None:
        if status not in Match.Status.values:
            raise ServiceError("invalid_status", STATUS_INVALID, 400, "status")
        qs = qs.filter(status=status)
    if game is not None:
        if not isinstance(game, str) or game not in registry.slugs():
            raise ServiceError("unknown_game", GAME_INVALID, 400, "game")
        qs = qs.filter(game=game)
    return qs


def match_get(*, tenant, match_id) -> Match:
    """The match ``match_id`` of ``tenant``; 404 ``match_not_found`` when it does not exist or
    belongs to another tenant (the same answer, so existence never leaks); 400
    ``invalid_match_id`` for a malformed id."""
    mid = parse_id(match_id, "match_id")
    match = Match.objects.for_tenant(tenant).filter(pk=mid).select_related("created_by").first()
    if match is None:
        raise ServiceError("match_not_found", MATCH_NOT_FOUND, 404)
    return match


def seat_of(*, match: Match, user) -> Seat | None:
    """The seat ``user`` plays at ``match`` (None for spectators, anonymous visitors and a
    seat a moderator handed to a bot)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(match_id=match.pk, user_id=user.pk, bot_kind="").first()


def seat_handed_over(*, match: Match, user) -> Seat | None:
    """The seat of ``match`` that a moderator handed from ``user`` to a bot, which they may
    take back (``services.seat_resume``); None when there is none."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(match_id=match.pk, user_id=user.pk).exclude(bot_kind="").first()


def seat_public(*, seat: Seat) -> dict:
    """A seat as everyone sees it: ``{"index", "name", "is_bot", "bot_kind", "team",
    "takeover"}``; ``name`` is the person's public name, "<kind> bot", or "" while empty."""
    if seat.is_bot:
        name = f"{seat.bot_kind} bot"
    elif seat.user_id is not None:
        name = seat.user.public_name
    else:
        name = ""
    return {
        "index": seat.index,
        "name": name,
        "is_bot": seat.is_bot,
        "bot_kind": seat.bot_kind,
        "team": seat.team,
        "takeover": seat.bot_takeover,
    }


def match_snapshot(*, match: Match, seat) -> dict:
    """What ``seat`` (a Seat, an index, or None for a spectator) sees now (docs/contracts.md,
    "Match snapshot", without ``type``)::

        {"match", "version", "status", "seat", "view", "legal_actions", "events", "actor",
         "deadline", "seats", "seed_commitment", "seed", "result"}

    ``view`` is ``engine.view(state, seat)`` (None while the match is open);
    ``legal_actions`` is empty unless that seat must act now; ``events`` are those of the
    last move (or of the setup, before the first move) that the seat may see, ``actor`` who
    made that move (``MoveRecord.Actor``: the timer, a bot for an absent player... None when
    this version is not a move); ``seed`` is None until the match is finished. Raises 400 ``invalid_seat`` for a seat index that is
    not this match's.
    """
    seats = list(Seat.objects.filter(match_id=match.pk).select_related("user").order_by("index"))
    idx = _seat_index(seat, len(seats))
    table = SnapshotTable(match, seats)
    events = []
    if table.state is not None:
        last = (
            MoveRecord.objects.filter(match_id=match.pk).order_by("-seq").values_list("seq", "events", "actor").first()
        )
        if last is None:
            events = setup_events(table.engine, table.state)  # nothing moved yet: the setup's
        elif last[0] == match.version:
            events, table.actor = last[1], last[2]
    return table.snapshot(idx, events)


class SnapshotTable:
    """Builds snapshots of one match version for several seats with one decode of the state.

    ``seats``: the match's Seat rows in index order (with ``user`` loaded). ``state``: the
    decoded ``match.state`` when the caller has it already (``submit_action`` hands over the
    state it just applied), else it is decoded here. Used by ``match_snapshot`` and by the
    broadcast, which sends one snapshot per seat.
    """

    def __init__(self, match: Match, seats: list[Seat], state=None, actor: str | None = None):
        self.match = match
        self.seats = seats
        self.actor = actor  # who made the move that produced this version (None: not a move)
        self.public_seats = [seat_public(seat=s) for s in seats]
        self.engine = self.state = None
        self.to_act: tuple[int, ...] = ()
        if match.state is not None:
            self.engine = registry.get_engine(match.game)
            self.state = self.engine.decode(match.state) if state is None else state
            self.to_act = self.engine.to_act(self.state)

    def snapshot(self, idx: int | None, events: list) -> dict:
        """The snapshot seat ``idx`` (None: spectator) sees, with the ``events`` of this
        version filtered to those it may see."""
        match, engine = self.match, self.engine
        view, legal, seen = None, [], []
        if engine is not None:
            view = engine.view(self.state, idx)
            if match.status == Match.Status.ACTIVE and idx is not None and idx in self.to_act:
                legal = engine.client_legal_actions(self.state, idx)
            seen = visible_events(events or [], idx)
        return {
            "match": match.pk,
            "version": match.version,
            "status": match.status,
            "seat": idx,
            "view": view,
            "legal_actions": legal,
            "events": seen,
            "actor": self.actor,
            "deadline": match.deadline.isoformat() if match.deadline else None,
            "seats": self.public_seats,
            "seed_commitment": match.seed_commitment,
            "seed": revealed_seed(match),
            "result": match.result,
        }


def revealed_seed(match: Match) -> str | None:
    """The seed as a decimal string once the match is over (finished or aborted), else None.

    A string because 63-bit integers lose digits in JavaScript numbers, and the point of
    revealing it is that anyone can check it against the commitment published at the start
    (``models.SEED_COMMITMENT_RULE``: SHA-256 of "hexagora-seed:" + the decimal seed).
    """
    if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED) or match.seed is None:
        return None
    return str(match.seed)


def match_history(*, match: Match, seat) -> list[dict]:
    """The applied moves in order, as ``seat`` (a Seat, an index or None) may see them::

        [{"seq", "seat", "actor", "action", "events", "created_at"}]

    ``events``: only those visible to ``seat``. ``action``: the move as submitted; another
    seat's action is shown when the engine's ``action_is_public(action)`` says so (else
    None). Before the first move comes the setup's entry (``seq`` 0, ``seat`` and ``action``
    None, ``actor`` "setup") when the engine's ``setup_events`` has any.
    """
    needs_count = isinstance(seat, int) and not isinstance(seat, bool)
    idx = _seat_index(seat, Seat.objects.filter(match_id=match.pk).count() if needs_count else None)
    engine = registry.get_engine(match.game)
    is_public = engine.action_is_public
    out = []
    if match.seed is not None:
        initial = engine.setup(match.options, _specs(match), match.seed)
        setup = setup_events(engine, initial)
        if setup:
            out.append({"seq": 0, "seat": None, "actor": "setup", "action": None,
                        "events": visible_events(setup, idx),
                        "created_at": match.started_at.isoformat() if match.started_at else None})
    records = (
        MoveRecord.objects.filter(match_id=match.pk)
        .order_by("seq")
        .values_list("seq", "seat", "actor", "action", "events", "created_at")
    )
    for seq, by, actor, action, events, created in records.iterator():
        shown = action if by == idx or is_public(action) else None
        out.append({"seq": seq, "seat": by, "actor": actor, "action": shown,
                    "events": visible_events(events, idx), "created_at": created.isoformat()})
    return out


def match_replay(*, match: Match) -> dict:
    """A finished match step by step, rebuilt from its seed, as a spectator sees it and as
    each seat saw it::

        {"match", "game", "seed", "seed_commitment", "result", "seats",
         "steps": [{"seq", "seat", "actor", "action", "events", "view",
                    "views": [{key: value}, ...], "seat_events": [[event, ...], ...]}]}

    Step 0 is the setup (``events``: the public setup events). ``view`` is the spectator
    view after that step; ``events`` are the public ones. Once the match is over its secrets
    may be shown, so each step also tells what every seat saw (issue 8, "the replay can
    show each seat's hand after the match ends"): ``views[i]`` holds the top-level keys of
    seat ``i``'s view that differ from the spectator's (its hand, its legal moves; a key the
    spectator has and the seat lacks is null), so ``{**view, **views[i]}`` is that seat's
    view; ``seat_events[i]`` are the events of the step only seat ``i`` saw (its cards dealt,
    a stolen card). Raises 409 ``match_not_finished`` (nothing of this exists before the end),
    and 409 ``replay_broken`` if the records do not rebuild the stored state.
    """
    if match.status != Match.Status.FINISHED:
        raise ServiceError("match_not_finished", NOT_FINISHED, 409)
    engine = registry.get_engine(match.game)
    specs = _specs(match)
    state = engine.setup(match.options, specs, match.seed)
    count = len(specs)
    first = setup_events(engine, state)
    steps = [{"seq": 0, "seat": None, "actor": "setup", "action": None,
              "events": visible_events(first, None), **_seat_step(engine, state, first, count)}]
    is_public = engine.action_is_public
    records = MoveRecord.objects.filter(match_id=match.pk).order_by("seq").values_list(
        "seq", "seat", "actor", "action", "events"
    )
    for seq, by, actor, action, events in records.iterator():
        try:
            state, _ = engine.apply(state, by, action)
        except IllegalAction:
            raise ServiceError("replay_broken", REPLAY_BROKEN, 409)
        steps.append({"seq": seq, "seat": by, "actor": actor,
                      "action": action if is_public(action) else None,
                      "events": visible_events(events, None), **_seat_step(engine, state, events, count)})
    if _normalized(engine.encode(state)) != _normalized(match.state):
        raise ServiceError("replay_broken", REPLAY_BROKEN, 409)
    seats = list(Seat.objects.filter(match_id=match.pk).select_related("user").order_by("index"))
    return {"match": match.pk, "game": match.game, "seed": revealed_seed(match),
            "seed_commitment": match.seed_commitment, "result": match.result,
            "seats": [seat_public(seat=s) for s in seats], "steps": steps}


def _seat_step(engine: Engine, state, events: list, count: int) -> dict:
    """The spectator ``view`` of ``state`` and, per seat, what it saw beyond it (see
    ``match_replay``): ``views`` (the keys of its view that differ) and ``seat_events`` (the
    events only it and other named seats saw)."""
    public = engine.view(state, None)
    views, private = [], []
    for i in range(count):
        mine = engine.view(state, i)  # built like the spectator's: equal parts compare equal
        diff = {k: v for k, v in mine.items() if public.get(k, _ABSENT) != v}
        diff.update({k: None for k in public if k not in mine})
        views.append(diff)
        private.append([{k: v for k, v in ev.items() if k != "visible_to"}
                        for ev in events if ev.get("visible_to") is not None and i in ev["visible_to"]])
    return {"view": public, "views": views, "seat_events": private}


_ABSENT = object()


def match_rebuild_state(match: Match) -> dict:
    """``engine.encode`` of the state rebuilt from the seed by replaying every MoveRecord
    (JSON-normalized): equal to ``match.state`` when no move was lost. Works for any started
    match. Raises ``ValueError`` when the match never started or the records are not in
    strictly increasing ``seq`` order ending at ``match.version``."""
    if match.seed is None:
        raise ValueError(f"match {match.pk} has not started")
    engine = registry.get_engine(match.game)
    state = engine.setup(match.options, _specs(match), match.seed)
    last = 0
    for seq, seat, action in (
        MoveRecord.objects.filter(match_id=match.pk).order_by("seq").values_list("seq", "seat", "action").iterator()
    ):
        if seq <= last:
            raise ValueError(f"match {match.pk}: record seq {seq} after {last}")
        state, _ = engine.apply(state, seat, action)
        last = seq
    if last > match.version:
        raise ValueError(f"match {match.pk}: record seq {last} beyond version {match.version}")
    return _normalized(engine.encode(state))


def setup_events(engine: Engine, state) -> list:
    """The engine's setup events for its initial ``state`` (``engine.setup_events``), as a list."""
    return list(engine.setup_events(state))


def _specs(match: Match) -> list[SeatSpec]:
    teams = Seat.objects.filter(match_id=match.pk).order_by("index").values_list("team", flat=True)
    return [SeatSpec(team=t) for t in teams]


def _seat_index(seat, count: int | None) -> int | None:
    """``seat`` as an index: a Seat, an int in range, or None."""
    if seat is None:
        return None
    if isinstance(seat, Seat):
        return seat.index
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0 or (count is not None and seat >= count):
        raise ServiceError("invalid_seat", SEAT_INVALID, 400, "seat")
    return seat


def _normalized(data):
    return json.loads(json.dumps(data))
