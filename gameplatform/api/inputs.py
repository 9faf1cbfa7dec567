"""Strict inputs of the REST API: the field types and the ``InputSerializer`` base that every
input serializer of ``api.serializers`` (and ``api.alerts``, ``api.players``) uses.

Every JSON body is parsed by an ``InputSerializer``: a value whose JSON type is not the one
the schema gives its field (``0`` for a string, ``"5"`` or ``5.0`` for an integer, ``1`` for a
boolean, a number for a choice...) is refused with 400 ``invalid`` naming the field before any
DRF field can coerce it (DRF's CharField takes ``0`` as ``"0"``, IntegerField takes ``"5"``,
ChoiceField compares ``str(value)``). Hostile values (a NUL byte, a lone surrogate, NaN, a
document nested 1000 deep) are a 400, not a 500.
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from games import registry

MAX_SEATS = 16
MAX_JSON_DEPTH = 16
MAX_JSON_STRING = 1000

NOT_AN_OBJECT_MESSAGE = _("Expected a JSON object.")
TOO_DEEP_MESSAGE = f"Nested deeper than {MAX_JSON_DEPTH} levels."
NUL_MESSAGE = _("Text may not contain NUL characters.")
SURROGATE_MESSAGE = _("Text may not contain unpaired surrogate characters.")
LONG_STRING_MESSAGE = f"Text longer than {MAX_JSON_STRING} characters."
NON_FINITE_MESSAGE = _("Numbers must be finite.")
BOOLEAN_MESSAGE = _("Must be true or false.")
STRING_MESSAGE = _("Must be a string.")
INTEGER_MESSAGE = _("Must be a whole number.")
NUMBER_MESSAGE = _("Must be a number.")
LIST_MESSAGE = _("Must be a list.")


def _check_json(value, depth: int = 0) -> None:
    """Raises ``ValidationError`` unless ``value`` is JSON the database stores as sent: no
    NUL or lone surrogate in any string or key (PostgreSQL refuses both), finite numbers,
    strings of at most ``MAX_JSON_STRING`` characters, nesting at most ``MAX_JSON_DEPTH``."""
    if depth > MAX_JSON_DEPTH:
        raise serializers.ValidationError(TOO_DEEP_MESSAGE)
    if isinstance(value, str):
        if "\x00" in value:
            raise serializers.ValidationError(NUL_MESSAGE)
        if len(value) > MAX_JSON_STRING:
            raise serializers.ValidationError(LONG_STRING_MESSAGE)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise serializers.ValidationError(SURROGATE_MESSAGE)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise serializers.ValidationError(NON_FINITE_MESSAGE)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_json(key, depth + 1)
            _check_json(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_json(item, depth + 1)


# What the schema says of every text input: no NUL character (DRF refuses it; PostgreSQL
# cannot store it). The RegexValidator puts the same rule in the OpenAPI schema as a pattern.
NO_NUL = RegexValidator(r"^[^\x00]*$", NUL_MESSAGE)


def text(**kwargs) -> serializers.CharField:
    """A text input taken as sent (no whitespace trimming: a schema-valid "  " is never
    refused as blank) and without NUL characters."""
    kwargs.setdefault("trim_whitespace", False)
    kwargs.setdefault("validators", [NO_NUL])
    if not kwargs.get("allow_blank"):
        kwargs.setdefault("min_length", 1)  # the schema's minLength says what allow_blank does
    return serializers.CharField(**kwargs)


class GameField(serializers.CharField):
    """A game slug. The service checks it (400 ``unknown_game``); the schema lists the slugs
    registered when it is generated (``GameFieldSchema``)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 32)
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)


class GameFieldSchema(OpenApiSerializerFieldExtension):
    target_class = "gameplatform.api.serializers.GameField"

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "enum": registry.slugs()}


class JSONObjectField(serializers.DictField):
    """A JSON object (``dict``) whose contents pass ``_check_json``."""

    default_error_messages = {"not_a_dict": NOT_AN_OBJECT_MESSAGE}

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        _check_json(value)
        return value


class StrictBooleanField(serializers.BooleanField):
    """A JSON ``true`` or ``false`` only (DRF's BooleanField also takes "yes", "on", 1...);
    ``null`` too when ``allow_null``."""

    default_error_messages = {"invalid": BOOLEAN_MESSAGE}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        self.fail("invalid")


def json_types(field) -> tuple[tuple[type, ...], str] | None:
    """The JSON types (as Python types) a value of input ``field`` may have, with the message
    for any other; None for a field that takes any JSON (``JSONField``). Raises ``TypeError``
    for a field class this table does not know, so a new kind of input field cannot slip
    through unchecked (tests/api/test_schemathesis.py sends every field every wrong type)."""
    if isinstance(field, serializers.JSONField):
        return None
    if isinstance(field, serializers.BooleanField):
        return (bool,), BOOLEAN_MESSAGE
    if isinstance(field, serializers.IntegerField):
        return (int,), INTEGER_MESSAGE
    if isinstance(field, serializers.FloatField | serializers.DecimalField):
        return (int, float), NUMBER_MESSAGE
    if isinstance(field, serializers.MultipleChoiceField | serializers.ListField | serializers.ListSerializer):
        return (list,), LIST_MESSAGE
    if isinstance(field, serializers.ChoiceField):
        kinds = {type(key) for key in field.choices}
        if kinds <= {str}:
            return (str,), STRING_MESSAGE
        if kinds <= {int}:
            return (int,), INTEGER_MESSAGE
    if isinstance(field, serializers.CharField | serializers.DateField | serializers.DateTimeField
                  | serializers.TimeField | serializers.DurationField | serializers.UUIDField):
        return (str,), STRING_MESSAGE
    if isinstance(field, serializers.DictField | serializers.Serializer):
        return (dict,), NOT_AN_OBJECT_MESSAGE
    raise TypeError(f"{type(field).__name__}: no JSON type known for this input field")


def json_type_error(field, value) -> str | None:
    """The message when ``value`` is not of ``field``'s JSON type (``None`` is left to the
    field: its ``allow_null`` decides), else None. ``true`` is never a number here; ``2.0`` is
    an integer, as JSON Schema says."""
    expected = json_types(field)
    if expected is None or value is None:
        return None
    types, message = expected
    if isinstance(value, bool):
        return None if bool in types else str(message)
    if isinstance(value, types) or (int in types and isinstance(value, float) and value.is_integer()):
        return None
    return str(message)


class InputSerializer(serializers.Serializer):
    """Base of every input serializer (JSON bodies, and form bodies, whose values are all
    strings): refuses, in one 400 ``invalid`` naming each field, every value whose JSON type
    is not its field's (``json_types``), before DRF's fields see them."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            errors = {
                name: [message] for name, field in self.fields.items()
                if not field.read_only and name in data
                and (message := json_type_error(field, data[name])) is not None
            }
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


class StrictInputSerializer(InputSerializer):
    """An ``InputSerializer`` that also refuses fields it does not have: 400 ``invalid`` naming
    the first, with ``unknown_message`` (``{known}``: the fields it has). Its schema component
    belongs in ``api.schema.STRICT_INPUTS`` (``additionalProperties: false``)."""

    unknown_message = _("Not a field of this request. Fields: {known}.")

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = [key for key in data if key not in self.fields]
            if unknown:
                known = ", ".join(self.fields)
                raise serializers.ValidationError({str(unknown[0]): [self.unknown_message.format(known=known)]})
        return super().to_internal_value(data)
