"""Serializers of the REST API: input parsers (``*In``) that reject malformed requests with a
400 naming the field, and output shapes (``*Out``) that also document the OpenAPI schema.

Shapes follow docs/contracts.md ("REST API", "Match snapshot"). Inputs never reach a service
unless they are of the right type and within the database's ranges, so a hostile value (a huge
integer, a NUL byte, a lone surrogate, NaN, a document nested 1000 deep) is a 400, not a 500.
"""
from __future__ import annotations

import math

from rest_framework import serializers

from gameplatform.matches.models import Match

# Ranges the database columns hold (PositiveIntegerField / SmallIntegerField on PostgreSQL).
MAX_INT32 = 2**31 - 1
MAX_SEATS = 16
MAX_JSON_DEPTH = 16
MAX_JSON_STRING = 1000

NOT_AN_OBJECT_MESSAGE = "Expected a JSON object."
TOO_DEEP_MESSAGE = f"Nested deeper than {MAX_JSON_DEPTH} levels."
NUL_MESSAGE = "Text may not contain NUL characters."
SURROGATE_MESSAGE = "Text may not contain unpaired surrogate characters."
LONG_STRING_MESSAGE = f"Text longer than {MAX_JSON_STRING} characters."
NON_FINITE_MESSAGE = "Numbers must be finite."


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


class JSONObjectField(serializers.DictField):
    """A JSON object (``dict``) whose contents pass ``_check_json``."""

    default_error_messages = {"not_a_dict": NOT_AN_OBJECT_MESSAGE}

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        _check_json(value)
        return value


# --- input ----------------------------------------------------------------------------------


class MatchListQueryIn(serializers.Serializer):
    """``GET /api/v1/matches/?status=&game=``; both optional (documents the query; the
    selector ``match_list`` checks the values)."""

    status = serializers.ChoiceField(choices=Match.Status.choices, required=False)
    game = serializers.CharField(required=False, help_text="A game slug.")


class MatchCreateIn(serializers.Serializer):
    """``POST /api/v1/matches/``: the lobby form. The service checks the game, the seat count
    against the engine, the team layout and the options; this only checks types and ranges."""

    game = serializers.CharField(max_length=32, help_text="Game slug, as listed by /api/v1/games/.")
    seats = serializers.IntegerField(min_value=1, max_value=MAX_SEATS, help_text="Number of seats.")
    team_layout = serializers.CharField(
        max_length=32, default="none", help_text="A team layout name from the game's team_layouts."
    )
    options = JSONObjectField(required=False, default=dict, help_text="Game options (options_schema).")
    variant_id = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=MAX_INT32,
        help_text="A rule-variant preset whose options apply.",
    )
    turn_seconds = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=MAX_INT32,
        help_text="Seconds per turn; null for no timer.",
    )
    title = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")


class MatchJoinIn(serializers.Serializer):
    """``POST /api/v1/matches/<id>/join/``."""

    invite_code = serializers.CharField(
        max_length=64, required=False, allow_null=True, default=None,
        help_text="Needed for a private match.",
    )


class SeatBotIn(serializers.Serializer):
    """``POST /api/v1/matches/<id>/seats/<i>/bot/``: the bot kind, one of the game's ``bot_kinds``."""

    kind = serializers.CharField(max_length=32, allow_blank=True, help_text='A bot kind; "" removes the bot.')


class ActionIn(serializers.Serializer):
    """``POST /api/v1/matches/<id>/actions/``. ``action`` is checked by the engine's rules."""

    action = JSONObjectField(help_text='The action: one of legal_actions, a JSON object with a "type", e.g. {"type": "roll"}.')
    expected_version = serializers.IntegerField(
        min_value=0, max_value=MAX_INT32, help_text="The match version the action was chosen at."
    )
    client_action_id = serializers.CharField(
        max_length=64, required=False, allow_null=True, default=None,
        help_text="Idempotency key: resending it returns the first answer.",
    )


class TokenObtainIn(serializers.Serializer):
    """``POST /api/v1/auth/token/``."""

    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False, style={"input_type": "password"})


# --- output ---------------------------------------------------------------------------------


class ErrorOut(serializers.Serializer):
    """Every 4xx body."""

    error = serializers.CharField(help_text="Stable code, e.g. not_found, stale_version, invalid.")
    message = serializers.CharField(help_text="For people: names the broken rule or field.")
    field = serializers.CharField(required=False, help_text="The offending input field, if one.")
    fields = serializers.DictField(
        child=serializers.JSONField(), required=False, help_text="Per-field messages (invalid only)."
    )


