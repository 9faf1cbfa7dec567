"""Request body parsing that turns every malformed body into a 4xx, never a 500."""
from __future__ import annotations

import codecs
import json

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

# An action, a lobby form or a login is a few hundred bytes; 64 KiB leaves room for any
# engine's options and keeps a hostile body from costing memory and CPU.
MAX_JSON_BYTES = 64 * 1024
TOO_LARGE_MESSAGE = f"The request body is larger than {MAX_JSON_BYTES} bytes."
BAD_ENCODING_MESSAGE = _("JSON parse error - the body is not valid {encoding}.")
PARSE_ERROR_MESSAGE = _("JSON parse error - {error}")
TOO_DEEP_MESSAGE = _("JSON parse error - the document is nested too deeply.")


class RequestTooLarge(exceptions.APIException):
    """413: the body exceeds ``MAX_JSON_BYTES``."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = TOO_LARGE_MESSAGE
    default_code = "too_large"


def _reject_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


class SafeJSONParser(JSONParser):
    """DRF's JSON parser, plus: a size cap (413), undecodable bytes and nesting deep enough to
    exhaust the recursion limit become ``ParseError`` (400) instead of escaping as a 500, and
    ``NaN``/``Infinity`` are refused (strict JSON)."""

    def parse(self, stream, media_type=None, parser_context=None):
        """The parsed document (any JSON value); raises ``ParseError`` or ``RequestTooLarge``."""
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding") or settings.DEFAULT_CHARSET
        raw = stream.read(MAX_JSON_BYTES + 1)
        if len(raw) > MAX_JSON_BYTES:
            raise RequestTooLarge()
        try:
            text = codecs.decode(raw, encoding)
        except (UnicodeDecodeError, LookupError):
            raise exceptions.ParseError(BAD_ENCODING_MESSAGE.format(encoding=encoding))
        try:
            return json.loads(text, parse_constant=_reject_constant)
        except RecursionError:
            raise exceptions.ParseError(TOO_DEEP_MESSAGE)
        except ValueError as exc:
            raise exceptions.ParseError(PARSE_ERROR_MESSAGE.format(error=exc))
