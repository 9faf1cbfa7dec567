"""The communities' part of a person's own data (issue 27, point 5): the "memberships"
section of "Download my data" (``core.personal``)."""
from __future__ import annotations

from .models import Membership


def _iso(value):
    return value.isoformat() if value is not None else None


def memberships_section(user) -> list[dict]:
    """``[{"community", "community_name", "role", "joined_at", "vacation_until",
    "banned_at", "timeout_until"}]``, oldest first."""
    rows = Membership.objects.filter(user=user).select_related("tenant").order_by("joined_at", "pk")
    return [{
        "community": m.tenant.slug, "community_name": m.tenant.name, "role": m.role,
        "joined_at": _iso(m.joined_at), "vacation_until": _iso(m.vacation_until),
        "banned_at": _iso(m.banned_at), "timeout_until": _iso(m.timeout_until),
    } for m in rows]
