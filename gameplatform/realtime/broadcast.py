"""Live updates after a commit: every seat's sockets get that seat's snapshot, spectators the
public one (docs/contracts.md, "Match snapshot" and "WebSocket").

``match_changed(match_id, version, events)`` is what services call in
``transaction.on_commit``. It loads the match and its seats in one query and decodes the
state (or takes all three from the action that has just written them), computes one view
per seat plus the spectator view, and sends each as a ``frames.state_message`` (the
``state`` frame encoded once, in English, with what other languages render from) to
``match.<id>.seat.<i>`` for each seated person and to ``match.<id>.public``.
``MatchConsumer.match_state`` forwards its frame (``frames.frame_for`` the socket's
language); ``"texts"`` never reach a client.

Who may see what (hidden information): a seat's message holds ``engine.view(state, i)`` and
``visible_events(events, i)``; the public message ``engine.view(state, None)`` and only public
events; the seed only once the match is over. ``user_id`` (the seat's owner) lets the
consumer drop a seat message that reaches a socket of somebody else (a seat that changed
hands after the socket joined its group). ``user_id`` and ``seat_users`` never reach a client.

Where it runs, and how the send reaches the sockets:

(a) a sync Django view or service in Daphne's thread pool, or (b) a Celery worker process
    with channels-redis;
(c) the embedded mode: a Celery worker thread inside the Daphne process with the
    ``InMemoryChannelLayer``. Its asyncio queues belong to Daphne's event loop and are not
    thread-safe.
The sends of a process that serves sockets run on its server loop (recorded by
``server_loop_record`` when a consumer connects; with the in-memory layer and no loop
recorded no socket listens in this process, and the broadcast is skipped). Elsewhere (a
Celery worker, a management command) they run on one long-lived event loop of the process,
in a daemon thread (``sender_loop``), so channels-redis keeps its connections from one
broadcast to the next instead of opening a new loop and connection for each (which is what
``async_to_sync`` would do). The caller waits until the messages are handed to the layer.
Called from sync code on the thread of a running event loop (which Django allows only with
``DJANGO_ALLOW_ASYNC_UNSAFE``), it never blocks on that loop: on the server loop the send
is scheduled as a task, and any other loop's thread waits for the sender loop.

Order: one broadcast sends its messages (one per group) concurrently. Broadcasts of one
match that reach the same loop go out one at a time, in the order they were handed over,
and one older than a version that loop already sent is dropped (a thread may lag between
its commit and the hand-over while the next version overtakes it), so a group never gets a
version after a later one from this process. Across processes the order follows from the
turn flow: a version can only be produced after the commit of the one before, and the task
or request that produces it starts after that commit's broadcast was sent (a bot's task is
scheduled after the broadcast, a person acts on what they received). A consumer also drops a
message older than what its socket already has (``MatchConsumer._forward``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
import weakref
from collections import OrderedDict

from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import InMemoryChannelLayer, channel_layers, get_channel_layer
from django.db.models import OuterRef, Subquery

from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.selectors import SnapshotTable
from gameplatform.realtime.frames import MESSAGE_TYPE, state_message

__all__ = ["MESSAGE_TYPE", "match_changed", "match_messages", "table_messages", "groups_send"]

log = logging.getLogger(__name__)

# How long a foreign thread waits for the server loop to take the messages (seconds).
SEND_TIMEOUT_SECONDS = 5.0

_loop_lock = threading.Lock()
_server_loop: asyncio.AbstractEventLoop | None = None
# Tasks scheduled on a running loop are kept referenced until they finish.
_pending: set[asyncio.Task] = set()
# The process's sender loop and its thread, with the pid that made them (a forked child,
# e.g. a Celery prefork process, starts its own: threads do not survive a fork).
_sender_lock = threading.Lock()
_sender: tuple[int, asyncio.AbstractEventLoop, threading.Thread] | None = None
# Per event loop, the order keeper of its broadcasts (see "Order" above).
_orders: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_orders_lock = threading.Lock()
# How long a loop remembers the last version it sent of a match (seconds): far longer than a
# thread can lag between its commit and handing the broadcast over, short enough that the
# memory stays small.
ORDER_MEMORY_SECONDS = 60.0
# The sender loop's own instance of each configured layer (see ``_sender_layer``).
_sender_layers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def group_seat(match_id: int, index: int) -> str:
    """The group of the sockets of the person at seat ``index``: ``match.<id>.seat.<i>``."""
    return f"match.{match_id}.seat.{index}"


def group_public(match_id: int) -> str:
    """The group of the spectators' sockets: ``match.<id>.public``."""
    return f"match.{match_id}.public"


