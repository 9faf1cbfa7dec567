"""Django side of Hexfolk: templates ``hexfolk/board.html`` and ``hexfolk/hand.html`` and the
static ES modules ``hexfolk/*.js`` (declared in the engine's ``ui``). The rules live in the pure
engine (``games.hexfolk.engine``)."""
from django.apps import AppConfig


class HexfolkConfig(AppConfig):
    name = "games.hexfolk"
    label = "hexfolk"
    verbose_name = "Hexfolk"
