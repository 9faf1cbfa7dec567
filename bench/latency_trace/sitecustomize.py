"""Timestamps inside the services for ``bench/latency.py --trace`` (never imported otherwise).

``bench/latency.py --trace`` puts this folder first on the services' ``PYTHONPATH`` and sets
``HEXAGORA_LATENCY_TRACE`` to a path prefix; Python then imports this module at start-up in
the Celery worker and Daphne processes. It wraps, once Django imports them:

- ``gameplatform.realtime.broadcast.match_changed`` and ``_deliver``: a line
  ``B <match> <version> <start> <deliver start> <end>`` per broadcast (Unix seconds): after
  commit, ``start`` to ``deliver start`` builds the messages (the views; a query only when
  the caller passed no snapshot table), then ``_deliver`` hands them to the channel layer;
- ``gameplatform.web.match_socket.MatchConsumer.match_state``: a line
  ``D <match> <version> <seat> <in> <out>`` per message a socket's consumer forwards.

Each process appends to ``<prefix>.<pid>``. A name that is missing (the code moved on) is
skipped, so the bench still runs and the breakdown just lacks that part.
"""
import importlib.abc
import importlib.machinery
import os
import sys
import threading
import time

PREFIX = os.environ.get("HEXAGORA_LATENCY_TRACE", "")
_local = threading.local()
_files = {}
_files_lock = threading.Lock()


def _write(line: str) -> None:
    pid = os.getpid()
    with _files_lock:
        out = _files.get(pid)
        if out is None:
            out = _files[pid] = open(f"{PREFIX}.{pid}", "a", buffering=1)
        out.write(line + "\n")


def _wrap_broadcast(module) -> None:
    changed, deliver = getattr(module, "match_changed", None), getattr(module, "_deliver", None)
    if changed is None or deliver is None:
        return

    def match_changed(match_id, version, events, **kwargs):
        _local.stamps = [time.time(), 0.0]
        changed(match_id, version, events, **kwargs)
        start, handed = _local.stamps
        _write(f"B {match_id} {version} {start:.6f} {handed:.6f} {time.time():.6f}")

    def _deliver(layer, sends):
        stamps = getattr(_local, "stamps", None)
        if stamps is not None:
            stamps[1] = time.time()
        return deliver(layer, sends)

    module.match_changed, module._deliver = match_changed, _deliver


def _wrap_consumers(module) -> None:
    consumer = getattr(module, "MatchConsumer", None)
    forward = getattr(consumer, "match_state", None)
    if forward is None:
        return

    async def match_state(self, event):
        start = time.time()
        await forward(self, event)
        _write(f"D {event.get('match')} {event.get('version')} {getattr(self, 'seat_index', None)} "
               f"{start:.6f} {time.time():.6f}")

    consumer.match_state = match_state


WRAPPERS = {"gameplatform.realtime.broadcast": _wrap_broadcast, "gameplatform.web.match_socket": _wrap_consumers}


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the wrapped modules normally, then wraps them right after they execute."""

    def find_spec(self, name, path, target=None):
        if name not in WRAPPERS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        execute = spec.loader.exec_module

        def exec_module(module):
            execute(module)
            WRAPPERS[name](module)

        spec.loader.exec_module = exec_module
        return spec


if PREFIX:
    sys.meta_path.insert(0, _Finder())
