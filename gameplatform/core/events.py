"""The turn flow's domain events and the one registry features subscribe through.

The turn flow (``matches.turns``) publishes what happened to a match, the communities
(``tenants.moderation``) and players (``players.services``) what happened to a member; none
of them imports a feature.
Features subscribe in their app's ``ready()`` (``<app>/subscribers.py``): realtime broadcasts,
alerts keep "your turn" and tell people, ratings rate a finished match, bots and timers
schedule their tasks. Events carry ids and small JSON-able data; what one transaction already
holds (the match row, its seats, the decoded state) travels beside them as the publication's
``context``, for subscribers that run at once.

Each subscription names its **phase**:

- ``IN_TRANSACTION``: runs inside the publisher's transaction, at ``publish``; what it writes
  commits with the change, and if it raises the whole change is undone (ratings: the ending
  and the rating change commit together).
- ``AFTER_COMMIT``: runs after the transaction commits (``transaction.on_commit``); it can
  neither undo nor delay the change. If it raises, the failure is logged and the subscriber
  is called again later with the same event (``RETRY_DELAYS_SECONDS``, through the Celery
  task ``SUBSCRIBER_RETRY``, without the context); the other subscribers run regardless.

At ``publish`` the after-commit subscribers are queued first, then the in-transaction ones
run, so what an in-transaction subscriber queues after commit comes after them (alerts after
the broadcast). Subscribers of a class also get its subclasses' events (``MoveApplied`` is a
``MatchChanged``). Shapes: docs/contracts.md, "Events".
"""
from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from django.db import transaction

from gameplatform.core.taskqueue import task_send

# The Celery task that tries an after-commit subscriber again (``core.tasks``).
SUBSCRIBER_RETRY: Final = "gameplatform.core.tasks.subscriber_retry"

log = logging.getLogger(__name__)

Phase = Literal["in_transaction", "after_commit"]
IN_TRANSACTION: Final[Phase] = "in_transaction"
AFTER_COMMIT: Final[Phase] = "after_commit"
# Seconds before each new try of an after-commit subscriber that raised (then it is dropped).
RETRY_DELAYS_SECONDS: Final[tuple[int, ...]] = (5, 30, 120)


# --- the events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DomainEvent:
    """Something happened in community ``tenant_id``."""

    tenant_id: int


@dataclass(frozen=True)
class MatchEvent(DomainEvent):
    """Something happened to match ``match_id``; ``version`` is the match's version after it."""

    match_id: int
    version: int


@dataclass(frozen=True)
class MatchChanged(MatchEvent):
    """A change every client of the match must see (``Match.version`` went up by one; exactly
    one ``MatchChanged`` per version): seats taken or left, bots seated, a seat handed over or
    back, clocks moved; ``MatchStarted`` and ``MoveApplied`` are the two kinds with more to
    say. ``events``: the engine's events of the change, each a JSON object (possibly with
    ``visible_to``). The other events are facts published with it (``SeatHandedOver``,
    ``SeatHandedBack``, ``MatchEnded``, ``TurnChanged``)."""

    events: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class MatchStarted(MatchChanged):
    """The match started (``events``: the engine's setup events)."""


@dataclass(frozen=True)
class MoveApplied(MatchChanged):
    """Seat ``seat`` acted; ``actor``: ``MoveRecord.actor`` (user, bot, timeout, takeover,
    handover)."""

    seat: int = 0
    actor: str = ""


@dataclass(frozen=True)
class SeatHandedOver(MatchEvent):
    """A bot (``bot_kind``) now plays seat ``seat`` for its person (time-outs, a moderator);
    published with the change that did it."""

    seat: int = 0
    bot_kind: str = ""


@dataclass(frozen=True)
class SeatHandedBack(MatchEvent):
    """Seat ``seat``'s person plays it again; published with the change that did it."""

    seat: int = 0


@dataclass(frozen=True)
class TurnChanged(MatchEvent):
    """Who acts after a change: published with every ``MatchChanged``. ``deadline``: ISO 8601
    UTC of the next time-out, or None; ``bot_due``: a bot must act now (after its delay)."""

    deadline: str | None = None
    bot_due: bool = False


@dataclass(frozen=True)
class MatchEnded(MatchEvent):
    """The match is over: ``status`` "finished" (``result``: ``Result.to_json()``) or
    "aborted" (``MatchAborted``)."""

    status: str = "finished"
    result: dict[str, Any] | None = None


@dataclass(frozen=True)
class MatchAborted(MatchEnded):
    """The match was called off before its end (by its players leaving, or a moderator)."""

    status: str = "aborted"


@dataclass(frozen=True)
class MemberEvent(DomainEvent):
    """Something happened to the membership of person ``user_id`` in the community."""

    user_id: int


@dataclass(frozen=True)
class VacationChanged(MemberEvent):
    """The member's vacation started, changed or ended (``Membership.vacation_*``)."""


@dataclass(frozen=True)
class MemberBanned(MemberEvent):
    """A moderator (``by_id``) banned the member; ``report_id``: the chat report acted on."""

    by_id: int | None = None
    reason: str = ""
    report_id: int | None = None


@dataclass(frozen=True)
class MemberUnbanned(MemberEvent):
    """A moderator (``by_id``) lifted the member's ban."""

    by_id: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class MemberTimedOut(MemberEvent):
    """A moderator (``by_id``) kept the member out of the chat until ``until`` (ISO 8601)."""

    by_id: int | None = None
    until: str = ""
    reason: str = ""
    report_id: int | None = None


