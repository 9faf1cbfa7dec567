"""Matches, their seats and move history, and rule-variant presets.

All tenant-owned: read them with ``Model.objects.for_tenant(tenant)``; ``Model.unscoped`` is for
code that checks the tenant itself (Celery tasks given an id, the superuser admin).
"""
import hashlib

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gameplatform.tenants.models import Tenant
from gameplatform.tenants.scoping import TenantScopedManager

# What the commitment hashes, said the same way on the match and replay pages and in the API:
# the seed alone would give another digest, so every place names the prefix.
SEED_COMMITMENT_PREFIX = "hexagora-seed:"
SEED_COMMITMENT_RULE = (
    'SHA-256, in hex, of the text "hexagora-seed:" followed by the seed in decimal '
    '(seed 42: "hexagora-seed:42", no newline), not of the seed alone'
)
SEED_CHECK_COMMAND = "printf 'hexagora-seed:%s' SEED | sha256sum"


def seed_commitment(seed: int) -> str:
    """The commitment published at the start: ``SEED_COMMITMENT_RULE``, i.e.
    ``sha256(("hexagora-seed:" + str(seed)).encode("utf-8")).hexdigest()``. Kept so for the
    matches already played; check one with ``SEED_CHECK_COMMAND``."""
    return hashlib.sha256(f"{SEED_COMMITMENT_PREFIX}{seed}".encode()).hexdigest()


class RuleVariant(models.Model):
    """A named preset of lobby options for one game; ``tenant`` None means every community."""

    tenant = models.ForeignKey(Tenant, null=True, blank=True, on_delete=models.CASCADE, related_name="rule_variants")
    game = models.CharField(max_length=32)
    name = models.CharField(max_length=60)
    description = models.CharField(max_length=200, blank=True)
    options = models.JSONField(default=dict, blank=True)
    is_active = models.BooleanField(default=True)

    objects = models.Manager()  # global rows have no tenant: selectors filter (tenant OR global)

    class Meta:
        ordering = ["game", "name"]

    def __str__(self) -> str:
        return f"{self.game}: {self.name}"


