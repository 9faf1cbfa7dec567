"""The turn flow's part of closing a community (issue 27, point 4): at ``Tenant.closes_at``
the matches still open or in progress there are aborted without a result (``match_abort``:
``MatchAborted``, so ratings never change) and the community is marked closed
(``tenants.closing.community_mark_closed``). Here rather than in tenants, which sits below
matches. Runs as the periodic sweep's part "community-closing" (``core.sweeps``)."""
from __future__ import annotations

import logging

from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match
from gameplatform.matches.services import match_abort
from gameplatform.tenants.closing import community_mark_closed, tenants_due_to_close

log = logging.getLogger(__name__)


def community_matches_abort(*, tenant_id: int) -> list[int]:
    """Aborts every open or active match of the community; returns their ids (a match that
    ended meanwhile is skipped)."""
    aborted = []
    live = Match.unscoped.filter(tenant_id=tenant_id, status__in=[Match.Status.OPEN, Match.Status.ACTIVE])
    for match_id in live.order_by("pk").values_list("pk", flat=True):
        try:
            match_abort(match_id=match_id, by=None, reason="community closed")
        except ServiceError:
            continue  # it ended between the read and the lock
        aborted.append(match_id)
    return aborted


def closings_sweep() -> int:
    """Closes every community whose notice is over: aborts its matches, then sets
    ``closed_at``. Returns the number of communities closed."""
    done = 0
    for tenant in list(tenants_due_to_close()):
        aborted = community_matches_abort(tenant_id=tenant.pk)
        if community_mark_closed(tenant_id=tenant.pk, aborted=aborted):
            log.info("community %s closed; %d matches aborted", tenant.pk, len(aborted))
            done += 1
    return done
