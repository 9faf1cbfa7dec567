"""Engines' texts in the reader's language, translated where the platform meets the engine.

Engines are pure Python (no Django): they raise ``IllegalAction`` / ``OptionsError`` with an
English message and a stable code (``games.protocol``). Their texts are collected by
``manage.py makemessages`` from the engines' sources: the second argument of every
``Rule(code, message)`` and ``IllegalAction(code, message)`` and anything wrapped in
``games.protocol.gettext_noop`` (a no-op marker). The platform translates the English text
here with ``gettext``; a text that has no entry (a newer engine's) stays English.
"""
from __future__ import annotations

from django.utils.translation import gettext


def engine_text(message: str, params: dict | None = None) -> str:
    """``message`` (an engine's English text, with ``{name}`` fields filled from ``params``
    when given) in the active language. Never raises: a translation whose fields do not match
    ``params`` falls back to the English text."""
    text = gettext(message) if message else message
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return message.format(**params)
