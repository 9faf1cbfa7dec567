"""Taking a seat through a match's invitation link (``invite_link_join``).

Apart from ``services`` because it joins the match: the turn flow (``matches.turns``) calls the
alerts' hooks in ``services``, and ``matches.services`` sits above the turn flow, so the alerts'
hooks must not import it.
"""
from __future__ import annotations

from gameplatform.core.errors import ServiceError
from gameplatform.matches import selectors as match_selectors
from gameplatform.matches.models import Seat
from gameplatform.matches.services import match_join

from .selectors import invite_token_valid
from .services import INVITE_LINK_INVALID


def invite_link_join(*, tenant, user, match_id, token) -> Seat:
    """Seats ``user`` at match ``match_id`` of ``tenant`` through its invitation link:
    ``token`` must be the match's (``selectors.invite_token``), then as
    ``matches.services.match_join``. Raises 404 ``invalid_invite_link`` (field ``token``) and
    whatever ``match_join`` raises."""
    mid = match_selectors.parse_id(match_id, "match_id")
    if not invite_token_valid(token, mid):
        raise ServiceError("invalid_invite_link", str(INVITE_LINK_INVALID), 404, "token")
    return match_join(tenant=tenant, user=user, match_id=mid)
