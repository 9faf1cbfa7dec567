"""ASGI entry point: HTTP through Django, WebSockets through gameplatform.realtime.

In embedded mode (settings.EMBEDDED_WORKER) it also starts the in-process Celery worker and
the sweeper, so bot turns and timers run without Redis.
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from gameplatform.realtime.server_options import daphne_close_frames  # noqa: E402
from gameplatform.routing import websocket_application  # noqa: E402
from games.registry import warm_up_engines  # noqa: E402

# A frame over Daphne's own limit is refused with a close frame (1009), not a dropped connection.
daphne_close_frames()
# The engines' data (HexBoard Words' mapped word lists) is ready before the first socket.
warm_up_engines()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": websocket_application(),
    }
)

if settings.EMBEDDED_WORKER and os.environ.get("HEXAGORA_NO_EMBEDDED_WORKER") != "1":
    # Lazy: only the embedded server needs the worker's module (Celery's worker machinery).
    from gameplatform.embedded import start_embedded_worker  # noqa: E402

    start_embedded_worker()
