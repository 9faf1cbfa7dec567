"""Reads of the alerts: what waits for a person in a community (the header's count,
``/your-turn/``, the API), their open invitations, the words of an alert, and the signed tokens
of the invitation and unsubscribe links.

Everything is of one community (``tenant``) and of the person asking: nobody of another
community is named, and nothing about other people's turns is shown.
"""
from __future__ import annotations

from django.core import signing
from django.db.models import Count, F, Q
from django.urls import reverse
from django.utils.translation import gettext

from accounts.models import User
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import game_name

from .models import MatchInvitation

INVITE_SALT = "hexagora.alerts.match-invite"
UNSUBSCRIBE_SALT = "hexagora.alerts.unsubscribe"
# Signed tokens arriving in URLs are refused unread beyond this length.
MAX_TOKEN_CHARS = 200


def _signed_in(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def _waiting(*, tenant, user):
    """``user``'s seats waited for in the active matches of ``tenant``."""
    return Seat.objects.filter(user_id=user.pk, waiting_since__isnull=False, match__tenant_id=tenant.pk,
                               match__status=Match.Status.ACTIVE)


def waiting_count(*, tenant, user) -> int:
    """How many matches of ``tenant`` wait for ``user`` to act (0 when signed out)."""
    if not _signed_in(user) or tenant is None:
        return 0
    return _waiting(tenant=tenant, user=user).count()


def alerts_count(*, tenant, user) -> int:
    """The header's "Your turn" badge: what ``/your-turn/`` lists, the matches of ``tenant``
    waiting for ``user`` (``waiting_list``) and their open invitations (``invitation_list``),
    counted from the same queries (0 when signed out)."""
    if not _signed_in(user) or tenant is None:
        return 0
    return _waiting(tenant=tenant, user=user).count() + _invitations(tenant=tenant, user=user).count()


def waiting_list(*, tenant, user) -> list[dict]:
    """The matches of ``tenant`` waiting for ``user``, oldest deadline first, those without a
    deadline last (each group by how long they have waited, longest first)::

        [{"match": id, "game": slug, "game_name": str, "title": str, "url": "/matches/<id>/",
          "deadline": datetime | None, "since": datetime, "turn_seconds": int | None}]
    """
    if not _signed_in(user) or tenant is None:
        return []
    seats = (
        _waiting(tenant=tenant, user=user).select_related("match")
        .only("waiting_since", "match__id", "match__game", "match__title", "match__deadline", "match__turn_seconds")
        .order_by(F("match__deadline").asc(nulls_last=True), "waiting_since", "match_id")
    )
    return [
        {"match": s.match.pk, "game": s.match.game, "game_name": game_name(s.match.game), "title": s.match.title,
         "url": reverse("match_detail", args=[s.match.pk]), "deadline": s.match.deadline, "since": s.waiting_since,
         "turn_seconds": s.match.turn_seconds}
        for s in seats
    ]


def _invitations(*, tenant, user):
    """``user``'s invitations to the open matches of ``tenant`` where they hold no seat."""
    seated = Seat.objects.filter(user_id=user.pk).values("match_id")
    return (MatchInvitation.objects.filter(user_id=user.pk, match__tenant_id=tenant.pk, match__status=Match.Status.OPEN)
            .exclude(match_id__in=seated))


def invitation_list(*, tenant, user) -> list[dict]:
    """``user``'s invitations to open matches of ``tenant`` where they hold no seat, newest
    first::

        [{"match": id, "game": slug, "game_name": str, "title": str, "url": str,
          "invited_by": public name | None, "created_at": datetime, "free_seats": int}]
    """
    if not _signed_in(user) or tenant is None:
        return []
    rows = (
        _invitations(tenant=tenant, user=user)
        .select_related("match", "invited_by")
        .defer("match__state")
        .annotate(free=Count("match__seats", filter=Q(match__seats__user__isnull=True, match__seats__bot_kind="")))
        .order_by("-created_at", "-pk")
    )
    return [
        {"match": inv.match.pk, "game": inv.match.game, "game_name": game_name(inv.match.game),
         "title": inv.match.title, "url": reverse("match_detail", args=[inv.match.pk]),
         "invited_by": inv.invited_by.public_name if inv.invited_by else None,
         "created_at": inv.created_at, "free_seats": inv.free}
        for inv in rows
    ]


def match_label(game: str, title: str) -> str:
    """"Hextopia · Friday game", or the game's name alone for an untitled match."""
    name = game_name(game)
    return f"{name} · {title}" if title else name


def alert_text(alert: dict) -> dict:
    """The words of an alert (``notify.match_alert``), in the active language:
    ``{"title": str, "body": str}`` for the browser notification."""
    label = match_label(alert.get("game") or "", alert.get("title") or "")
    kind = alert.get("kind")
    if kind == "turn":
        return {"title": gettext("Your turn"), "body": gettext("It is your turn in %(match)s.") % {"match": label}}
    if kind == "invitation":
        return {"title": gettext("Invitation"),
                "body": gettext("%(name)s invites you to %(match)s.") % {"name": alert.get("by") or "?",
                                                                         "match": label}}
    if alert.get("status") == Match.Status.ABORTED:
        return {"title": gettext("Match called off"), "body": gettext("%(match)s was called off.") % {"match": label}}
    if alert.get("won"):
        return {"title": gettext("Match over"), "body": gettext("%(match)s is over: you won!") % {"match": label}}
    return {"title": gettext("Match over"), "body": gettext("%(match)s is over.") % {"match": label}}


# --- signed links ---------------------------------------------------------------------------


def invite_token(match_id: int) -> str:
    """The token of match ``match_id``'s invitation link (signed with ``SECRET_KEY``)."""
    return signing.Signer(salt=INVITE_SALT).sign_object(int(match_id))


def invite_token_valid(token, match_id: int) -> bool:
    """Is ``token`` the invitation token of match ``match_id``?"""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS:
        return False
    try:
        value = signing.Signer(salt=INVITE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError):
        return False
    return isinstance(value, int) and not isinstance(value, bool) and value == match_id


def invite_path(match_id: int) -> str:
    """``/matches/<id>/invite/<token>/``: the match's invitation link, without the host."""
    return reverse("alerts_invite_link", args=[match_id, invite_token(match_id)])


def unsubscribe_token(user) -> str:
    """The token of ``user``'s one-click unsubscribe link: their id, signed (no timestamp: it
    never expires, as RFC 8058 links must keep working, and each mail carries the same one)."""
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object(user.pk)


def unsubscribe_token_user(token):
    """The active user whose unsubscribe token ``token`` is, or None."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS:
        return None
    try:
        user_id = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError):
        return None
    if isinstance(user_id, bool) or not isinstance(user_id, int):
        return None
    return User.objects.filter(pk=user_id, is_active=True).first()
