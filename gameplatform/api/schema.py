"""drf-spectacular post-processing: what the generated schema cannot know by itself."""

# Request bodies that refuse unknown fields (400 unexpected_field): the action input is parsed
# by matches.inputs.parse_action_input, the WebSocket's parser too; the settings refuse a
# field that is not a setting (400 naming it). The other inputs ignore unknown fields, as
# their schemas (no additionalProperties) say.
STRICT_INPUTS = ("ActionIn", "PatchedSettingsIn")


def strict_inputs(result, generator, request, public):
    """Sets ``additionalProperties: false`` on ``STRICT_INPUTS``."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in STRICT_INPUTS:
        if name in schemas:
            schemas[name]["additionalProperties"] = False
    return result
