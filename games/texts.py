"""The player texts of views, kept translatable (pure Python, no Django, no gettext calls).

An engine's view holds English strings (``phase_text``, seat ``summary`` and ``colour_name``,
move labels...): bots, tests and tools read them as they are. So that the platform can show
them in the reader's language, the engine's ``view_texts(state, seat)`` hook
(``games.protocol.EngineBase``) tells where those strings are and what they are made of:
``{path: spec}``, ``path`` being the keys down to the string, dotted (``"phase_text"``,
``"seats.2.summary"``, ``"moves.0.label"``; list positions are numbers). A spec is

- ``{"text": msgid, "params": {...}}``: an English template with ``{name}`` fields
  (``params`` may be left out). A param is a number, a plain ``str`` shown as it is (a word, a
  card code) or a nested spec, rendered first;
- ``{"text": singular, "plural": plural, "n": count, "params": {...}}``: a text with a plural
  (``plural(...)``; ``{n}`` is the count);
- ``{"join": " · ", "parts": [spec, ...]}``: specs rendered and joined;
- ``{"text": msgid, "context": ctx, ...}``: translated with its context (``in_context``);
- any spec may carry ``"capitalize": True`` (its first letter upper-cased once rendered).

``render(spec)`` is the English string the view holds; the platform renders the same spec
with its ``gettext`` / ``ngettext`` (``gameplatform.i18n.view_texts``). The msgids are module
constants of the game's ``engine/texts.py`` (plain ``str``, ``Plural`` or ``InContext``, or dicts, tuples,
lists of them), which ``makemessages`` gathers (``gameplatform.i18n.collect``);
``gettext_noop`` marks a text for the reader of the code and returns it unchanged.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple


def gettext_noop(message: str) -> str:
    """The no-op marker of an engine text: returns ``message`` unchanged."""
    return message


class InContext(NamedTuple):
    """A text whose English word has several meanings: translated with its ``context``
    (``pgettext``), e.g. ``InContext("Hexal star colour", "blue")``."""

    context: str
    message: str


class Plural(NamedTuple):
    """A text with a singular and a plural English form, e.g. ``("{n} card", "{n} cards")``."""

    singular: str
    plural: str


def text(message: str, **params) -> dict:
    """The spec of ``message`` (a template) with its ``params``."""
    return {"text": message, "params": params} if params else {"text": message}


def in_context(entry: InContext, **params) -> dict:
    """The spec of an ``InContext`` text (a template too) with its ``params``."""
    return {**text(entry.message, **params), "context": entry.context}


def plural(forms: Plural, n: int, **params) -> dict:
    """The spec of ``forms`` for the count ``n`` (the ``{n}`` field), with other ``params``."""
    return {"text": forms.singular, "plural": forms.plural, "n": n, "params": {"n": n, **params}}


def join(parts: Iterable[dict], sep: str = " · ") -> dict:
    """The spec of ``parts`` joined by ``sep`` (not translated)."""
    return {"join": sep, "parts": list(parts)}


def capitalized(spec: dict) -> dict:
    """``spec`` with its first letter upper-cased once rendered."""
    return {**spec, "capitalize": True}


AND = gettext_noop("{first} and {last}")  # shared by every game (and_list)


def and_list(parts: list[dict]) -> dict:
    """The spec of ``parts`` as "A and B and C" (the English of ``" and ".join``); one part
    is itself; none is ``text("")``."""
    if not parts:
        return text("")
    out = parts[0]
    for part in parts[1:]:
        out = text(AND, first=out, last=part)
    return out


def _english(message: str) -> str:
    return message


def _english_n(singular: str, plural_form: str, n: int) -> str:
    return singular if n == 1 else plural_form


def _english_p(context: str, message: str) -> str:
    return message


def render(spec: dict, gettext: Callable[[str], str] = _english,
           ngettext: Callable[[str, str, int], str] = _english_n,
           pgettext: Callable[[str, str], str] = _english_p) -> str:
    """``spec`` as a string: in English by default, else with the given ``gettext``,
    ``ngettext`` and ``pgettext``. A translation whose fields do not match the params falls
    back to English."""
    if "join" in spec:
        out = spec["join"].join(render(p, gettext, ngettext, pgettext) for p in spec["parts"])
    else:
        message = spec["text"]
        if "plural" in spec:
            english = _english_n(message, spec["plural"], spec["n"])
            translated = ngettext(message, spec["plural"], spec["n"])
        elif "context" in spec:
            english, translated = message, pgettext(spec["context"], message)
        else:
            english, translated = message, gettext(message) if message else message
        raw = spec.get("params")
        if raw:
            params = {k: render(v, gettext, ngettext, pgettext) if isinstance(v, dict) else v for k, v in raw.items()}
            try:
                out = translated.format(**params)
            except (KeyError, IndexError, ValueError):
                out = english.format(**params)
        else:
            out = translated
    if spec.get("capitalize") and out:
        out = out[0].upper() + out[1:]
    return out


def msgids(spec: dict) -> Iterable[str | Plural | InContext]:
    """Every msgid a spec uses (a ``str``, a ``Plural`` for a text with a plural, an
    ``InContext`` for one with a context)."""
    if "join" in spec:
        for part in spec["parts"]:
            yield from msgids(part)
        return
    if "plural" in spec:
        yield Plural(spec["text"], spec["plural"])
    elif "context" in spec:
        yield InContext(spec["context"], spec["text"])
    else:
        yield spec["text"]
    for value in (spec.get("params") or {}).values():
        if isinstance(value, dict):
            yield from msgids(value)


def at_path(view: dict, path: str):
    """The value at a dotted ``path`` of ``view`` (list positions are numbers); raises
    ``KeyError`` / ``IndexError`` / ``ValueError`` when it is not there."""
    node = view
    for key in path.split("."):
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node
