"""WebSocket URL routes, and the WebSocket application that ``gameplatform.asgi`` serves."""
from channels.routing import URLRouter
from django.urls import path, re_path

from gameplatform.alerts.consumers import MeConsumer
from gameplatform.chat.consumers import LobbyConsumer
from gameplatform.realtime.auth import CLOSE_NOT_FOUND, socket_auth_stack
from gameplatform.realtime.sockets import SocketConsumer
from gameplatform.tournaments.consumers import TournamentConsumer
from gameplatform.web.match_socket import MatchConsumer


class NoSuchSocket(SocketConsumer):
    """Any other WebSocket path: refused like a missing match (close 4404), never a 500."""

    async def connect(self):
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/me/", MeConsumer.as_asgi()),  # the person's own alerts (gameplatform.alerts)
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),  # issue 28
    re_path(r"", NoSuchSocket.as_asgi()),  # last: everything the routes above do not match
]


def websocket_application():
    """The WebSocket stack: session authentication (``auth.socket_auth_stack``: a database
    outage there closes the socket with 4503, never an HTTP 500), then the routes above. Tests
    use it too, so they exercise what the server runs.

    The Origin is checked by the consumer (``origin.origin_allowed``), not by Channels'
    ``AllowedHostsOriginValidator``: that one lets every Origin through when
    ``ALLOWED_HOSTS = ["*"]`` (our development default) and crashes on a malformed Origin
    header such as ``http://[bad``.
    """
    return socket_auth_stack(URLRouter(websocket_urlpatterns))
