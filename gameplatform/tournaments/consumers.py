"""``ws/tournaments/<id>/``: a tournament page's live updates (issue 28, point 4).

Admission is ``MemberSocket``'s (Origin, session, community, membership; docs/contracts.md,
"WebSocket close codes"); a tournament the community does not have closes with 4404. The
socket then says ``{"type": "changed", "status", "current_round"}`` once at once and after every
change of the tournament (``live.changed_later``); the page fetches its fresh parts. A client
may send ``{"type": "sync"}`` (after a reconnect) for the same message; anything else is an
``error`` naming the field.
"""
from __future__ import annotations

from channels.db import database_sync_to_async

from gameplatform.alerts.consumers import parse_me_message
from gameplatform.realtime.admission import MemberSocket
from gameplatform.realtime.auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from gameplatform.realtime.messages import ClientError, decode_frame
from gameplatform.tenants.selectors import membership_get
from gameplatform.tournaments import live
from gameplatform.tournaments.models import Tournament


class TournamentConsumer(MemberSocket):
    """One open tournament page (module docstring)."""

    socket_name = "tournament socket"

    async def connect(self):
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        await super().connect()

    def admit_member(self, user, tenant) -> int | None:
        """Members of the tournament's community only (4403); another community's or no
        tournament: 4404."""
        if membership_get(user=user, tenant=tenant) is None:
            return CLOSE_FORBIDDEN
        if not Tournament.objects.for_tenant(tenant).filter(pk=self.tournament_id).exists():
            return CLOSE_NOT_FOUND
        return None

    async def admitted(self) -> None:
        await self.join(live.group(self.tournament_id))
        await self._send_state()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.user_id is None:
            return
        try:
            if not await self.recheck():
                return
            parse_me_message(decode_frame(text_data, bytes_data))  # {"type": "sync"} only
            await self._send_state()
        except ClientError as exc:
            out = {"type": "error", "code": exc.code, "message": str(exc.message)}
            if exc.field:
                out["field"] = exc.field
            await self.send_json(out)
        except Exception as exc:
            await self.failed(exc)  # a huge frame (1009), an outage ("unavailable"), else server_error

    async def socket_resumed(self, event):
        if self.user_id is not None and not self.closed:
            await self._send_state()

    async def tournament_changed(self, event):
        """A change committed (``live.changed_later``)."""
        try:
            if await self.recheck():
                await self._send_state()
        except Exception as exc:
            await self.failed(exc)

    async def _send_state(self) -> None:
        row = await database_sync_to_async(self._read)()
        if row is None:
            await self.close(CLOSE_NOT_FOUND)
            return
        await self.send_json({"type": "changed", "status": row[0], "current_round": row[1]})

    def _read(self):
        return Tournament.objects.for_tenant(self.tenant).filter(pk=self.tournament_id).values_list(
            "status", "current_round").first()