ACTOR_HELP = ("who made the move: user (the seat's player), bot (a bot seat), timeout (the turn timer), "
              "takeover (a bot playing for a player away after time-outs) or handover (a bot after a "
              "moderator's hand-over).")


class BotOut(serializers.Serializer):
    """A bot level of a game."""

    kind = serializers.CharField()
    description = serializers.CharField()


class GameOut(serializers.Serializer):
    """One game of the catalogue (from its engine)."""

    slug = serializers.CharField()
    name = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    options_schema = serializers.DictField(child=serializers.JSONField(), help_text="JSON schema of the options.")
    team_layouts = serializers.DictField(
        child=serializers.DictField(child=serializers.ListField(child=serializers.IntegerField(allow_null=True))),
        help_text='Per seat count ("4"), layout name -> team of each seat (null: no team).',
    )
    bot_kinds = serializers.ListField(child=serializers.CharField(), help_text="Weakest first.")
    bots = BotOut(many=True, help_text="The bot kinds with what each one is, weakest first.")
    simultaneous = serializers.BooleanField(help_text="Whether several seats may act at once.")
    hidden_information = serializers.BooleanField(help_text="Whether a seat sees less than the whole game.")


class SeatOut(serializers.Serializer):
    """A seat as everyone may see it (the snapshot's ``seats`` entries)."""

    index = serializers.IntegerField()
    name = serializers.CharField(help_text="Player's public name or the bot's; empty while open.")
    is_bot = serializers.BooleanField()
    bot_kind = serializers.CharField()
    team = serializers.IntegerField(allow_null=True)
    takeover = serializers.BooleanField(help_text="A bot plays for the absent player.")


class MatchOut(serializers.Serializer):
    """A match's public metadata. ``seed`` is null until the match is finished; ``my_seat`` is
    the caller's seat index or null."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    options = serializers.DictField(child=serializers.JSONField())
    variant = serializers.IntegerField(allow_null=True)
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    turn_seconds = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField()
    seats = SeatOut(many=True)
    my_seat = serializers.IntegerField(allow_null=True)
    seed_commitment = serializers.CharField(help_text="sha256 of the seed, published from the start.")
    seed = serializers.CharField(allow_null=True, help_text="Revealed once finished, as a decimal string: check sha256(\"hexagora-seed:<seed>\") against seed_commitment.")
    result = serializers.DictField(child=serializers.JSONField(), allow_null=True)


class SnapshotOut(serializers.Serializer):
    """The caller's seat snapshot (docs/contracts.md "Match snapshot", without ``type``)."""

    match = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    seat = serializers.IntegerField(allow_null=True, help_text="The caller's seat; null for a spectator.")
    view = serializers.DictField(
        child=serializers.JSONField(), allow_null=True, help_text="engine.view for that seat; null while open."
    )
    legal_actions = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    events = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    actor = serializers.CharField(allow_null=True, help_text=ACTOR_HELP + " Null when this version is not a move.")
    deadline = serializers.DateTimeField(allow_null=True)
    seats = SeatOut(many=True)
    seed_commitment = serializers.CharField()
    seed = serializers.CharField(allow_null=True)
    result = serializers.DictField(child=serializers.JSONField(), allow_null=True)


class LegalActionsOut(serializers.Serializer):
    """What the caller's seat may do now (empty unless it must act)."""

    match = serializers.IntegerField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    legal_actions = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))


class ActionOut(serializers.Serializer):
    """The answer to an accepted action (or to a repeated ``client_action_id``)."""

    version = serializers.IntegerField(help_text="The match version after the action.")
    seat = serializers.IntegerField()
    events = serializers.ListField(
        child=serializers.DictField(child=serializers.JSONField()), help_text="Events visible to that seat."
    )
    duplicate = serializers.BooleanField(help_text="True when client_action_id was seen before.")


class HistoryRecordOut(serializers.Serializer):
    """One applied action with the events the caller's seat may see. ``seq`` 0 is the setup
    (``seat`` and ``action`` null, ``actor`` "setup"); ``action`` is null when the engine keeps
    another seat's action private."""

    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    actor = serializers.CharField(help_text="setup (the seq-0 entry) or " + ACTOR_HELP)
    action = serializers.DictField(child=serializers.JSONField(), allow_null=True)
    events = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    created_at = serializers.DateTimeField(allow_null=True)


class TokenOut(serializers.Serializer):
    """An API token: send it as ``Authorization: Token <token>``."""

    token = serializers.CharField()
