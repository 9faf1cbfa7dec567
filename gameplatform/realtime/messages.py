"""Strict parsing of client -> server WebSocket messages (docs/contracts.md, "WebSocket").

Accepted, exactly (no other keys):

- ``{"type": "action", "action": {"type": str, ...}, "expected_version": int >= 0,
  "client_action_id": str (1-64 chars)}``
- ``{"type": "sync"}``
- ``{"type": "resume"}``

Anything else raises ``ClientError(code, message, field)`` whose message names the field;
the consumer turns it into ``{"type": "error", "code", "message", "field"}``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

# Frames above this many characters are refused unread (a whole Hextopia action is ~150).
MAX_FRAME_CHARS = 16_384
# MoveRecord.client_action_id is a CharField(max_length=64).
CLIENT_ACTION_ID_MAX = 64
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
MSG_FIELD_MISSING = "Field '{field}' is required in an action message."
MSG_FIELD_UNEXPECTED = "Field '{field}' is not part of a '{kind}' message."
MSG_ACTION_NOT_OBJECT = "Field 'action' must be an object with a string 'type'."
MSG_VERSION_INVALID = "Field 'expected_version' must be a whole number, 0 or more."
MSG_CLIENT_ACTION_ID_INVALID = f"Field 'client_action_id' must be a string of 1 to {CLIENT_ACTION_ID_MAX} characters."


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
    for field in ("action", "expected_version", "client_action_id"):
        if field not in content:
            raise ClientError(MISSING_FIELD, MSG_FIELD_MISSING.format(field=field), field, cid)
    if cid is None:
        raise ClientError(INVALID_FIELD, MSG_CLIENT_ACTION_ID_INVALID, "client_action_id")
    action = content["action"]
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ClientError(INVALID_FIELD, MSG_ACTION_NOT_OBJECT, "action", cid)
    version = content["expected_version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ClientError(INVALID_FIELD, MSG_VERSION_INVALID, "expected_version", cid)
    return ClientMessage(kind=kind, action=action, expected_version=version, client_action_id=cid)


def _valid_client_action_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= CLIENT_ACTION_ID_MAX
