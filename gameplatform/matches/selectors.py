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

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.view_texts import localized
from gameplatform.matches.clocks import clocks_public
from gameplatform.matches.models import Match, MoveRecord, Seat
from games import registry
from games.protocol import Engine, SeatSpec, visible_events

MATCH_NOT_FOUND = gettext_noop("There is no such match in this community.")
ID_INVALID = _("{field} must be a positive whole number.")
STATUS_INVALID = gettext_noop("status must be one of: open, active, finished, aborted.")
GAME_INVALID = gettext_noop("There is no such game here.")
SEAT_INVALID = gettext_noop("seat must be a seat of this match or null.")
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
    "takeover"}``; ``name`` is the person's public name, "<kind> bot", or "" while empty.

    A seat a moderator handed to a bot stays its person's (issue 8, "honest log": the moves
    they made before are theirs, by name): ``is_bot`` False, ``takeover`` True (a bot plays
    for them, as after time-outs) and ``bot_kind`` the bot that does."""
    handed = seat.is_bot and seat.user_id is not None
    if seat.user_id is not None:
        name = seat.user.public_name
    elif seat.is_bot:
        name = f"{seat.bot_kind} bot"
    else:
        name = ""
    return {
        "index": seat.index,
        "name": name,
        "is_bot": seat.is_bot and not handed,
        "bot_kind": seat.bot_kind,
        "team": seat.team,
        "takeover": seat.bot_takeover or handed,
    }


def match_snapshot(*, match: Match, seat) -> dict:
    """What ``seat`` (a Seat, an index, or None for a spectator) sees now (docs/contracts.md,
    "Match snapshot", without ``type``)::

        {"match", "version", "status", "seat", "view", "legal_actions", "events", "actor",
         "deadline", "clocks", "seats", "seed_commitment", "seed", "result"}

    ``view`` is ``engine.view(state, seat)`` (None while the match is open);
    ``legal_actions`` is empty unless that seat must act now; ``events`` are those of the
    last move (or of the setup, before the first move) that the seat may see, ``actor`` who
    made that move (``MoveRecord.Actor``: the timer, a bot for an absent player... None when
    this version is not a move); ``clocks`` every seat's time (``clocks.clocks_public``; None
    for an unlimited match); ``seed`` is None until the match is finished. Raises 400 ``invalid_seat`` for a seat index that is
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
    return localized(table.snapshot(idx, events))


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
        # The same for every viewer and every look at this version.
        self.clocks = clocks_public(match, seats, self.to_act)

    def snapshot(self, idx: int | None, events: list) -> dict:
        """The snapshot seat ``idx`` (None: spectator) sees, with the ``events`` of this
        version filtered to those it may see, and the engine's ``view_texts`` under
        ``"texts"`` (English view): ``i18n.view_texts.localized`` makes it the reader's."""
        match, engine = self.match, self.engine
        view, legal, seen, texts = None, [], [], {}
        if engine is not None:
            view = engine.view(self.state, idx)
            texts = engine.view_texts(self.state, idx)
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
            "clocks": self.clocks,
            "seats": self.public_seats,
            "seed_commitment": match.seed_commitment,
            "seed": revealed_seed(match),
            "result": match.result,
            "texts": texts,
        }


def hints_allowed(match: Match) -> bool:
    """Issue 30, point 4: hints are on offer in ``match`` (the lobby offered them, whoever joined
    agreed, and the match is unrated; a rated or tournament match never offers them)."""
    return bool(match.hints) and match.rated is False


def revealed_seed(match: Match) -> str | None:
    """The seed as a decimal string once the match is over (finished or aborted), else None.

    A string because 63-bit integers lose digits in JavaScript numbers, and the point of
    revealing it is that anyone can check it against the commitment published at the start
    (``models.SEED_COMMITMENT_RULE``: SHA-256 of "hexagora-seed:" + the decimal seed).
    """
    if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED) or match.seed is None:
        return None
    return str(match.seed)


HISTORY_RECENT = 50  # history entries the match page embeds; older ones load on scroll


def match_history(*, match: Match, seat, after=None, before=None, limit=None) -> list[dict]:
    """The applied moves in order, as ``seat`` (a Seat, an index or None) may see them::

        [{"seq", "seat", "actor", "action", "events", "created_at"}]

    ``events``: only those visible to ``seat``. ``action``: the move as submitted; another
    seat's action is shown when the engine's ``action_is_public(action)`` says so (else
    None). Before the first move comes the setup's entry (``seq`` 0, ``seat`` and ``action``
    None, ``actor`` "setup") when the engine's ``setup_events`` has any.

    Paged in SQL on ``seq`` (issue 14: a page costs the same at move 10 and at move 5,000):
    ``after`` (a seq): the first ``limit`` entries after it (below ``before`` if given too);
    ``before`` alone: the last ``limit`` entries before it; always oldest first. ``limit``
    None: every entry (tests, tools). The setup entry (seq 0) is the first of all, so
    ``after=0`` leaves it out. The caller checks the numbers (whole, from 0).
    """
    needs_count = isinstance(seat, int) and not isinstance(seat, bool)
    idx = _seat_index(seat, Seat.objects.filter(match_id=match.pk).count() if needs_count else None)
    engine = registry.get_engine(match.game)
    is_public = engine.action_is_public
    records = MoveRecord.objects.filter(match_id=match.pk)
    if after is not None:
        records = records.filter(seq__gt=after)
    if before is not None:
        records = records.filter(seq__lt=before)
    backwards = before is not None and after is None  # the entries just before ``before``
    records = records.order_by("-seq" if backwards else "seq")
    records = records.values_list("seq", "seat", "actor", "action", "events", "created_at")
    rows = list(records[:limit] if limit is not None else records.iterator())
    if backwards:
        rows.reverse()
    out = [{"seq": seq, "seat": by, "actor": actor, "action": action if by == idx or is_public(action) else None,
            "events": visible_events(events, idx), "created_at": created.isoformat()}
           for seq, by, actor, action, events, created in rows]
    # The setup's entry, when the page reaches back to the start (seq 0 comes before every move).
    if after is None and (before is None or (before > 0 and (limit is None or len(rows) < limit))):
        setup = _setup_entry(match, engine, idx)
        if setup is not None:
            out.insert(0, setup)
            if limit is not None and len(out) > limit:
                out.pop()
    return out


def _setup_entry(match: Match, engine: Engine, idx: int | None) -> dict | None:
    """The history's seq-0 entry of the setup events ``idx`` may see; None before the start
    or when the engine's setup has no events."""
    if match.seed is None:
        return None
    setup = setup_events(engine, engine.setup(match.options, _specs(match), match.seed))
    if not setup:
        return None
    return {"seq": 0, "seat": None, "actor": "setup", "action": None, "events": visible_events(setup, idx),
            "created_at": match.started_at.isoformat() if match.started_at else None}


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


def seat_won(result, index: int) -> bool:
    """Did seat ``index`` win a match with this ``result``? One of ``winners`` when the result
    names them, else ranked first."""
    if not isinstance(result, dict):
        return False
    winners = result.get("winners")
    if isinstance(winners, list) and winners:
        return index in winners
    ranks = result.get("ranks")
    return isinstance(ranks, list) and index < len(ranks) and ranks[index] == 1


def game_name(slug: str) -> str:
    """The game's name, or its slug for a game no longer registered."""
    try:
        return registry.get_engine(slug).name
    except registry.UnknownGame:
        return slug
