"""The alerts' subscribers (``core.events``) and their part of the periodic sweep: who each
match waits for ("your turn", written with every change), the end-of-match alert, and the
daily digests."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplatform.alerts import digest, services
from gameplatform.alerts.models import DigestMail, MatchInvitation, MatchMail
from gameplatform.core import events, sweeps
from gameplatform.matches.models import Match


def _match(event: events.MatchEvent, context: Mapping[str, Any]) -> Match:
    match = context.get("match")
    return match if match is not None else Match.unscoped.get(pk=event.match_id)


def waiting_on_change(event: events.MatchChanged, context: Mapping[str, Any]) -> None:
    """In the change's transaction: ``waiting_sync`` (the seats' ``waiting_since``; the
    people's alerts after commit, after the broadcast)."""
    services.waiting_sync(_match(event, context), seats=context.get("seats"), state=context.get("state"))


def invitations_on_change(event: events.MatchChanged, context: Mapping[str, Any]) -> None:
    """In the change's transaction: ``invitations_changed`` (the invitees' badges count
    their open invitations: a seat taken, the start or the end of an open match changes it)."""
    services.invitations_changed(_match(event, context), started=isinstance(event, events.MatchStarted))


def end_alert(event: events.MatchEnded, context: Mapping[str, Any]) -> None:
    """In the ending's transaction: ``match_ended`` (its people are told after commit)."""
    services.match_ended(_match(event, context))


def account_deleted(event: events.AccountDeleted, context: Mapping[str, Any]) -> None:
    """Issue 27, point 5: a deleted account's invitations and mail records go."""
    MatchInvitation.objects.filter(user_id=event.user_id).delete()
    MatchMail.objects.filter(user_id=event.user_id).delete()
    DigestMail.objects.filter(user_id=event.user_id).delete()


def subscribe() -> None:
    """Called once from ``AlertsConfig.ready``."""
    events.subscribe(events.MatchChanged, waiting_on_change, phase=events.IN_TRANSACTION)
    events.subscribe(events.MatchChanged, invitations_on_change, phase=events.IN_TRANSACTION)
    events.subscribe(events.MatchEnded, end_alert, phase=events.IN_TRANSACTION)
    sweeps.sweep_register("digests", lambda: digest.digest_sweep())
    events.subscribe(events.AccountDeleted, account_deleted, phase=events.IN_TRANSACTION)
