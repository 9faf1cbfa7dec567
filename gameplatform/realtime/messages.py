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

from gameplatform.matches.errors import ServiceError
from gameplatform.matches.inputs import parse_action_input, valid_client_action_id

# Frames above this many characters are refused unread (an action is at most 4,000).
MAX_FRAME_CHARS = 16_384
MESSAGE_TYPES = ("action", "sync", "resume")
FIELDS = {"action": {"type", "action", "expected_version", "client_action_id"}, "sync": {"type"}, "resume": {"type"}}

MALFORMED = "malformed"
UNKNOWN_TYPE = "unknown_type"
MISSING_FIELD = "missing_field"
INVALID_FIELD = "invalid_field"
UNEXPECTED_FIELD = "unexpected_field"

MSG_BINARY = "Messages must be JSON text frames, not binary ones."
MSG_TOO_LARGE = f"Messages are limited to {MAX_FRAME_CHARS} characters."
MSG_NOT_JSON = "Messages must be valid JSON."
MSG_NOT_OBJECT = "Messages must be JSON objects with a 'type' field."
MSG_TYPE_MISSING = "Field 'type' is required: one of action, sync, resume."
MSG_TYPE_UNKNOWN = "Field 'type' must be one of action, sync, resume."
MSG_FIELD_UNEXPECTED = "Field '{field}' is not part of a '{kind}' message."


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


def decode_frame(text_data: str | None, bytes_data: bytes | None) -> object:
    """The JSON value of a text frame; raises ``ClientError`` for binary, huge or bad JSON."""
    if text_data is None:
        raise ClientError(MALFORMED, MSG_BINARY)
    if len(text_data) > MAX_FRAME_CHARS:
        raise ClientError(MALFORMED, MSG_TOO_LARGE)
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
