"""The one parser of a player's action input, shared by the WebSocket and the REST API.

``parse_action_input(data)`` takes the client's ``{action, expected_version,
client_action_id}`` (a decoded JSON object) and returns a typed ``ActionInput``; anything else
raises ``ServiceError(code, message, 400, field)`` with the same code and words on every route.
``services.submit_action`` trusts an ``ActionInput``: it never checks these fields again.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from gameplatform.core.errors import ServiceError

MAX_ACTION_CHARS = 4000      # the action's JSON; a whole Hexfolk trade is ~200
CLIENT_ACTION_ID_MAX = 64    # MoveRecord.client_action_id is a CharField(max_length=64)
MAX_VERSION = 2**31 - 1      # Match.version is a 32-bit integer
FIELDS = ("action", "expected_version", "client_action_id")

FIELD_MISSING = _("Field '{field}' is required in an action message.")
ACTION_INVALID = gettext_noop("Field 'action' must be a JSON object with a string 'type' and no NUL characters.")
ACTION_TOO_LARGE = f"Field 'action' may not be longer than {MAX_ACTION_CHARS} characters of JSON."
VERSION_INVALID = gettext_noop("Field 'expected_version' must be a whole number, 0 or more.")
CLIENT_ACTION_ID_INVALID = f"Field 'client_action_id' must be a string of 1 to {CLIENT_ACTION_ID_MAX} characters."
FIELD_UNEXPECTED = _("Field '{field}' is not part of an action message.")
NOT_OBJECT = gettext_noop("An action message must be a JSON object with the fields action, expected_version and client_action_id.")


@dataclass(frozen=True)
class ActionInput:
    """A checked action input: ``action`` (a private JSON copy with a string ``type``, at most
    ``MAX_ACTION_CHARS``), ``expected_version`` (0..``MAX_VERSION``) and ``client_action_id``
    (1-64 characters, or None)."""

    action: dict
    expected_version: int
    client_action_id: str | None = None


def parse_action_input(data, *, require_client_action_id: bool = False, extra_fields=()) -> ActionInput:
    """``data``'s action input; raises ``ServiceError`` 400 naming the field: ``missing_field``,
    ``unexpected_field``, ``invalid_action``, ``action_too_large``, ``invalid_expected_version``,
    ``invalid_client_action_id``, or ``invalid_body`` when ``data`` is not an object.
    ``extra_fields``: other keys the caller's envelope carries (the WebSocket's ``type``)."""
    if not isinstance(data, Mapping):
        raise ServiceError("invalid_body", NOT_OBJECT, 400)
    for key in data:
        if key not in FIELDS and key not in extra_fields:
            name = str(key)[:40]  # echo at most 40 characters of what the client sent
            raise ServiceError("unexpected_field", FIELD_UNEXPECTED.format(field=name), 400, name)
    required = FIELDS if require_client_action_id else FIELDS[:2]
    for field in required:
        if field not in data:
            raise ServiceError("missing_field", FIELD_MISSING.format(field=field), 400, field)
    cid = data.get("client_action_id")
    if cid is not None and not valid_client_action_id(cid):
        raise ServiceError("invalid_client_action_id", CLIENT_ACTION_ID_INVALID, 400, "client_action_id")
    if require_client_action_id and cid is None:
        raise ServiceError("invalid_client_action_id", CLIENT_ACTION_ID_INVALID, 400, "client_action_id")
    return ActionInput(action=action_copy(data["action"]),
                       expected_version=version_of(data["expected_version"]), client_action_id=cid)


def action_copy(action) -> dict:
    """A private JSON copy of ``action`` (the engine never sees the caller's object, and the
    record stores exactly what was applied); 400 ``invalid_action`` / ``action_too_large``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ServiceError("invalid_action", ACTION_INVALID, 400, "action")
    try:
        encoded = json.dumps(action, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ServiceError("invalid_action", ACTION_INVALID, 400, "action")
    if len(encoded) > MAX_ACTION_CHARS:
        raise ServiceError("action_too_large", ACTION_TOO_LARGE, 400, "action")
    if "\\u0000" in encoded:  # PostgreSQL's JSON cannot store a NUL character
        raise ServiceError("invalid_action", ACTION_INVALID, 400, "action")
    return json.loads(encoded)


def version_of(value) -> int:
    """``value`` as an expected version; 400 ``invalid_expected_version``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VERSION:
        raise ServiceError("invalid_expected_version", VERSION_INVALID, 400, "expected_version")
    return value


def valid_client_action_id(value) -> bool:
    """1 to 64 characters of text without NUL."""
    return isinstance(value, str) and 0 < len(value) <= CLIENT_ACTION_ID_MAX and "\x00" not in value
