from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "gameplatform.bots"
    label = "bots"

    def ready(self):
        # The bot task in every process (the web's too, which sends it by name) and the
        # subscribers: done at start-up, once the apps are loaded.
        from gameplatform.bots import subscribers, tasks  # noqa: F401

        subscribers.subscribe()
