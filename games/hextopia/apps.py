"""Django side of Hextopia: templates ``hextopia/board.html`` and ``hextopia/hand.html`` and
the static ES modules ``hextopia/*.js`` (declared in the engine's ``ui``)."""
from django.apps import AppConfig


class HextopiaConfig(AppConfig):
    name = "games.hextopia"
    label = "hextopia"
    verbose_name = "Hextopia"
