"""The matches' entries in the community's audit trail (issue 27, point 3): aborts, seats
handed to a bot (by a moderator, or by the site after repeated time-outs: actor None) and
given back. Called inside the acting service's transaction, so a refused action leaves none."""
from __future__ import annotations

from gameplatform.tenants.audit import audit_record
from gameplatform.tenants.models import AuditEntry

Action = AuditEntry.Action


def match_subject(match) -> str:
    """The audit ``subject`` naming a match: ``"match:<id>"``."""
    return f"match:{match.pk}"


def record_abort(*, match, by, reason: str = "") -> AuditEntry:
    """``match_abort`` by ``by`` (None: the site)."""
    return audit_record(tenant=match.tenant, actor=by, action=Action.MATCH_ABORT, subject=match_subject(match),
                        reason=reason, details={"game": match.game, "title": match.title})


def record_seat(*, match, seat_index: int, person, by, handed: bool, bot_kind: str = "",
                reason: str = "") -> AuditEntry:
    """A seat handed to a bot (``handed``) or back to ``person``, who sat there; ``by`` the
    moderator, the person taking it back, or None for the site's takeover after time-outs."""
    details = {"seat": seat_index}
    if bot_kind:
        details["bot_kind"] = bot_kind
    if by is None:
        details["automatic"] = True
    return audit_record(tenant=match.tenant, actor=by, action=Action.SEAT_TO_BOT if handed else Action.SEAT_BACK,
                        target=person, subject=match_subject(match), reason=reason, details=details)
