"""Serializers of the REST API: input parsers (``*In``) that reject malformed requests with a
400 naming the field, and output shapes (``*Out``) that also document the OpenAPI schema.

Every JSON body is parsed by an ``InputSerializer`` (``api.inputs``): a value whose JSON type
is not the one the schema gives its field is refused with 400 ``invalid`` naming the field
before any DRF field can coerce it.

Shapes follow docs/contracts.md ("REST API", "Match snapshot"). Inputs never reach a service
unless they are of the right type and within the database's ranges, so a hostile value (a huge
integer, a NUL byte, a lone surrogate, NaN, a document nested 1000 deep) is a 400, not a 500.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from gameplatform.api.inputs import (
    MAX_SEATS,
    NO_NUL,
    GameField,
    InputSerializer,
    JSONObjectField,
    StrictBooleanField,
    text,
)
from gameplatform.matches.clocks import (
    BANK_MINUTES,
    DAYS_PER_MOVE,
    DEFAULT_BANK_MINUTES,
    DEFAULT_DAYS_PER_MOVE,
    DEFAULT_INCREMENT_SECONDS,
    INCREMENT_SECONDS,
)
from gameplatform.matches.models import SEED_CHECK_COMMAND, SEED_COMMITMENT_RULE, Match
from gameplatform.matches.services import ASYNC_TURN_SECONDS, LIVE_TURN_SECONDS

SEED_COMMITMENT_HELP = f"Published from the start: {SEED_COMMITMENT_RULE}."
SEED_HELP = (
    "Null until the match is over (finished or aborted), then the seed as a decimal string (63-bit integers lose "
    f"digits in JavaScript numbers). Check it: `{SEED_CHECK_COMMAND}` prints seed_commitment."
)

# Ranges the database columns hold (PositiveIntegerField / SmallIntegerField on PostgreSQL).
MAX_INT32 = 2**31 - 1
# --- input ----------------------------------------------------------------------------------


class MatchListQueryIn(InputSerializer):
    """``GET /api/v1/matches/?status=&game=``; both optional, each one of its listed values
    (an empty or unknown one is a 400 naming it)."""

    status = serializers.ChoiceField(choices=Match.Status.choices, required=False)
    game = GameField(required=False, help_text="A game slug, as listed by /api/v1/games/.")


@extend_schema_field(
    {
        "anyOf": [
            {"type": "integer", "minimum": LIVE_TURN_SECONDS[0], "maximum": LIVE_TURN_SECONDS[1]},
            {"type": "integer", "minimum": ASYNC_TURN_SECONDS[0], "maximum": ASYNC_TURN_SECONDS[1]},
        ],
        "nullable": True,
    }
)
class TurnSecondsField(serializers.IntegerField):
    """Seconds per turn: a whole number; the service checks the two ranges (400
    ``invalid_turn_seconds``), which the schema states."""


class MatchCreateIn(InputSerializer):
    """``POST /api/v1/matches/``: the lobby form. The service checks the game, the seat count
    against the engine, the team layout and the options; this only checks types and ranges."""

    game = GameField(help_text="Game slug, as listed by /api/v1/games/.")
    seats = serializers.IntegerField(
        min_value=1, max_value=MAX_SEATS,
        help_text="Number of seats, within the game's min_seats..max_seats (else 400 invalid_seats).",
    )
    team_layout = text(
        max_length=32, default="none", allow_blank=True,
        help_text="A team layout name from the game's team_layouts (else 400 invalid_team_layout).",
    )
    options = JSONObjectField(
        required=False, default=dict,
        help_text="Game options, checked against the game's options_schema (else 400 invalid_options or invalid).",
    )
    variant_id = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=MAX_INT32,
        help_text="A rule-variant preset whose options apply.",
    )
    turn_seconds = TurnSecondsField(
        required=False, allow_null=True, default=None,
        help_text="Seconds per turn: 30 to 600 (live) or 3600 to 604800 (asynchronous); null for no timer.",
    )
    title = text(max_length=80, required=False, allow_blank=True, default="")
    time_control = serializers.ChoiceField(
        choices=Match.TimeControl.choices, required=False, allow_null=True, default=None,
        help_text="How time is kept: turn (default: turn_seconds per turn), fischer (a bank per seat, "
                  "bank_minutes at the start, increment_seconds added after each of its turns) or "
                  "correspondence (days_per_move per move, paused while the player is on vacation). A game "
                  "whose rules set the time per turn takes only turn.",
    )
    bank_minutes = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=BANK_MINUTES[0], max_value=BANK_MINUTES[1],
        help_text=f"Fischer only: each seat's bank at the start, in minutes (default {DEFAULT_BANK_MINUTES}).",
    )
    increment_seconds = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=INCREMENT_SECONDS[0],
        max_value=INCREMENT_SECONDS[1],
        help_text=f"Fischer only: seconds added to a seat's bank after each of its turns "
                  f"(default {DEFAULT_INCREMENT_SECONDS}).",
    )
    days_per_move = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=DAYS_PER_MOVE[0], max_value=DAYS_PER_MOVE[1],
        help_text=f"Correspondence only: days for each move (default {DEFAULT_DAYS_PER_MOVE}).",
    )
    rated = StrictBooleanField(
        required=False, allow_null=True, default=None,
        help_text="Counts for ratings: null (default) = rated unless a bot sits at the table at the start; "
                  "true = rated, counting only the people; false = unrated.",
    )
    hints = StrictBooleanField(
        required=False, default=False,
        help_text="Offer hints (the strongest bot's move, asked on one's turn); only with rated false. "
                  "Whoever joins agrees.",
    )


class MatchJoinIn(InputSerializer):
    """``POST /api/v1/matches/<id>/join/``."""

    invite_code = text(
        max_length=64, required=False, allow_null=True, allow_blank=True, default=None,
        help_text="Needed for a private match (a wrong one: 403 or 404).",
    )


class SeatBotIn(InputSerializer):
    """``POST /api/v1/matches/<id>/seats/<i>/bot/``: the bot kind, one of the game's ``bot_kinds``."""

    kind = text(
        max_length=32, allow_blank=True,
        help_text='A bot kind of the game (bot_kinds; else 400 unknown_bot_kind); "" removes the bot.',
    )


