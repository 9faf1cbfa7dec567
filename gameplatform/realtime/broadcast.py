"""Live updates after a commit: every seat's sockets get that seat's snapshot, spectators the
public one (docs/contracts.md, "Match snapshot" and "WebSocket").

``match_changed(match_id, version, events)`` is what services call in
``transaction.on_commit``. It loads the match and its seats in one query, decodes the state
once, computes one view per seat plus the spectator view, and sends
``{"type": "match.state", "snapshot": <snapshot without "type">, "user_id": ..., "seat_users": [...]}``
to ``match.<id>.seat.<i>`` for each seated person and to ``match.<id>.public``.
``MatchConsumer.match_state`` forwards it as a ``state`` message.

Who may see what (hidden information): a seat's message holds ``engine.view(state, i)`` and
``visible_events(events, i)``; the public message ``engine.view(state, None)`` and only public
events; the seed only once the match is finished. ``user_id`` (the seat's owner) lets the
consumer drop a seat message that reaches a socket of somebody else (a seat that changed
hands after the socket joined its group). ``user_id`` and ``seat_users`` never reach a client.

Where it runs, and how the send reaches the sockets:

(a) a sync Django view or service in Daphne's thread pool, or (b) a Celery worker process
    with channels-redis: ``async_to_sync(group_send)``;
(c) the embedded mode: a Celery worker thread inside the Daphne process with the
    ``InMemoryChannelLayer``. Its asyncio queues belong to Daphne's event loop and are not
    thread-safe, so the send is scheduled on that loop with ``run_coroutine_threadsafe``.
    The loop is recorded by ``server_loop_record`` when a consumer connects; with no loop
    recorded no socket listens in this process, and the broadcast is skipped.
    The in-memory layer always takes this road (also in a), which is equally right there.
Called from sync code on the thread of a running event loop (which Django allows only with
``DJANGO_ALLOW_ASYNC_UNSAFE``), it never blocks on that loop: on the server loop the send
is scheduled as a task, and a cross-process layer sends from a helper thread.
"""
from __future__ import annotations

import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import SnapshotTable

log = logging.getLogger(__name__)

# The consumer method that handles these messages: MatchConsumer.match_state.
MESSAGE_TYPE = "match.state"
# How long a foreign thread waits for the server loop to take the messages (seconds).
SEND_TIMEOUT_SECONDS = 5.0

_loop_lock = threading.Lock()
_server_loop: asyncio.AbstractEventLoop | None = None
# Tasks scheduled on a running loop are kept referenced until they finish.
_pending: set[asyncio.Task] = set()


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


def match_changed(match_id: int, version: int, events: list) -> None:
    """Send the change that produced ``version`` to every socket watching match ``match_id``.

    ``events``: the action's events, private ones marked ``visible_to`` (each group gets
    only what ``games.protocol.visible_events`` lets it see). Skipped when the match has
    already moved past ``version`` (the newer change is broadcast by its own commit, and a
    client that sees the version gap sends ``sync``), when no channel layer is configured,
    and in-memory when no socket listens in this process. Never raises: the change is
    committed, and a socket that missed it catches up with ``sync``; failures are logged.
    """
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        if _needs_server_loop(layer) and server_loop() is None:
            return  # in-memory layer and no socket in this process: nobody to tell
        sends = match_messages(match_id=match_id, version=version, events=events)
        if sends:
            _deliver(layer, sends)
    except Exception:
        log.exception("broadcast of match %s version %s failed", match_id, version)


def match_messages(*, match_id: int, version: int, events: list) -> list[tuple[str, dict]]:
    """The ``(group, message)`` pairs for ``version`` of the match: one per seated person,
    then the public one; [] when the match is gone or no longer at ``version``.

    One query (seats with their match and users); the state is decoded once and each view
    computed once. The snapshots equal ``selectors.match_snapshot`` for the same seat, with
    ``events`` taken from the arguments instead of the last ``MoveRecord``.
    """
    seats = list(
        Seat.objects.filter(match_id=match_id).select_related("match", "user").order_by("index")
    )
    if seats:
        match = seats[0].match
    else:
        match = Match.unscoped.filter(pk=match_id).first()
        if match is None:
            return []
    if match.version != version:
        return []
    table = SnapshotTable(match, seats)

    def snapshot(idx: int | None) -> dict:
        return table.snapshot(idx, events)

    # The people whose sockets belong in a seat group (selectors.seat_of: not a bot seat).
    seated = [s for s in seats if s.user_id is not None and not s.is_bot]
    seat_users = [s.user_id for s in seated]
    sends = [
        (group_seat(match.pk, s.index),
         {"type": MESSAGE_TYPE, "snapshot": snapshot(s.index), "user_id": s.user_id, "seat_users": seat_users})
        for s in seated
    ]
    sends.append(
        (group_public(match.pk),
         {"type": MESSAGE_TYPE, "snapshot": snapshot(None), "user_id": None, "seat_users": seat_users})
    )
    return sends


def _needs_server_loop(layer) -> bool:
    """True for layers whose queues live on one event loop (the in-process layer)."""
    return isinstance(layer, InMemoryChannelLayer)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _deliver(layer, sends: list[tuple[str, dict]]) -> None:
    """Send ``sends`` in order through ``layer`` from whatever thread we are on."""

    async def send_all():
        for group, message in sends:
            await layer.group_send(group, message)

    running = _running_loop()
    if _needs_server_loop(layer):
        loop = server_loop()
        if loop is None:
            return
        if loop is running:
            # Sync code on the server loop itself: waiting would stall it, so schedule.
            task = loop.create_task(send_all())
            _pending.add(task)
            task.add_done_callback(_pending.discard)
            return
        # Wait, so that two changes sent one after the other arrive in that order.
        asyncio.run_coroutine_threadsafe(send_all(), loop).result(timeout=SEND_TIMEOUT_SECONDS)
        return
    if running is None:
        async_to_sync(send_all)()
        return
    # Sync code on some event loop's thread (DJANGO_ALLOW_ASYNC_UNSAFE, e.g. Playwright's
    # sync API in a test): async_to_sync refuses to run here, so a helper thread sends.
    sender = threading.Thread(target=async_to_sync(send_all), name="hexagora-broadcast")
    sender.start()
    sender.join(SEND_TIMEOUT_SECONDS)
