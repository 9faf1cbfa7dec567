"""The engines' view texts in the reader's language, where views leave the server.

A snapshot (``matches.selectors.SnapshotTable.snapshot``) or a replay step carries, beside
its English ``view``, the engine's ``view_texts`` under ``"texts"`` (``games.texts``: dotted
path -> spec). ``localized(payload)`` is the one function every exit applies (the REST
snapshot, the match page, the socket's ``state`` messages, the replay's steps): it returns the
payload without ``"texts"``, its view a copy with each path's string rendered with
``gettext`` / ``ngettext`` / ``pgettext`` in the active language. Engine texts without an entry stay English.
"""
from __future__ import annotations

from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.texts import render

from .phrases import bot_name

# The language the engines write their views in: a view needs no rendering for it.
SOURCE_LANGUAGE = "en"


def localize_view(view: dict | None, texts: dict | None) -> dict | None:
    """A copy of ``view`` whose strings at the paths of ``texts`` are in the active language
    (only the containers on those paths are copied; ``view`` is not changed). A path that is
    not in the view is skipped."""
    if not view or not texts:
        return view
    out = dict(view)
    copied: set[tuple] = {()}
    for path, spec in texts.items():
        keys = path.split(".")
        node, trail = out, ()
        try:
            for key in keys[:-1]:
                index = int(key) if isinstance(node, list) else key
                trail += (key,)
                child = node[index]
                if trail not in copied:
                    child = list(child) if isinstance(child, list) else dict(child)
                    node[index] = child
                    copied.add(trail)
                node = child
            last = int(keys[-1]) if isinstance(node, list) else keys[-1]
            if isinstance(node[last], str):
                node[last] = render(spec, gettext, ngettext, pgettext)
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    return out


def localized_seats(seats: list[dict] | None) -> list[dict] | None:
    """The platform's seat list (``selectors.seat_public``) with a bot seat's name, English
    "<kind> bot", in the active language (``phrases.bot_name``: "bot fort")."""
    if not seats:
        return seats
    out = []
    for seat in seats:
        kind = seat.get("bot_kind") or ""
        if seat.get("is_bot") and kind and seat.get("name") == f"{kind} bot":
            seat = {**seat, "name": bot_name(kind)}
        out.append(seat)
    return out


def localized(payload: dict) -> dict:
    """``payload`` (a snapshot or a replay step) without ``"texts"``, its ``view`` localized
    and, for a snapshot, its bots' seat names (``localized_seats``, with or without texts).
    In English (``SOURCE_LANGUAGE``) the view is already what the texts render to (the
    conformance suite checks ``render(spec)`` against it, tests/i18n checks Django's English):
    it is kept as it is, which spares every English socket a rendering per move (issue 29)."""
    out = {key: value for key, value in payload.items() if key != "texts"}
    if "texts" in payload and get_language() != SOURCE_LANGUAGE:
        out["view"] = localize_view(payload.get("view"), payload["texts"])
    if "seats" in out:
        out["seats"] = localized_seats(out["seats"])
    return out
