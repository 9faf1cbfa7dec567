"""Lobby options checked against an engine's JSON schema (pure Python, no Django).

``options_from_schema(schema, raw)`` is ``EngineBase.validate_options``'s default;
``random_options(schema, rng)`` draws a valid option set for the conformance suite;
``shortest_options(schema)`` is ``EngineBase.quick_start_options``'s default. The schema
subset: an object whose ``properties`` are ``{"type": "boolean"}``, ``{"type": "integer",
"minimum", "maximum"}`` or ``{"type": "string", "enum": [...]}``, each with a ``default``; a
property that makes the match longer or shorter also says with ``"shortest"`` which of its
values gives the shortest match (an integer's ``minimum`` or ``maximum``, one of an enum, a
boolean): the lobby's first try, "Play against bots now", takes it.
"""
from __future__ import annotations

import random
from collections.abc import Mapping

NOT_OBJECT = "Options must be a JSON object."
UNKNOWN = "This game has no such option."
BOOL = "Must be true or false."
INTEGER = "Must be a whole number from {lo} to {hi}."
ENUM = "Must be one of: {values}."
STRING = "Must be text."


class OptionsError(ValueError):
    """Lobby options rejected by ``Engine.validate_options`` or ``validate_seats`` (also
    importable from ``games.protocol``).

    ``field`` names the offending option ("" for the whole set, "seats" for the seats);
    ``message`` is for people: ``template`` (an English engine text, see
    ``gameplatform/i18n/collect.py``) with its ``{name}`` fields filled from ``params``. The
    platform translates ``template`` and fills it again (``gameplatform.i18n.engine_text``).
    """

    def __init__(self, field: str, message: str, params: Mapping | None = None):
        self.template = message
        self.params = dict(params or {})
        message = message.format(**self.params) if self.params else message
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


def options_from_schema(schema: Mapping, raw: Mapping | None) -> dict:
    """``raw`` with every property's default filled in; raises ``OptionsError(name, ...)``
    for an unknown option or a value of the wrong type or range."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise OptionsError("", NOT_OBJECT)
    props = schema.get("properties", {})
    for key in raw:
        if key not in props:
            raise OptionsError(str(key), UNKNOWN)
    out = {}
    for name, prop in props.items():
        value = raw.get(name, prop.get("default"))
        kind = prop.get("type")
        if "enum" in prop:
            if value not in prop["enum"]:
                raise OptionsError(name, ENUM, {"values": ", ".join(str(v) for v in prop["enum"])})
        elif kind == "boolean":
            if type(value) is not bool:
                raise OptionsError(name, BOOL)
        elif kind == "integer":
            lo, hi = prop.get("minimum"), prop.get("maximum")
            if type(value) is not int or (lo is not None and value < lo) or (hi is not None and value > hi):
                raise OptionsError(name, INTEGER, {"lo": lo, "hi": hi})
        elif kind == "string" and not isinstance(value, str):
            raise OptionsError(name, STRING)
        out[name] = value
    return out


def random_options(schema: Mapping, rng: random.Random) -> dict:
    """A random value for every property of ``schema`` (booleans either way, integers in
    range, one of an enum); properties of another shape keep their default."""
    out = {}
    for name, prop in schema.get("properties", {}).items():
        if "enum" in prop:
            out[name] = rng.choice(list(prop["enum"]))
        elif prop.get("type") == "boolean":
            out[name] = rng.random() < 0.5
        elif prop.get("type") == "integer" and "minimum" in prop and "maximum" in prop:
            out[name] = rng.randint(prop["minimum"], prop["maximum"])
        elif "default" in prop:
            out[name] = prop["default"]
    return out


def shortest_options(schema: Mapping) -> dict:
    """``{name: value}``: the ``"shortest"`` value of every property that marks one (the
    shortest match the options allow; the others keep their defaults)."""
    return {name: prop["shortest"] for name, prop in schema.get("properties", {}).items() if "shortest" in prop}
