"""JSON text for the hot paths (issue 29): every move's frames, built once per audience in
the process that broadcasts, and every message a socket sends. ``orjson`` (a well-kept C
library, several times faster than the standard library's encoder) with the standard
library's behaviour where they differ: non-string keys become strings, and a value orjson
refuses (an integer beyond 64 bits, a lazy translation) is encoded by ``json.dumps``, which
raises ``TypeError`` as before for what JSON cannot hold."""
from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (``str``); raises ``TypeError`` for what JSON cannot
    hold."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``; raises ``ValueError`` (``orjson.JSONDecodeError`` is one)."""
    return orjson.loads(text)