def server_loop_record(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves this process's sockets (called on connect)."""
    global _server_loop
    with _loop_lock:
        _server_loop = loop


def server_loop_forget() -> None:
    """Forget the recorded loop (tests; a process whose server stopped)."""
    global _server_loop
    with _loop_lock:
        _server_loop = None


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The recorded server loop if it still runs, else None."""
    loop = _server_loop
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    return loop


def match_changed(match_id: int, version: int, events: list, *, table: SnapshotTable | None = None) -> None:
    """Send the change that produced ``version`` to every socket watching match ``match_id``.

    ``events``: the action's events, private ones marked ``visible_to`` (each group gets
    only what ``games.protocol.visible_events`` lets it see). ``table``: the snapshots of
    exactly that version, built by the caller from what it just committed (``submit_action``
    passes the match, its seats with users and the new state); without it the match is read
    again. Skipped when the read finds the match already past ``version`` (the newer change
    is broadcast by its own commit, and a client that sees the version gap sends ``sync``),
    when no channel layer is configured, and in-memory when no socket listens in this
    process. Never raises: the change is committed, and a socket that missed it catches up
    with ``sync``; failures are logged.
    """
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        if _needs_server_loop(layer) and server_loop() is None:
            return  # in-memory layer and no socket in this process: nobody to tell
        if table is not None and table.match.pk == match_id and table.match.version == version:
            sends = table_messages(table, events)
        else:
            sends = match_messages(match_id=match_id, version=version, events=events)
        if sends:
            _deliver(layer, sends)
    except Exception:
        log.exception("broadcast of match %s version %s failed", match_id, version)


def match_messages(*, match_id: int, version: int, events: list) -> list[tuple[str, dict]]:
    """The ``(group, message)`` pairs for ``version`` of the match, read from the database:
    one per seated person, then the public one; [] when the match is gone or no longer at
    ``version``.

    One query (seats with their match, users and the actor of the move of this version); the
    state is decoded once and each view computed once. The snapshots equal
    ``selectors.match_snapshot`` for the same seat, with ``events`` taken from the arguments
    instead of the last ``MoveRecord``.
    """
    actor = MoveRecord.objects.filter(match_id=OuterRef("match_id"), seq=OuterRef("match__version")).values("actor")
    seats = list(
        Seat.objects.filter(match_id=match_id).select_related("match", "user")
        .annotate(move_actor=Subquery(actor[:1])).order_by("index")
    )
    if seats:
        match = seats[0].match
    else:
        match = Match.unscoped.filter(pk=match_id).first()
        if match is None:
            return []
    if match.version != version:
        return []
    return table_messages(SnapshotTable(match, seats, actor=seats[0].move_actor if seats else None), events)


def table_messages(table: SnapshotTable, events: list) -> list[tuple[str, dict]]:
    """The ``(group, message)`` pairs of the version ``table`` holds (its seats in index
    order, with users): one per seated person, then the public one. No query."""
    match, seats = table.match, table.seats
    # The people whose sockets belong in a seat group (selectors.seat_of: not a bot seat).
    seated = [s for s in seats if s.user_id is not None and not s.is_bot]
    seat_users = [s.user_id for s in seated]
    sends = [
        (group_seat(match.pk, s.index),
         state_message(match.pk, table.snapshot(s.index, events), user_id=s.user_id, seat_users=seat_users))
        for s in seated
    ]
    sends.append((group_public(match.pk),
                  state_message(match.pk, table.snapshot(None, events), user_id=None, seat_users=seat_users)))
    return sends


def _needs_server_loop(layer) -> bool:
    """True for layers whose queues live on one event loop (the in-process layer)."""
    return isinstance(layer, InMemoryChannelLayer)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def sender_loop() -> asyncio.AbstractEventLoop:
    """This process's long-lived event loop for channel-layer sends from sync code that has
    no server loop (a Celery worker, a management command); started on first use in a daemon
    thread named ``hexagora-broadcast``, and again in a forked child."""
    global _sender
    pid = os.getpid()
    with _sender_lock:
        if _sender is None or _sender[0] != pid or not _sender[2].is_alive():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=_run_forever, args=(loop,), name="hexagora-broadcast", daemon=True)
            thread.start()
            _sender = (pid, loop, thread)
        return _sender[1]


def _sender_layer(layer):
    """The instance of ``layer``'s configuration that the sender loop sends through.

    channels-redis keeps its connection pools per event loop inside the layer object, and
    its ``flush()`` / ``close_pools()`` close the pools of every loop from the caller's loop
    (tests flush the shared layer between tests): pools of the long-lived sender loop would
    then be closed from a foreign loop, which fails. A separate instance (same class and
    settings) keeps them apart. A layer that is not the configured default is used as is."""
    with _sender_lock:
        own = _sender_layers.get(layer)
        if own is None:
            if layer is not get_channel_layer(DEFAULT_CHANNEL_LAYER):
                return layer
            own = _sender_layers[layer] = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER)
        return own


def _run_forever(loop: asyncio.AbstractEventLoop) -> None:
    asyncio.set_event_loop(loop)
    loop.run_forever()


def _deliver(layer, sends: list[tuple[str, dict]]) -> None:
    """Send ``sends`` (one broadcast, at most one message per group) through ``layer`` from
    whatever thread we are on; returns once they are handed over (see the module docstring
    for which loop sends, and in what order)."""
    _submit(layer, lambda target: _send_in_order(target, sends))


def _submit(layer, make_coro) -> None:
    """Runs ``make_coro(layer)`` (a send through the layer instance of the loop that sends) on
    the loop that sends for this thread: scheduled when that is our own running loop, else
    waited for. Nothing happens for the in-memory layer when no socket listens here."""
    running = _running_loop()
    loop = server_loop()
    if loop is None:
        if _needs_server_loop(layer):
            return
        loop, layer = sender_loop(), _sender_layer(layer)
    coro = make_coro(layer)
    if loop is running:
        # Sync code on the server loop itself: waiting would stall it, so schedule.
        task = loop.create_task(coro)
        _pending.add(task)
        task.add_done_callback(_pending.discard)
        return
    # Wait, so that two changes sent one after the other arrive in that order.
    asyncio.run_coroutine_threadsafe(coro, loop).result(timeout=SEND_TIMEOUT_SECONDS)


def groups_send(sends: list[tuple[str, dict]]) -> None:
    """Sends ``(group, message)`` pairs that are not match snapshots (the alerts of a person's
    own socket, ``gameplatform.alerts.notify``; the chat, ``chat.realtime``) from sync code anywhere, through the same loops
    as the broadcasts, without their per-match ordering. Never raises: failures are logged."""
    try:
        layer = get_channel_layer()
        if layer is None or not sends:
            return
        if _needs_server_loop(layer) and server_loop() is None:
            return  # in-memory layer and no socket in this process
        _submit(layer, lambda target: _send_all(target, sends))
    except Exception:
        log.exception("send to %s failed", ", ".join(group for group, _ in sends[:3]))


async def _send_in_order(layer, sends: list[tuple[str, dict]]) -> None:
    loop = asyncio.get_running_loop()
    with _orders_lock:
        order = _orders.get(loop)
        if order is None:
            order = _orders[loop] = _MatchOrder()
    last = sends[-1][1] if sends else {}
    await order.send(layer, last.get("match"), last.get("version"), sends)


class _MatchOrder:
    """The broadcasts of one event loop: those of one match one at a time, first come first
    served (``asyncio.Lock`` is fair), the groups of one broadcast concurrently, and never a
    version older than one this loop sent for the match in the last
    ``ORDER_MEMORY_SECONDS``. Used only from its loop's thread."""

    def __init__(self):
        # match id -> [lock, broadcasts holding or awaiting it]
        self.locks: dict[int, list] = {}
        # match id -> (last version sent, time.monotonic() then), oldest first
        self.sent: OrderedDict[int, tuple[int, float]] = OrderedDict()

    async def send(self, layer, match_id: int | None, version: int | None, sends: list[tuple[str, dict]]) -> None:
        """Sends ``sends``, unless a later version of the match went out before. Raises the
        first error of a group's send once every group was tried."""
        if match_id is None or version is None:
            await _send_all(layer, sends)
            return
        entry = self.locks.get(match_id)
        if entry is None:
            entry = self.locks[match_id] = [asyncio.Lock(), 0]
        entry[1] += 1
        try:
            async with entry[0]:
                now = time.monotonic()
                while self.sent and next(iter(self.sent.values()))[1] < now - ORDER_MEMORY_SECONDS:
                    self.sent.popitem(last=False)
                last = self.sent.get(match_id)
                if last is not None and version < last[0]:
                    return  # a later version went out already: this one would go backwards
                self.sent[match_id] = (version, now)
                self.sent.move_to_end(match_id)
                await _send_all(layer, sends)
        finally:
            entry[1] -= 1
            if not entry[1]:
                del self.locks[match_id]


async def _send_all(layer, sends: list[tuple[str, dict]]) -> None:
    results = await asyncio.gather(*(layer.group_send(group, message) for group, message in sends),
                                   return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
