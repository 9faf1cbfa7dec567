"""The ``state`` frames of a broadcast, encoded once (issue 29, point 2).

Each socket used to get the snapshot as a structure in its group message, unpack it from the
channel layer, render the view's texts in its language and encode it to JSON: three passes
over the whole snapshot per socket per move. Now the process that broadcasts encodes each
audience's frame once, in English (the engine's view is English already: ``view_texts
.localized``), and the group message carries it as text:

    {"type": "match.state", "match": 12, "version": 40, "status": "active",
     "frame": '{"type":"state",...}',        # what an English socket sends as it is
     "extra": '{"texts":...,"seats":...}',   # what another language renders from, or None
     "user_id": 5, "seat_users": [5, 9]}

An English socket sends ``frame`` unread. A socket in another language renders the view's
``texts`` and the seats' bot names (``localized``, from the snapshot's own ``extra``) once per
match, version, audience and language in its process (``frame_for``: the spectators of a
match in one language share it). ``frame`` never holds ``"texts"``; ``user_id`` and
``seat_users`` never reach a client.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from django.utils import translation

from gameplatform.core import jsonfast
from gameplatform.i18n.view_texts import SOURCE_LANGUAGE, localize_view, localized, localized_seats

# The broadcasts' message type: MatchConsumer.match_state handles it.
MESSAGE_TYPE = "match.state"
# Frames kept per process for languages other than English: a few per live match and language.
FRAME_MEMORY = 4096

_frames: OrderedDict[tuple, str] = OrderedDict()
_frames_lock = threading.Lock()


def state_message(match_id: int, snapshot: dict, *, user_id: int | None, seat_users: list[int]) -> dict:
    """The group message of ``snapshot`` (a ``SnapshotTable.snapshot``, its view English with
    its ``"texts"``) for the sockets of ``user_id`` (None: the spectators)."""
    with translation.override(SOURCE_LANGUAGE):
        english = localized(snapshot)
    extra = None
    if "texts" in snapshot or "seats" in snapshot:
        extra = jsonfast.dumps({"texts": snapshot.get("texts"), "seats": snapshot.get("seats")})
    return {
        "type": MESSAGE_TYPE, "match": match_id, "version": snapshot["version"], "status": snapshot["status"],
        "frame": jsonfast.dumps({"type": "state", **english}), "extra": extra,
        "user_id": user_id, "seat_users": seat_users,
    }


def frame_for(message: dict, language: str | None) -> str:
    """The ``state`` frame of ``message`` (``state_message``) in ``language`` (the active
    one when None): the English frame itself, else rendered from it and ``extra`` once per
    match, version, audience and language in this process."""
    language = language or translation.get_language() or SOURCE_LANGUAGE
    if language == SOURCE_LANGUAGE or not message.get("extra"):
        return message["frame"]
    key = (message["match"], message["version"], message["user_id"], language)
    with _frames_lock:
        frame = _frames.get(key)
        if frame is not None:
            _frames.move_to_end(key)
            return frame
    state, extra = jsonfast.loads(message["frame"]), jsonfast.loads(message["extra"])
    with translation.override(language):
        if extra.get("texts"):
            state["view"] = localize_view(state.get("view"), extra["texts"])
        if "seats" in state:
            state["seats"] = localized_seats(extra.get("seats"))
    frame = jsonfast.dumps(state)
    with _frames_lock:
        _frames[key] = frame
        while len(_frames) > FRAME_MEMORY:
            _frames.popitem(last=False)
    return frame


def message_snapshot(message: dict, language: str | None = None) -> dict:
    """What a socket in ``language`` shows of ``message``: its frame without ``"type"``
    (tests compare it with ``selectors.match_snapshot``)."""
    state = jsonfast.loads(frame_for(message, language))
    state.pop("type", None)
    return state
