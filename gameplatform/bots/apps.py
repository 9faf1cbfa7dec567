from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "gameplatform.bots"
    label = "bots"

    def ready(self):
        # Register the bot task in every process (the web's too): matches.scheduling sends it
        # by name from the Celery app's registry.
        from gameplatform.bots import tasks  # noqa: F401
