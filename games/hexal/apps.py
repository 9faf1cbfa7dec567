"""Django side of Hexal Classic: templates ``hexal/board.html``, ``hexal/hand.html`` and
``hexal/rules.html`` and the static ES modules ``hexal/*.js`` (declared in the engine's ``ui``).
The rules live in the pure engine (``games.hexal.engine``)."""
from django.apps import AppConfig


class HexalConfig(AppConfig):
    name = "games.hexal"
    label = "hexal"
    verbose_name = "Hexal Classic"
