"""Decoded states of the process's recent matches, keyed by version (issue 29, point 2).

A bot turn used to read the match row and its seats and decode the state to choose, right
after the same process had committed that very state with its move. This cache keeps what a
move committed: ``(version, game, state, seats)`` per match, put there by an after-commit
subscriber (``matches.subscribers.state_remember``), so nothing uncommitted is ever in it.

It is never trusted over the database: an entry is used only for the exact version the caller
read from the database (the bot runner's claim returns each match's version), a version is
only ever produced once with one state, and the move the bot chooses goes through
``submit_action``, which locks the row and checks the version, the seat and the engine's
rules again. A miss (another process made the move, the entry was evicted) reads the database
as before. The states are the engines' own immutable values (the protocol's ``apply``
returns a new state, which is what lets bots simulate from one state thousands of times), so
readers share them. Thread-safe; bounded to ``CAPACITY`` matches, least recently used out.

Only on PostgreSQL, whose ids are never used twice: SQLite (the embedded mode) gives a new
row the highest id plus one, so after a delete ``(id, version)`` could name another match's
state. Elsewhere ``remember`` keeps nothing and ``get`` always misses.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.db import connection

# Matches kept per process: a worker playing 1,000 live matches keeps them all; an entry is a
# decoded state and its seat rows (a few KiB to a few tens of KiB).
CAPACITY = 2048


@dataclass(frozen=True)
class Entry:
    """A committed version of one match: ``game`` (slug), ``state`` (the engine's decoded
    state), ``seats`` (the ``Seat`` rows in index order as that move saw them, read-only)."""

    version: int
    game: str
    state: Any
    seats: tuple


_lock = threading.Lock()
_entries: OrderedDict[int, Entry] = OrderedDict()


def remember(match_id: int, entry: Entry) -> None:
    """Keeps ``entry`` as the latest committed version of ``match_id`` (an older version
    than the one kept is ignored)."""
    if not usable():
        return
    with _lock:
        old = _entries.get(match_id)
        if old is not None and old.version > entry.version:
            return
        _entries[match_id] = entry
        _entries.move_to_end(match_id)
        while len(_entries) > CAPACITY:
            _entries.popitem(last=False)


def get(match_id: int, version: int) -> Entry | None:
    """The entry of ``match_id`` at exactly ``version``, else None (a miss)."""
    if not usable():
        return None
    with _lock:
        entry = _entries.get(match_id)
        if entry is None or entry.version != version:
            return None
        _entries.move_to_end(match_id)
        return entry


def usable() -> bool:
    """True where a match id is never given twice (PostgreSQL's sequences)."""
    return connection.vendor == "postgresql"


def forget(match_id: int) -> None:
    """Drops ``match_id`` (its match ended, or a bot's choice from the entry was refused:
    the next look reads the database)."""
    with _lock:
        _entries.pop(match_id, None)


def clear() -> None:
    """Empties the cache (tests)."""
    with _lock:
        _entries.clear()
