from django.apps import AppConfig


class HextopiaConfig(AppConfig):
    """Django side of Hextopia: board template, static module, admin presets."""

    name = "games.hextopia"
    label = "hextopia"
    verbose_name = "Hextopia"