@extend_schema_field(
    {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"type": "string", "pattern": NO_NUL.regex.pattern}},
        "additionalProperties": True,
    }
)
class ActionObjectField(JSONObjectField):
    """An action: a JSON object with a string ``type`` (the rest is the game's)."""


class ActionIn(InputSerializer):
    """``POST /api/v1/matches/<id>/actions/``. ``action`` is checked by the engine's rules."""

    action = ActionObjectField(
        help_text='The action: one of legal_actions, a JSON object with a string "type", e.g. '
        '{"type": "roll"}, at most 4000 characters of JSON; the game\'s rules decide the rest '
        "(400 with the rule's code and message)."
    )
    expected_version = serializers.IntegerField(
        min_value=0, max_value=MAX_INT32, help_text="The match version the action was chosen at."
    )
    client_action_id = text(
        min_length=1, max_length=64, required=False, allow_null=True, default=None,
        help_text="Idempotency key: resending it returns the first answer.",
    )


class TokenObtainIn(InputSerializer):
    """``POST /api/v1/auth/token/``."""

    username = text(max_length=150)
    password = text(max_length=4096, style={"input_type": "password"})
    otp = text(
        max_length=64, required=False,
        help_text="For an account with two-factor sign-in: the current code of its authenticator "
        "app, or one of its unused recovery codes (used up). Without it such an account gets 400 "
        "mfa_required.",
    )


# --- output ---------------------------------------------------------------------------------


class ErrorOut(serializers.Serializer):
    """Every 4xx body."""

    error = serializers.CharField(help_text="Stable code, e.g. not_found, stale_version, invalid.")
    message = serializers.CharField(help_text="For people: names the broken rule or field.")
    field = serializers.CharField(required=False, help_text="The offending input field, if one.")
    fields = serializers.DictField(
        child=serializers.JSONField(), required=False, help_text="Per-field messages (invalid only)."
    )


