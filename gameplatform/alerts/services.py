"""Writes of the alerts: the turn flow's hooks (``waiting_sync``, ``match_ended``), invitations
(``match_invite``; taking a seat by the link is ``joins.invite_link_join``) and the one-click
unsubscribe (``email_unsubscribe``).

The hooks run inside the turn flow's transaction (``matches.turns``) and leave their socket
messages and mail tasks to ``transaction.on_commit``, with what the transaction knew: the
after-commit work reads nothing. Refusals raise ``ServiceError(code, message, status, field)``
and change nothing.
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.db import models, transaction
from django.db.models import Case, Value, When
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.selectors import username_resolve
from gameplatform.core.errors import ServiceError
from gameplatform.core.taskqueue import task_send
from gameplatform.matches import selectors as match_selectors
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import seat_won
from gameplatform.players.models import Preferences
from gameplatform.tenants.selectors import active_member_ids
from gameplatform.tenants.services import membership_require
from games import registry

from . import notify
from .models import MatchInvitation
from .selectors import unsubscribe_token_user

log = logging.getLogger(__name__)

# Celery tasks, sent by name (the tasks import this module).
TURN_MAIL_TASK = "gameplatform.alerts.tasks.send_turn_mail"
INVITATION_MAIL_TASK = "gameplatform.alerts.tasks.send_invitation_mail"
# At most this many pending invitations per match: the form cannot be used to spam a community.
MAX_INVITATIONS_PER_MATCH = 50

USERNAME_INVALID = _("Enter the username of a member of this community.")
PLAYER_UNKNOWN = _("No member of {community} has that username.")
INVITE_SELF = _("You sit at this match already: invite someone else.")
INVITEE_SEATED = _("That player already has a seat at this match.")
NOT_CREATOR = _("Only the player who created the match may invite people to it.")
MATCH_NOT_OPEN = _("The match has already started.")
MATCH_FULL = _("Every seat is taken.")
INVITE_LINK_INVALID = _("This invitation link is not valid.")
UNSUBSCRIBE_INVALID = _("This unsubscribe link is not valid.")


def is_asynchronous(match: Match) -> bool:
    """Does ``match`` get turn mails? Yes when it has no turn limit or one of at least
    ``ALERTS_ASYNC_TURN_SECONDS`` (an hour: the lobby's asynchronous times; its live ones are
    at most 10 minutes, when players sit at the table anyway)."""
    return match.turn_seconds is None or match.turn_seconds >= settings.ALERTS_ASYNC_TURN_SECONDS


# --- the turn flow's hooks --------------------------------------------------------------------


def waiting_sync(match: Match, *, seats: list[Seat] | None = None, state=None) -> None:
    """Rewrites who ``match`` waits for on its seats (``Seat.waiting_since`` and
    ``waiting_version``): every person in ``engine.to_act`` of an active match whose seat no
    bot plays; nobody otherwise. Called by the subscriber of every ``MatchChanged``
    (``alerts.subscribers``) inside the change's transaction; ``seats`` (in index order, read in this transaction) and the decoded
    ``state``: what that transaction wrote, when it has them (else both are read).

    A person newly waited for gets, after commit, a ``turn`` alert on their sockets and, in an
    asynchronous match, the turn mail task (``tasks.send_turn_mail``, after
    ``ALERTS_TURN_MAIL_DELAY_SECONDS``: it mails only if they are still to act in that turn);
    one no longer waited for gets a count update. A seat still to act keeps its
    ``waiting_since`` (a turn of several moves is one turn). Costs one ``UPDATE`` when someone's
    turn begins or ends, nothing otherwise (plus the read of the seats when not handed them).
    """
    if match.status == Match.Status.OPEN:
        return  # no turn before the start
    if seats is None:
        seats = list(Seat.objects.filter(match_id=match.pk).order_by("index"))
    people = [s for s in seats if s.user_id is not None]
    if not people:
        return  # bots only: nobody to wait for, nothing to write
    to_act = set()
    if match.status == Match.Status.ACTIVE and match.state is not None:
        try:
            engine = registry.get_engine(match.game)
        except registry.UnknownGame:
            engine = None
        if engine is not None:
            to_act = set(engine.to_act(state if state is not None else engine.decode(match.state)))
    desired = {s.pk for s in people if s.index in to_act and not s.bot_plays}
    gone = [s for s in people if s.waiting_since is not None and s.pk not in desired]
    new = [s for s in people if s.waiting_since is None and s.pk in desired]
    if not gone and not new:
        return
    now, version = timezone.now(), match.version
    _seats_set_waiting(gone=gone, new=new, now=now, version=version)
    turn = notify.match_alert(notify.KIND_TURN, match)
    new_users = {s.user_id for s in new}
    changes = [(uid, turn) for uid in sorted(new_users)]
    changes += [(uid, None) for uid in sorted({s.user_id for s in gone} - new_users)]
    tenant_id = match.tenant_id
    transaction.on_commit(lambda: notify.users_notify(tenant_id, changes), robust=True)
    if new_users and is_asynchronous(match):
        mid, delay = match.pk, settings.ALERTS_TURN_MAIL_DELAY_SECONDS

        def schedule():
            for uid in sorted(new_users):
                task_send(TURN_MAIL_TASK, (uid, mid, version), countdown=delay)

        transaction.on_commit(schedule, robust=True)


def _seats_set_waiting(*, gone: list[Seat], new: list[Seat], now, version: int) -> None:
    """One ``UPDATE``: ``gone`` seats no longer wait, ``new`` ones wait since ``now`` (match
    ``version``); the objects are updated too."""
    new_pks = [s.pk for s in new]
    if not gone:
        Seat.objects.filter(pk__in=new_pks).update(waiting_since=now, waiting_version=version)
    elif not new:
        Seat.objects.filter(pk__in=[s.pk for s in gone]).update(waiting_since=None, waiting_version=None)
    else:
        Seat.objects.filter(pk__in=[s.pk for s in gone + new]).update(
            waiting_since=Case(When(pk__in=new_pks, then=Value(now)), default=Value(None),
                               output_field=models.DateTimeField()),
            waiting_version=Case(When(pk__in=new_pks, then=Value(version)), default=Value(None),
                                 output_field=models.PositiveIntegerField()),
        )
    for seat in gone:
        seat.waiting_since = seat.waiting_version = None
    for seat in new:
        seat.waiting_since, seat.waiting_version = now, version


def invitations_changed(match: Match, *, started: bool) -> None:
    """Who ``match`` invites may see their list change: while it is open (a seat taken,
    left or given to a bot), when it starts (``started``) or is called off, every invitee's
    sockets get, after commit, a count update (``selectors.alerts_count`` counts the open
    invitations of people without a seat). Called by the subscriber of every
    ``MatchChanged`` inside its transaction; one query then, none for a move of a match in
    play."""
    if not (started or match.status in (Match.Status.OPEN, Match.Status.ABORTED)):
        return
    invitees = sorted(set(MatchInvitation.objects.filter(match_id=match.pk).values_list("user_id", flat=True)))
    if not invitees:
        return
    changes = [(uid, None) for uid in invitees]
    tenant_id = match.tenant_id
    transaction.on_commit(lambda: notify.users_notify(tenant_id, changes), robust=True)


def match_ended(match: Match) -> None:
    """``match`` ends now (finished, or called off): after commit every person seated at it
    gets a ``match_end`` alert (``status``, and ``won`` for a finished match). Called by the
    subscriber of ``MatchEnded`` (``alerts.subscribers``) inside the transaction that ends it;
    one query."""
    people = list(Seat.objects.filter(match_id=match.pk, user__isnull=False).values_list("index", "user_id"))
    if not people:
        return
    status = match.status
    result = match.result if status == Match.Status.FINISHED else None
    changes = [
        (uid, notify.match_alert(notify.KIND_MATCH_END, match, status=status,
                                 won=seat_won(result, index) if result else False))
        for index, uid in people
    ]
    tenant_id = match.tenant_id
    transaction.on_commit(lambda: notify.users_notify(tenant_id, changes), robust=True)


# --- invitations ------------------------------------------------------------------------------


def match_invite(*, tenant, user, match_id, username) -> MatchInvitation:
    """The creator of an open match of ``tenant`` invites the member ``username`` (any case or
    width, never a look-alike: ``accounts.selectors.username_resolve``) to it. The invitee gets, after commit, an ``invitation`` alert on their sockets and the
    invitation mail task (which mails when their settings say so). Inviting someone again
    changes nothing and tells nobody again.

    Raises 400 ``invalid_username`` / ``unknown_player`` (field ``username``: anyone who is not
    an active member of ``tenant`` gets the same answer, whatever they are elsewhere),
    ``invalid_match_id``; 403 ``not_member`` / ``not_creator``; 404 ``match_not_found``; 409
    ``match_not_open``, ``match_full``, ``already_seated`` (field ``username``),
    ``too_many_invitations``.
    """
    membership_require(user=user, tenant=tenant)
    match = match_selectors.match_get(tenant=tenant, match_id=match_id)
    if match.created_by_id != user.pk:
        raise ServiceError("not_creator", str(NOT_CREATOR), 403)
    if not isinstance(username, str) or not username.strip() or len(username) > 150 or "\x00" in username:
        raise ServiceError("invalid_username", str(USERNAME_INVALID), 400, "username")
    invitee = _member_named(tenant, username.strip())
    if invitee is None:
        raise ServiceError("unknown_player", gettext(PLAYER_UNKNOWN).format(community=tenant.name), 400, "username")
    with transaction.atomic():
        match = Match.unscoped.select_for_update().get(pk=match.pk)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", str(MATCH_NOT_OPEN), 409)
        seats = list(Seat.objects.filter(match_id=match.pk))
        if any(s.user_id == invitee.pk for s in seats):
            message = INVITE_SELF if invitee.pk == user.pk else INVITEE_SEATED
            raise ServiceError("already_seated", str(message), 409, "username")
        if not any(s.user_id is None and not s.bot_kind for s in seats):
            raise ServiceError("match_full", str(MATCH_FULL), 409)
        invitation = MatchInvitation.objects.filter(match=match, user=invitee).first()
        if invitation is not None:
            return invitation
        if MatchInvitation.objects.filter(match=match).count() >= MAX_INVITATIONS_PER_MATCH:
            limit = MAX_INVITATIONS_PER_MATCH
            raise ServiceError("too_many_invitations", ngettext(
                "This match has {limit} invitation already.", "This match has {limit} invitations already.",
                limit).format(limit=limit), 409)
        invitation = MatchInvitation.objects.create(match=match, user=invitee, invited_by=user)
        alert = notify.match_alert(notify.KIND_INVITATION, match, by=user.public_name)
        tenant_id, invitee_id, invitation_id = match.tenant_id, invitee.pk, invitation.pk
        transaction.on_commit(lambda: notify.users_notify(tenant_id, [(invitee_id, alert)]), robust=True)
        transaction.on_commit(lambda: task_send(INVITATION_MAIL_TASK, (invitation_id,)), robust=True)
    return invitation


def _member_named(tenant, username: str):
    """The active member of ``tenant`` (``tenants.selectors.active_member_ids``: not banned,
    account active) ``username`` designates (``accounts.selectors.username_resolve``: exactly
    so called, else the one member called so in any case or width; never a look-alike)."""
    return username_resolve(username, queryset=User.objects.filter(pk__in=active_member_ids(tenant=tenant)))


# --- mail -------------------------------------------------------------------------------------


def email_unsubscribe(*, token) -> object:
    """Turns mail off (``Preferences.email_notifications`` = "off") for the person whose
    signed unsubscribe ``token`` this is (``selectors.unsubscribe_token``) and returns them.
    Needs no sign-in: the token is the proof (RFC 8058 one-click). Raises 400
    ``invalid_unsubscribe_link`` (field ``token``) for a token that is not ours."""
    user = unsubscribe_token_user(token)
    if user is None:
        raise ServiceError("invalid_unsubscribe_link", str(UNSUBSCRIBE_INVALID), 400, "token")
    Preferences.objects.update_or_create(user=user, defaults={"email_notifications": Preferences.Email.OFF})
    log.info("mail turned off for user %s by an unsubscribe link", user.pk)
    return user
