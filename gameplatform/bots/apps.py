from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "gameplatform.bots"
    label = "bots"