# Seats in the API are indexes from 0 (the engines' views and events number them so too);
# people read seat numbers from 1 (index + 1) on the site and in the admin.
SEAT_INDEX_HELP = "Seat index, from 0 (people see it as seat index + 1)."
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

    index = serializers.IntegerField(help_text=SEAT_INDEX_HELP)
    name = serializers.CharField(help_text="Player's public name or the bot's; empty while open.")
    is_bot = serializers.BooleanField()
    bot_kind = serializers.CharField()
    team = serializers.IntegerField(allow_null=True)
    takeover = serializers.BooleanField(
        help_text="A bot plays for the absent player (after time-outs, or a moderator's hand-over: then bot_kind "
                  "names it); name and is_bot stay the player's.")


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
    time_control = serializers.ChoiceField(choices=Match.TimeControl.choices)
    bank_minutes = serializers.IntegerField(allow_null=True)
    increment_seconds = serializers.IntegerField(allow_null=True)
    days_per_move = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField()
    seats = SeatOut(many=True)
    my_seat = serializers.IntegerField(allow_null=True, help_text="The caller's seat; null when not seated. "
                                       + SEAT_INDEX_HELP)
    seed_commitment = serializers.CharField(help_text=SEED_COMMITMENT_HELP)
    seed = serializers.CharField(allow_null=True, help_text=SEED_HELP)
    result = serializers.DictField(child=serializers.JSONField(), allow_null=True)
    rated = serializers.BooleanField(
        allow_null=True,
        help_text="Counts for ratings; null while open when left to the default (decided at the start: rated "
                  "unless a bot plays).",
    )
    hints = serializers.BooleanField(help_text="Hints are on offer (unrated matches whose players agreed in the lobby).")


class SeatClockOut(serializers.Serializer):
    """One seat's time (``matches.clocks.clocks_public``)."""

    index = serializers.IntegerField()
    remaining_ms = serializers.IntegerField(
        help_text="Milliseconds left at since (a still clock: what it starts with: bank, turn or move)."
    )
    running = serializers.BooleanField(help_text="The clock has started: the seat is to act.")
    since = serializers.DateTimeField(
        allow_null=True, help_text="When it started counting down; in the future: a vacation pauses it until then."
    )
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When it runs out (since + remaining_ms); null while it stands still."
    )


class ClocksOut(serializers.Serializer):
    """The match's time control and every seat's time (the same for every viewer)."""

    time_control = serializers.ChoiceField(choices=Match.TimeControl.choices)
    turn_seconds = serializers.IntegerField(allow_null=True)
    bank_minutes = serializers.IntegerField(allow_null=True)
    increment_seconds = serializers.IntegerField(allow_null=True)
    days_per_move = serializers.IntegerField(allow_null=True)
    seats = SeatClockOut(many=True)


class SnapshotOut(serializers.Serializer):
    """The caller's seat snapshot (docs/contracts.md "Match snapshot", without ``type``)."""

    match = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    seat = serializers.IntegerField(allow_null=True, help_text="The caller's seat; null for a spectator. "
                                    + SEAT_INDEX_HELP)
    view = serializers.DictField(
        child=serializers.JSONField(), allow_null=True, help_text="engine.view for that seat; null while open."
    )
    legal_actions = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    events = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    actor = serializers.CharField(allow_null=True, help_text=ACTOR_HELP + " Null when this version is not a move.")
    deadline = serializers.DateTimeField(allow_null=True, help_text="The earliest deadline of the seats to act.")
    clocks = ClocksOut(allow_null=True, help_text="Every seat's time; null when the match has no time limit.")
    seats = SeatOut(many=True)
    seed_commitment = serializers.CharField(help_text=SEED_COMMITMENT_HELP)
    seed = serializers.CharField(allow_null=True, help_text=SEED_HELP)
    result = serializers.DictField(child=serializers.JSONField(), allow_null=True)


