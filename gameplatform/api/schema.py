"""drf-spectacular post-processing: what the generated schema cannot know by itself."""

# Request bodies that refuse unknown fields (400 unexpected_field): the action input is parsed
# by matches.inputs.parse_action_input, the WebSocket's parser too; a settings change names
# an unknown setting (400 invalid), a community's start an unknown field (400 invalid), a
# community moderator's input too. The other inputs ignore unknown fields, as their schemas
# (no additionalProperties) say.
STRICT_INPUTS = ("ActionIn", "PatchedSettingsIn", "CommunityCreateIn", "ExportIn", "AccountDeleteIn",
                 "ReasonIn", "RoleIn", "TimeoutIn")  # api/communities_admin.py (issue 27)


def strict_inputs(result, generator, request, public):
    """Sets ``additionalProperties: false`` on ``STRICT_INPUTS``."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in STRICT_INPUTS:
        if name in schemas:
            schemas[name]["additionalProperties"] = False
    return result


THROTTLED = {
    "description": "Too many requests (API rate limits, README): throttled, with Retry-After.",
    "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
}


def throttled_responses(result, generator, request, public):
    """Every operation may answer 429 (``api.throttles``): documents it where a view did not."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            responses = operation.get("responses") if isinstance(operation, dict) else None
            if responses is not None and "429" not in responses:
                responses["429"] = THROTTLED
    return result
