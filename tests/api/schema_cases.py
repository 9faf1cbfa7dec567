"""Requests derived from the OpenAPI schema that must be refused (issue 24, point 8): every
property of every JSON request body with a value of each JSON type its schema does not allow,
and odd values for every path parameter. Used by tests/api/test_strict_inputs.py (plain,
parametrized) and tests/api/test_schemathesis.py (through schemathesis's checks)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# One value of each JSON type; a property whose schema allows none of a type gets that value.
SAMPLES = {"string": "1", "integer": 1, "number": 1.5, "boolean": True, "object": {}, "array": []}
# Path parameter values that are not what the route takes (or are, oddly written).
ODD_PATH_VALUES = ["\n", "a\nb", "\r", "\t", "\x00", "\x01", "%", "%0A", " ", "..", "-1", "0",
                   "１", "9" * 40, "1.5", "é", "\u202e", "a/b", "?x=1", "#"]


@dataclass(frozen=True)
class WrongType:
    """``method path`` (a schema path template) with ``body``, where ``field`` holds ``value``
    of a JSON type its schema does not allow (the other fields valid)."""

    method: str
    path: str
    field: str
    value: object
    body: dict

    @property
    def id(self) -> str:
        kind = next(name for name, sample in SAMPLES.items() if type(sample) is type(self.value))
        return f"{self.method} {self.path} {self.field}={kind}"


@cache
def api_schema() -> dict:
    """The OpenAPI document the site serves (drf-spectacular, generated in-process)."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def json_types(schema: dict, node: dict) -> set[str] | None:
    """The JSON types ``node`` allows (``integer`` implies ``number`` is not allowed, but
    ``number`` allows ``integer``); None when it allows any."""
    node = _resolve(schema, node)
    parts = node.get("anyOf") or node.get("oneOf") or node.get("allOf")
    if parts:
        found = set()
        for part in parts:
            types = json_types(schema, part)
            if types is None:
                return None
            found |= types
    elif "type" in node:
        found = {node["type"]} | ({"integer"} if node["type"] == "number" else set())
    elif "enum" in node:
        found = {_type_of(value) for value in node["enum"]}
    else:
        return None
    if node.get("nullable"):
        found.add("null")
    return found


def _type_of(value) -> str:
    if value is None:
        return "null"
    return next(name for name, sample in SAMPLES.items() if type(sample) is type(value))


def valid_value(schema: dict, node: dict):
    """A value ``node`` allows (enough to get past it to the field under test)."""
    node = _resolve(schema, node)
    for key in ("anyOf", "oneOf", "allOf"):
        if node.get(key):
            return valid_value(schema, node[key][0])
    if "enum" in node:
        return next(value for value in node["enum"] if value is not None)
    kind = node.get("type")
    if kind == "object":
        return {name: valid_value(schema, sub) for name, sub in node.get("properties", {}).items()
                if name in node.get("required", ())}
    if kind in ("integer", "number"):
        return max(node.get("minimum", 0), 0)
    if kind == "boolean":
        return False
    if kind == "array":
        return []
    return "x" * max(node.get("minLength", 1), 1)


def body_schemas() -> list[tuple[str, str, dict]]:
    """``(method, path, body schema)`` of every operation with a JSON request body."""
    schema = api_schema()
    found = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            content = (operation.get("requestBody") or {}).get("content", {}).get("application/json")
            if content:
                found.append((method.upper(), path, _resolve(schema, content["schema"])))
    return found


def wrong_type_cases() -> list[WrongType]:
    """Every body field of the schema with every JSON type it does not allow."""
    schema = api_schema()
    cases = []
    for method, path, body in body_schemas():
        base = valid_value(schema, body)
        for field, node in body.get("properties", {}).items():
            if _resolve(schema, node).get("readOnly"):
                continue
            allowed = json_types(schema, node)
            if allowed is None:
                continue
            for kind, sample in SAMPLES.items():
                if kind not in allowed:
                    cases.append(WrongType(method, path, field, sample, {**base, field: sample}))
    return cases


def path_parameter_operations() -> list[tuple[str, str, list[str]]]:
    """``(method, path, parameter names)`` of every operation with path parameters."""
    found = []
    for path, item in api_schema()["paths"].items():
        for method, operation in item.items():
            names = [p["name"] for p in operation.get("parameters", []) if p.get("in") == "path"]
            if names:
                found.append((method.upper(), path, names))
    return found
