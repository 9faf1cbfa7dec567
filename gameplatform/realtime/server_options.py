"""Daphne's WebSocket options that its command line does not offer (docs/contracts.md,
"WebSocket close codes").

Daphne refuses a frame over ``--websocket-max-frame-size`` / ``--websocket-max-message-size``
(1 MiB by default) itself, before the application sees it. It runs autobahn, whose servers
default to ``failByDrop=True``: a connection that must fail (a message over the limit, a
protocol violation, invalid UTF-8) is dropped at the TCP level without a close frame, and the
browser reports 1006 ("abnormal closure"), which says nothing. ``failByDrop=False`` makes
autobahn send the close frame RFC 6455 asks for (section 7.1.7): 1009 "message too big" for
an over-long message, 1002 or 1007 for the others; it then waits for the client's close frame
(``closeHandshakeTimeout``, 1 s) before it closes the connection. The application gets
``websocket.disconnect`` with that code either way.
"""
from __future__ import annotations


def daphne_close_frames() -> bool:
    """Makes the WebSocket factory Daphne builds send close frames (``failByDrop=False``);
    called by ``gameplatform.asgi``, which Daphne imports before it builds the factory.
    Returns False when Daphne is not installed (another ASGI server)."""
    try:
        from daphne.ws_protocol import WebSocketFactory
    except ImportError:  # pragma: no cover - daphne is a requirement
        return False
    if getattr(WebSocketFactory, "_hexagora_close_frames", False):
        return True
    reset = WebSocketFactory.resetProtocolOptions

    def reset_with_close_frames(self):
        reset(self)
        self.failByDrop = False

    # Daphne's own subclass of autobahn's factory: nothing else of autobahn changes.
    WebSocketFactory.resetProtocolOptions = reset_with_close_frames
    WebSocketFactory._hexagora_close_frames = True
    return True