class Match(models.Model):
    """One game. ``state`` is ``engine.encode(state)`` and never leaves the server; ``seed``
    is revealed (with ``seed_commitment`` published from the start) only once finished."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class TimeControl(models.TextChoices):
        """How a seat's time is kept (issue 13, point 4; ``matches.clocks``)."""

        TURN = "turn", _("Time per turn")
        FISCHER = "fischer", _("Fischer: time bank + increment")
        CORRESPONDENCE = "correspondence", _("Correspondence: days per move")

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=32)  # indexed in Meta: no LIKE index beside it
    title = models.CharField(max_length=80, blank=True)
    options = models.JSONField(default=dict, blank=True)
    variant = models.ForeignKey(RuleVariant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)  # indexed in Meta
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    time_control = models.CharField(max_length=16, choices=TimeControl.choices, default=TimeControl.TURN)
    # Turn timer (time control "turn"): None = unlimited; seconds per turn otherwise.
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    # Fischer: each seat's bank at the start (minutes) and what each of its turns adds (seconds).
    bank_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    increment_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    # Correspondence: days per move, paused while the seat's person is on vacation.
    days_per_move = models.PositiveSmallIntegerField(null=True, blank=True)
    # The earliest deadline of the seats to act (per-seat clocks: ``Seat.clock_*``): what the
    # timer task and the sweeper look at.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # When a bot (a bot seat or a takeover) should act: the bot runners claim the match then
    # (bots.claims), the sweeper once this is well past. None when no bot must act. Indexed
    # for active matches only (Meta): the claims look at nothing else.
    bot_due_at = models.DateTimeField(null=True, blank=True)
    # The bot due thinks longer than a quick bot may (turns.SLOW_BOT_SECONDS): the runners'
    # slow lane plays it, so it holds up no other match (issue 29, point 5).
    bot_slow = models.BooleanField(default=False)
    seed = models.BigIntegerField(null=True, blank=True)
    seed_commitment = models.CharField(max_length=64, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    # The version at which the seats now in ``to_act`` began to act together (each action since
    # only took its own seat out of them): an action of one of them chosen at this version or
    # later is still taken when others' actions moved the version on (turns.submit_action).
    to_act_since = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    # The finished match this one is the rematch of (shortcuts.match_rematch): its end screen
    # offers the seat here.
    rematch_of = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch")
    # Does the match count for ratings (issue 13)? None (the lobby's default): decided at the
    # start, rated when no bot sits at the table; True: rated, counting only the people; False:
    # unrated. ``match_start`` replaces None by the decision, so it never changes afterwards.
    rated = models.BooleanField(null=True, blank=True, default=None)
    # Issue 30, point 4: the lobby offered hints (the strong bot's choice from the asking
    # player's view) and whoever joined agreed to them; they work only while ``rated`` is
    # False (``bots.hints.hints_allowed``). Tournaments never set it.
    hints = models.BooleanField(default=False)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012 - a second manager, not a field

    class Meta:
        ordering = ["-created_at"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        verbose_name_plural = "matches"
        # Plain B-trees: the ones db_index=True gives a CharField on PostgreSQL come with a
        # second, LIKE index that no query uses and every move's UPDATE writes (issue 29).
        indexes = [models.Index(fields=["bot_slow", "bot_due_at"], name="match_bot_due_active",
                                condition=models.Q(status="active")),
                   models.Index(fields=["status"], name="match_status"),
                   models.Index(fields=["game"], name="match_game")]

    def __str__(self) -> str:
        return self.title or f"{self.game} #{self.pk}"


class Seat(models.Model):
    """A place at the table: a person (``user``), a bot (``bot_kind``), or empty while open.

    ``bot_takeover``: a bot plays for the absent ``user`` after repeated timeouts, until the
    user acts again.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats")
    bot_kind = models.CharField(max_length=32, blank=True)
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    timeouts_in_row = models.PositiveSmallIntegerField(default=0)
    bot_takeover = models.BooleanField(default=False)
    # The seat's clock under a Fischer or correspondence time control (``matches.clocks``):
    # ``clock_ms`` the time left (milliseconds) when it last started or stopped,
    # ``clock_since`` when it (re)started running (in the future: paused by a vacation until
    # then); None while it stands still. Unused with time per turn.
    clock_ms = models.BigIntegerField(null=True, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    # Issue 13, point 3 (gameplatform.alerts): since when, and from which match version, the
    # person here is to act (in ``to_act`` of the active match, no bot playing the seat); null
    # when not. Kept by ``alerts.services.waiting_sync`` in the transaction of every change.
    waiting_since = models.DateTimeField(null=True, blank=True, editable=False)
    waiting_version = models.PositiveIntegerField(null=True, blank=True, editable=False)
    # Issue 30, point 4: the person here asked for a hint since their last move; their next
    # move is recorded with the actor "hint" (the log says a hint was used) and clears it.
    hint_pending = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_seat_per_index")]

    def __str__(self) -> str:
        # Numbered from 1 for people (the admin).
        return gettext("seat %(number)s of match %(match)s") % {"number": self.index + 1, "match": self.match_id}

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_kind)

    @property
    def bot_plays(self) -> bool:
        """True when a bot chooses this seat's actions (a bot seat or a takeover)."""
        return self.is_bot or self.bot_takeover


class MoveRecord(models.Model):
    """One applied action, in order: replaying them from the seed rebuilds ``Match.state``.

    ``events`` may hold private events (``visible_to``); filter with
    ``games.protocol.visible_events`` before showing them. ``actor``: who made the move, so the
    log can say so: the seat's person, a bot seat, the turn timer, a bot playing for a person
    after repeated time-outs (``takeover``) or after a moderator's hand-over (``handover``).
    """

    class Actor(models.TextChoices):
        USER = "user", _("Player")
        BOT = "bot", _("Bot")
        TIMEOUT = "timeout", _("Time-out")
        MODERATOR = "moderator", _("Moderator")
        TAKEOVER = "takeover", _("Bot for an absent player")
        HANDOVER = "handover", _("Bot after a moderator's hand-over")
        HINT = "hint", _("Player, after a hint")

    # No index of its own: the unique (match, seq) one starts with it (one index fewer for
    # every move's INSERT to write, issue 29).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    events = models.JSONField(default=list)
    actor = models.CharField(max_length=10, choices=Actor.choices, default=Actor.USER)
    client_action_id = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="one_record_per_seq"),
            models.UniqueConstraint(
                fields=["match", "client_action_id"],
                condition=models.Q(client_action_id__isnull=False),
                name="one_record_per_client_action",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq}"


class ReplayCheckpoint(models.Model):
    """``engine.encode`` of a finished match's state after its first ``step`` moves (issue
    14): ``step`` 0 is the setup, then every ``replays.CHECKPOINT_EVERY`` moves, and the last
    step. A replay step starts from the checkpoint at or before it, so it costs at most that
    many ``engine.apply`` calls however long the match. ``seq``: the ``MoveRecord.seq`` of the
    step-th move (0 for the setup), where the records after the checkpoint begin. Written once,
    when the match ends (the ``replay_checkpoints`` task) or, if that task was lost, when the
    replay is first asked for (``replays.checkpoints_ensure``), and never changed: a
    finished match does not move again. Never sent to a client (the state holds secrets)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="replay_checkpoints")
    step = models.PositiveIntegerField()
    seq = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        ordering = ["match_id", "step"]
        constraints = [models.UniqueConstraint(fields=["match", "step"], name="one_checkpoint_per_step")]

    def __str__(self) -> str:
        return f"{self.match_id}@{self.step}"
