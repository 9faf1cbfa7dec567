"""What the sockets do while PostgreSQL or Redis is out of reach (issue 24; docs/contracts.md,
"WebSocket outages").

An outage is an error of the connection, not of the request: ``gameplatform.core.outages.is_outage``
says which exceptions are (the same rule as the HTTP side's 503). Sending again later may
work, so the socket answers a message it could not serve with ::

    {"type": "error", "code": "unavailable", "message": "...", "retry_after": 5}

(``"chat_error"`` for a chat frame, with its ``client_message_id``; ``client_action_id`` for a
match action), and a handshake it could not admit is accepted, sent that error and closed with
``CLOSE_UNAVAILABLE`` (4503); the pages reconnect with back-off (``js/client.js``,
``js/chat.js``, ``js/me.js``). ``realtime.sockets.SocketConsumer`` applies it to every socket.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from gameplatform.core.outages import RETRY_AFTER_SECONDS

UNAVAILABLE = "unavailable"
# Close code of a handshake that could not be admitted (read as HTTP 503): the client retries.
CLOSE_UNAVAILABLE = 4503
MSG_UNAVAILABLE = _("The server cannot reach its database or message broker just now; "
                     "this is retried in {seconds} s.")

def unavailable_frame(kind: str = "error", **extra) -> dict:
    """The answer to a message that could not be served: ``{"type": kind, "code":
    "unavailable", "message", "retry_after": RETRY_AFTER_SECONDS, **extra}`` (the message in
    the active language)."""
    return {"type": kind, "code": UNAVAILABLE,
            "message": MSG_UNAVAILABLE.format(seconds=RETRY_AFTER_SECONDS),
            "retry_after": RETRY_AFTER_SECONDS, **extra}
