from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "gameplatform.players"
    label = "players"
    verbose_name = "Players"