@dataclass(frozen=True)
class AccountDeleted(DomainEvent):
    """Person ``user_id`` deleted their account (issue 27, point 5; ``accounts.deletion``),
    published in that transaction before their sign-in and personal data go; ``tenant_id``
    is 0 (every community). In-transaction subscribers remove or hand over what is theirs:
    their seats (``matches``), chat messages (``chat``), ratings, preferences, alerts."""

    user_id: int = 0


EVENT_TYPES: Final[dict[str, type[DomainEvent]]] = {
    cls.__name__: cls
    for cls in (DomainEvent, MatchEvent, MatchChanged, MatchStarted, MoveApplied, SeatHandedOver, SeatHandedBack,
                TurnChanged, MatchEnded, MatchAborted, MemberEvent, VacationChanged, MemberBanned, MemberUnbanned,
                MemberTimedOut, AccountDeleted)
}


def event_payload(event: DomainEvent) -> dict[str, Any]:
    """``{"type": class name, **fields}``: JSON-able (tuples become lists)."""
    return {"type": type(event).__name__, **dataclasses.asdict(event)}


def event_from_payload(payload: Mapping[str, Any]) -> DomainEvent:
    """The event ``event_payload`` made. Raises KeyError for an unknown type."""
    cls = EVENT_TYPES[payload["type"]]
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name in payload:
            value = payload[f.name]
            values[f.name] = tuple(value) if isinstance(value, list) and f.name == "events" else value
    return cls(**values)


# --- the registry ----------------------------------------------------------------------------

E = TypeVar("E", bound=DomainEvent)
Handler = Callable[[Any, Mapping[str, Any]], None]


@dataclass(frozen=True)
class Subscription:
    """``handler(event, context)`` for events of ``event_type`` (and subclasses), in
    ``phase``; ``name``: the handler's dotted path, how a retry finds it again."""

    event_type: type[DomainEvent]
    handler: Handler
    phase: Phase
    name: str


_subscriptions: list[Subscription] = []
_by_name: dict[str, Subscription] = {}


def subscribe(event_type: type[E], handler: Callable[[E, Mapping[str, Any]], None], *,
              phase: Phase = AFTER_COMMIT) -> Subscription:
    """Calls ``handler(event, context)`` for every published event of ``event_type`` or a
    subclass, in ``phase``; subscribing the same handler to the same type twice does nothing.
    ``context``: the publisher's in-memory objects (may be empty: always read what is missing).
    Raises ValueError for an unknown phase."""
    if phase not in (IN_TRANSACTION, AFTER_COMMIT):
        raise ValueError(f"phase must be {IN_TRANSACTION!r} or {AFTER_COMMIT!r}, not {phase!r}")
    name = f"{handler.__module__}.{handler.__qualname__}:{event_type.__name__}"
    found = _by_name.get(name)
    if found is not None:
        return found
    sub = Subscription(event_type, handler, phase, name)
    _subscriptions.append(sub)
    _by_name[name] = sub
    return sub


def unsubscribe(sub: Subscription) -> None:
    """Removes ``sub`` (tests)."""
    if sub in _subscriptions:
        _subscriptions.remove(sub)
    _by_name.pop(sub.name, None)


def subscriptions_for(event: DomainEvent) -> list[Subscription]:
    """The subscriptions ``event`` reaches, in subscription order."""
    return [s for s in _subscriptions if isinstance(event, s.event_type)]


def publish(event: DomainEvent, *, context: Mapping[str, Any] | None = None) -> None:
    """Hands ``event`` to its subscribers (module docstring): queues the after-commit ones,
    then runs the in-transaction ones, whose exceptions propagate (the caller's transaction
    is then rolled back). Outside a transaction, after-commit subscribers run at once."""
    ctx: Mapping[str, Any] = context or {}
    subs = subscriptions_for(event)
    for sub in subs:
        if sub.phase == AFTER_COMMIT:
            transaction.on_commit(functools.partial(_run_after_commit, sub, event, ctx))
    for sub in subs:
        if sub.phase == IN_TRANSACTION:
            sub.handler(event, ctx)


def _run_after_commit(sub: Subscription, event: DomainEvent, context: Mapping[str, Any], attempt: int = 0) -> bool:
    """Runs one after-commit subscriber; on failure logs it and queues its next try. Never
    raises. True when the subscriber returned."""
    try:
        sub.handler(event, context)
    except Exception:
        log.exception("subscriber %s failed on %r (try %d)", sub.name, event, attempt + 1)
        _retry_later(sub, event, attempt)
        return False
    return True


def _retry_later(sub: Subscription, event: DomainEvent, attempt: int) -> None:
    if attempt >= len(RETRY_DELAYS_SECONDS):
        log.error("subscriber %s gave up on %r after %d tries", sub.name, event, attempt + 1)
        return
    try:
        task_send(SUBSCRIBER_RETRY, (sub.name, event_payload(event), attempt + 1),
                  countdown=RETRY_DELAYS_SECONDS[attempt])
    except Exception:
        log.exception("subscriber %s: could not queue its next try", sub.name)


def subscriber_retry(name: str, payload: Mapping[str, Any], attempt: int) -> bool:
    """A later try of the after-commit subscriber ``name`` on the event in ``payload``
    (``event_payload``), without context; queues the next one if it fails again. False when
    the subscriber is unknown here (logged) or failed."""
    sub = _by_name.get(name)
    if sub is None:
        log.error("no subscriber %s to try again", name)
        return False
    try:
        event = event_from_payload(payload)
    except (KeyError, TypeError):
        log.error("subscriber %s: unreadable event %r", name, payload)
        return False
    return _run_after_commit(sub, event, {}, attempt)
