"""Django side of Hexcrement: templates ``hexcrement/board.html``, ``hand.html`` and
``rules.html`` and the static ES modules ``hexcrement/*.js`` (declared in the engine's ``ui``).
The rules live in the pure engine (``games.hexcrement.engine``)."""
from django.apps import AppConfig


class HexcrementConfig(AppConfig):
    name = "games.hexcrement"
    label = "hexcrement"
    verbose_name = "Hexcrement"
