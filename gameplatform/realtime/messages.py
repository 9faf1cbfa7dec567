"""Strict parsing of client -> server WebSocket messages (docs/contracts.md, "WebSocket").

Accepted, exactly (no other keys):

- ``{"type": "action", "action": {"type": str, ...}, "expected_version": int >= 0,
  "client_action_id": str (1-64 chars)}``, its fields checked by
  ``matches.inputs.parse_action_input`` (the REST API's parser too)
- ``{"type": "sync"}``
- ``{"type": "resume"}``

Anything else raises ``ClientError(code, message, field)`` whose message names the field;
the consumer turns it into ``{"type": "error", "code", "message", "field"}``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from gameplatform.matches.errors import ServiceError
from gameplatform.matches.inputs import parse_action_input, valid_client_action_id

# Frames above this many characters are refused unread (an action is at most 4,000), with an
# error naming the limit, then the close code 1009 ("message too big", RFC 6455). Daphne
# itself closes a frame over 1 MiB with 1009 before it reaches us.
MAX_FRAME_CHARS = 16_384
CLOSE_TOO_BIG = 1009
MESSAGE_TYPES = ("action", "sync", "resume")
FIELDS = {"action": {"type", "action", "expected_version", "client_action_id"}, "sync": {"type"}, "resume": {"type"}}

MALFORMED = "malformed"
TOO_LARGE = "message_too_large"
UNKNOWN_TYPE = "unknown_type"
MISSING_FIELD = "missing_field"
INVALID_FIELD = "invalid_field"
UNEXPECTED_FIELD = "unexpected_field"

MSG_BINARY = _("Messages must be JSON text frames, not binary ones.")
MSG_TOO_LARGE = (
    "Messages are limited to {limit} characters; this one had {size}. The socket closes (1009): "
    "reconnect to go on."
)
MSG_NOT_JSON = _("Messages must be valid JSON.")
MSG_NOT_OBJECT = _("Messages must be JSON objects with a 'type' field.")
MSG_TYPE_MISSING = _("Field 'type' is required: one of action, sync, resume.")
MSG_TYPE_UNKNOWN = _("Field 'type' must be one of action, sync, resume.")
MSG_FIELD_UNEXPECTED = _("Field '{field}' is not part of a '{kind}' message.")


class FrameTooLarge(Exception):
    """A frame over ``MAX_FRAME_CHARS``: the consumer sends ``{"type": "error", "code":
    "message_too_large", "message", "limit"}`` and closes the socket with ``CLOSE_TOO_BIG``."""

    code = TOO_LARGE

    def __init__(self, size: int):
        self.size = size
        self.limit = MAX_FRAME_CHARS
        self.message = MSG_TOO_LARGE.format(limit=MAX_FRAME_CHARS, size=size)
        super().__init__(self.message)


class ClientError(Exception):
    """A client message the server refuses. ``code``: stable slug; ``message``: names the
    field; ``field``: the offending field or None; ``client_action_id``: echoed when known."""

    def __init__(self, code: str, message: str, field: str | None = None, client_action_id: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.client_action_id = client_action_id


@dataclass(frozen=True)
class ClientMessage:
    """A parsed client message; the action fields are set only for ``kind == "action"``."""

    kind: str
    action: dict | None = None
    expected_version: int | None = None
    client_action_id: str | None = None


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


def parse_message(content: object) -> ClientMessage:
    """Validates a decoded client message; raises ``ClientError`` naming the first bad field."""
    if not isinstance(content, dict):
        raise ClientError(MALFORMED, MSG_NOT_OBJECT)
    kind = content.get("type")
    if "type" not in content:
        raise ClientError(MISSING_FIELD, MSG_TYPE_MISSING, "type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise ClientError(UNKNOWN_TYPE, MSG_TYPE_UNKNOWN, "type")
    # A well-formed client_action_id is echoed on every error about this message.
    cid = content.get("client_action_id")
    cid = cid if _valid_client_action_id(cid) else None
    extra = sorted(set(content) - FIELDS[kind])
    if extra:
        field = extra[0][:40]  # echo at most 40 characters of what the client sent
        raise ClientError(UNEXPECTED_FIELD, MSG_FIELD_UNEXPECTED.format(field=field, kind=kind), field, cid)
    if kind != "action":
        return ClientMessage(kind=kind)
    try:  # the action's fields: the parser the REST API uses too
        move = parse_action_input(content, require_client_action_id=True, extra_fields=("type",))
    except ServiceError as exc:
        raise ClientError(exc.code, exc.message, exc.field, cid)
    return ClientMessage(kind=kind, action=move.action, expected_version=move.expected_version,
                         client_action_id=move.client_action_id)


def _valid_client_action_id(value: object) -> bool:
    return valid_client_action_id(value)
