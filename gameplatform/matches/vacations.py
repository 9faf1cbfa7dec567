"""The correspondence clocks of a member whose vacation changed (issue 13, point 4; the clocks
themselves are ``clocks``).

Apart from ``clocks`` because it locks, bumps and notifies matches through the turn flow
(``turns``), which itself moves the clocks on: ``clocks`` stays below the turn flow.
"""
from __future__ import annotations

import datetime

from django.utils import timezone

from gameplatform.matches.clocks import CORRESPONDENCE, _ms, earliest_deadline, vacation_end
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.turns import _bump_and_notify, _lock, _seats


def clocks_vacation_changed(*, membership, now: datetime.datetime | None = None) -> int:
    """After the member's vacation started, changed or ended (``players.services.vacation_set``,
    in its transaction): reschedules the correspondence clocks of their seats in the
    membership's community. A running clock stops at ``now`` with the time it has left and
    starts again when the vacation ends; a clock a vacation paused starts at the new end, or
    now when the vacation is over. Each match changed gets ``version + 1``, its new
    ``Match.deadline`` and, after commit, the broadcast and timer of every change. Returns the
    number of matches changed."""
    now = now or timezone.now()
    end = vacation_end(membership, now)
    match_ids = sorted(set(
        Seat.objects.filter(
            user_id=membership.user_id, bot_kind="", bot_takeover=False, clock_since__isnull=False,
            match__tenant_id=membership.tenant_id, match__status=Match.Status.ACTIVE,
            match__time_control=CORRESPONDENCE,
        ).values_list("match_id", flat=True)
    ))
    changed_matches = 0
    for match_id in match_ids:  # in id order: two of these never wait for each other in a circle
        match = _lock(match_id, None)
        if match.status != Match.Status.ACTIVE or match.time_control != CORRESPONDENCE:
            continue
        seats = _seats(match)
        changed = []
        for seat in seats:
            if seat.user_id != membership.user_id or seat.bot_plays or seat.clock_since is None:
                continue
            if seat.clock_since <= now:  # running: keep what is left, for after the vacation
                if end is None:
                    continue
                seat.clock_ms = max(seat.clock_ms - _ms(now - seat.clock_since), 0)
                seat.clock_since = end
            elif seat.clock_since != (end or now):  # paused: resume at the new end
                seat.clock_since = end or now
            else:
                continue
            changed.append(seat)
        if changed:
            Seat.objects.bulk_update(changed, ["clock_ms", "clock_since"])
            match.deadline = earliest_deadline(seats)
            _bump_and_notify(match)
            changed_matches += 1
    return changed_matches
