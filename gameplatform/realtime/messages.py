"""Strict parsing of client -> server WebSocket messages (docs/contracts.md, "WebSocket").

Accepted, exactly (no other keys):

- ``{"type": "action", "action": {"type": str, ...}, "expected_version": int >= 0,
  "client_action_id": str (1-64 chars)}``, its fields checked by
  ``matches.inputs.parse_action_input`` (the REST API's parser too)
- ``{"type": "sync"}``
- ``{"type": "resume"}``
- ``{"type": "hint"}`` (issue 30, point 4: answered with ``{"type": "hint", ...}`` or an error)
- the chat's (``CHAT_TYPES``; also the lobby socket's only ones, ``chat.consumers``):
  ``{"type": "chat", "text": str, "client_message_id"?: str (1-64 chars)}``,
  ``{"type": "chat_sync"}``,
  ``{"type": "chat_mute", "user": str}``, ``{"type": "chat_unmute", "user": str}``,
  ``{"type": "chat_report", "message": int >= 1, "reason": str}`` (values checked again by
  ``chat.services``)

Anything else raises ``ClientError(code, message, field)`` whose message names the field;
the consumer turns it into ``{"type": "error", "code", "message", "field"}``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from gameplatform.core.errors import ServiceError
from gameplatform.matches.inputs import parse_action_input, valid_client_action_id

# Frames above this many characters are refused unread (an action is at most 4,000), with an
# error naming the limit, then the close code CLOSE_TOO_BIG: RFC 6455's 1009 ("message too
# big") moved to the application range, as Daphne refuses any code an application sends
# other than 1000 and 3000-4999 (``realtime.sockets.SocketConsumer`` applies it). Daphne
# itself refuses a frame over its own limit (1 MiB) before it reaches us: docs/contracts.md,
# "WebSocket close codes".
MAX_FRAME_CHARS = 16_384
CLOSE_TOO_BIG = 4009
CHAT_TYPES = ("chat", "chat_sync", "chat_mute", "chat_unmute", "chat_report")
MESSAGE_TYPES = ("action", "sync", "resume", "hint", *CHAT_TYPES)
FIELDS = {
    "action": {"type", "action", "expected_version", "client_action_id"}, "sync": {"type"}, "resume": {"type"}, "hint": {"type"},
    "chat": {"type", "text", "client_message_id"}, "chat_sync": {"type"}, "chat_mute": {"type", "user"},
    "chat_unmute": {"type", "user"}, "chat_report": {"type", "message", "reason"},
}
# The required fields of a chat message and the JSON type each must have.
CHAT_FIELDS = {
    "chat": {"text": str}, "chat_sync": {}, "chat_mute": {"user": str}, "chat_unmute": {"user": str},
    "chat_report": {"message": int, "reason": str},
}

MALFORMED = "malformed"
TOO_LARGE = "message_too_large"
UNKNOWN_TYPE = "unknown_type"
MISSING_FIELD = "missing_field"
INVALID_FIELD = "invalid_field"
UNEXPECTED_FIELD = "unexpected_field"

MSG_BINARY = _("Messages must be JSON text frames, not binary ones.")
MSG_NOT_JSON = _("Messages must be valid JSON.")
MSG_NOT_OBJECT = _("Messages must be JSON objects with a 'type' field.")
MSG_TYPE_MISSING = _("Field 'type' is required: one of {types}.")
MSG_TYPE_UNKNOWN = _("Field 'type' must be one of {types}.")
MSG_FIELD_UNEXPECTED = _("Field '{field}' is not part of a '{kind}' message.")
MSG_FIELD_MISSING = _("Field '{field}' is required in a '{kind}' message.")
MSG_FIELD_TYPE = _("Field '{field}' must be {what}.")
MSG_ID_INVALID = _("Field '{field}' must be text of 1 to 64 characters.")
WHAT = {str: _("text"), int: _("a whole number of at least 1")}


class FrameTooLarge(Exception):
    """A frame over ``MAX_FRAME_CHARS``: the socket sends ``{"type": "error", "code":
    "message_too_large", "message", "limit"}`` and closes with ``CLOSE_TOO_BIG`` (4009)."""

    code = TOO_LARGE

    def __init__(self, size: int):
        self.size = size
        self.limit = MAX_FRAME_CHARS
        self.message = ngettext(
            "Messages are limited to {limit} character; this one had {size}. The socket closes (4009): "
            "reconnect to go on.",
            "Messages are limited to {limit} characters; this one had {size}. The socket closes (4009): "
            "reconnect to go on.", MAX_FRAME_CHARS).format(limit=MAX_FRAME_CHARS, size=size)
        super().__init__(self.message)


class ClientError(Exception):
    """A client message the server refuses. ``code``: stable slug; ``message``: names the
    field; ``field``: the offending field or None; ``client_action_id`` (an action's) and
    ``client_message_id`` (a chat message's): echoed when known."""

    def __init__(self, code: str, message: str, field: str | None = None, client_action_id: str | None = None,
                 client_message_id: str | None = None):
        message = str(message)  # a lazy translation, in the language active where it is raised
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.client_action_id = client_action_id
        self.client_message_id = client_message_id


@dataclass(frozen=True)
class ClientMessage:
    """A parsed client message; the action fields are set only for ``kind == "action"``."""

    kind: str
    action: dict | None = None
    expected_version: int | None = None
    client_action_id: str | None = None
    # A chat message's fields (CHAT_FIELDS), by name, and its client message id (optional).
    fields: dict | None = None
    client_message_id: str | None = None


def check_frame_size(text_data: str | None, bytes_data: bytes | None) -> None:
    """Raises ``FrameTooLarge`` for a frame (text: characters, binary: bytes) over the limit."""
    size = len(text_data) if text_data is not None else len(bytes_data or b"")
    if size > MAX_FRAME_CHARS:
        raise FrameTooLarge(size)


def decode_frame(text_data: str | None, bytes_data: bytes | None) -> object:
    """The JSON value of a text frame; raises ``FrameTooLarge`` for a huge frame and
    ``ClientError`` for binary frames or bad JSON."""
    check_frame_size(text_data, bytes_data)
    if text_data is None:
        raise ClientError(MALFORMED, MSG_BINARY)
    try:
        return json.loads(text_data)
    except (ValueError, RecursionError):
        raise ClientError(MALFORMED, MSG_NOT_JSON)


def parse_message(content: object, types: tuple[str, ...] = MESSAGE_TYPES) -> ClientMessage:
    """Validates a decoded client message, one of ``types``; raises ``ClientError`` naming
    the first bad field."""
    if not isinstance(content, dict):
        raise ClientError(MALFORMED, MSG_NOT_OBJECT)
    kind = content.get("type")
    if "type" not in content:
        raise ClientError(MISSING_FIELD, MSG_TYPE_MISSING.format(types=", ".join(types)), "type")
    if not isinstance(kind, str) or kind not in types:
        raise ClientError(UNKNOWN_TYPE, MSG_TYPE_UNKNOWN.format(types=", ".join(types)), "type")
    # A well-formed client_action_id (client_message_id) is echoed on every error about this
    # action (chat message).
    ids = echo_ids(content)
    cid, mid = ids.get("client_action_id"), ids.get("client_message_id")
    extra = sorted(set(content) - FIELDS[kind])
    if extra:
        field = extra[0][:40]  # echo at most 40 characters of what the client sent
        raise ClientError(UNEXPECTED_FIELD, MSG_FIELD_UNEXPECTED.format(field=field, kind=kind), field, cid, mid)
    if kind in CHAT_FIELDS:
        fields = _chat_fields(kind, content, mid)
        if "client_message_id" in content and mid is None:
            raise ClientError(INVALID_FIELD, MSG_ID_INVALID.format(field="client_message_id"), "client_message_id")
        return ClientMessage(kind=kind, fields=fields, client_message_id=mid)
    if kind != "action":
        return ClientMessage(kind=kind)
    try:  # the action's fields: the parser the REST API uses too
        move = parse_action_input(content, require_client_action_id=True, extra_fields=("type",))
    except ServiceError as exc:
        raise ClientError(exc.code, exc.message, exc.field, cid)
    return ClientMessage(kind=kind, action=move.action, expected_version=move.expected_version,
                         client_action_id=move.client_action_id)


def echo_ids(content: object) -> dict:
    """The ids a client gave a frame, to echo on any answer about it: ``{"client_action_id":
    id}`` of an action, ``{"client_message_id": id}`` of a chat message, when well-formed
    (1-64 characters); else {}."""
    if not isinstance(content, dict):
        return {}
    out = {}
    cid = content.get("client_action_id")
    if _valid_client_action_id(cid):
        out["client_action_id"] = cid
    mid = content.get("client_message_id")
    if content.get("type") == "chat" and _valid_client_action_id(mid):
        out["client_message_id"] = mid
    return out


def _chat_fields(kind: str, content: dict, mid: str | None) -> dict:
    """The fields of a chat message, each present and of its JSON type (an int is >= 1);
    errors echo ``mid``, the message's client id."""
    out = {}
    for field, kind_of in CHAT_FIELDS[kind].items():
        if field not in content:
            raise ClientError(MISSING_FIELD, MSG_FIELD_MISSING.format(field=field, kind=kind), field,
                              client_message_id=mid)
        value = content[field]
        wrong = not isinstance(value, kind_of) or isinstance(value, bool)
        if kind_of is int and not wrong:
            wrong = not 1 <= value < 2**63
        if wrong:
            raise ClientError(INVALID_FIELD, MSG_FIELD_TYPE.format(field=field, what=WHAT[kind_of]), field,
                              client_message_id=mid)
        out[field] = value
    return out


def _valid_client_action_id(value: object) -> bool:
    return valid_client_action_id(value)