class LegalActionsOut(serializers.Serializer):
    """What the caller's seat may do now (empty unless it must act)."""

    match = serializers.IntegerField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text=SEAT_INDEX_HELP)
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="Seats to act. " + SEAT_INDEX_HELP)
    legal_actions = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))


class ActionOut(serializers.Serializer):
    """The answer to an accepted action (or to a repeated ``client_action_id``)."""

    version = serializers.IntegerField(help_text="The match version after the action.")
    seat = serializers.IntegerField(help_text=SEAT_INDEX_HELP)
    events = serializers.ListField(
        child=serializers.DictField(child=serializers.JSONField()), help_text="Events visible to that seat."
    )
    duplicate = serializers.BooleanField(help_text="True when client_action_id was seen before.")


class HistoryRecordOut(serializers.Serializer):
    """One applied action with the events the caller's seat may see. ``seq`` 0 is the setup
    (``seat`` and ``action`` null, ``actor`` "setup"); ``action`` is null when the engine keeps
    another seat's action private."""

    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text=SEAT_INDEX_HELP + " Null for the setup.")
    actor = serializers.CharField(help_text="setup (the seq-0 entry) or " + ACTOR_HELP)
    action = serializers.DictField(child=serializers.JSONField(), allow_null=True)
    events = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    created_at = serializers.DateTimeField(allow_null=True)


class HistoryPageOut(serializers.Serializer):
    """A page of the history, paged on ``seq`` (issue 14): ``next`` / ``previous`` are the
    links to the entries after / before this page (null at either end)."""

    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = HistoryRecordOut(many=True)


class ReplayOut(serializers.Serializer):
    """A finished match's replay: what its steps are, without them (``replay/steps/`` and
    ``replay/log/`` serve them)."""

    match = serializers.IntegerField()
    game = serializers.CharField()
    seed = serializers.CharField(help_text=SEED_HELP)
    seed_commitment = serializers.CharField(help_text=SEED_COMMITMENT_HELP)
    result = serializers.DictField(child=serializers.JSONField(), allow_null=True)
    seats = SeatOut(many=True)
    step_count = serializers.IntegerField(help_text="How many steps: the moves + 1 (step 0 is the setup).")
    checkpoint_every = serializers.IntegerField(help_text="Moves between the states the server keeps.")
    max_steps = serializers.IntegerField(help_text="The largest count replay/steps/ serves.")
    max_log = serializers.IntegerField(help_text="The largest count replay/log/ serves.")


class ReplayLogEntryOut(serializers.Serializer):
    """One step of a replay: its move (step 0: the setup) with the public events and, when a
    viewer is asked for, the events only that seat saw."""

    step = serializers.IntegerField()
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    actor = serializers.CharField(help_text="setup (step 0) or " + ACTOR_HELP)
    action = serializers.DictField(child=serializers.JSONField(), allow_null=True,
                                   help_text="Null when the engine keeps the action private.")
    events = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()))
    seat_events = serializers.ListField(child=serializers.DictField(child=serializers.JSONField()), required=False,
                                        help_text="With a viewer only: the events only that seat saw.")


class ReplayStepOut(ReplayLogEntryOut):
    """A replay step with the view after it (the viewer's, else the spectator's)."""

    view = serializers.DictField(child=serializers.JSONField())


class ReplayLogOut(serializers.Serializer):
    """Consecutive steps of a replay from ``start``, as ``viewer`` (null: the spectator) saw them."""

    match = serializers.IntegerField()
    viewer = serializers.IntegerField(allow_null=True)
    start = serializers.IntegerField()
    steps = ReplayLogEntryOut(many=True)


class ReplayStepsOut(ReplayLogOut):
    """``ReplayLogOut`` with each step's view."""

    steps = ReplayStepOut(many=True)


class TokenOut(serializers.Serializer):
    """An API token: send it as ``Authorization: Token <token>``."""

    token = serializers.CharField()
