from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "gameplatform.realtime"
    label = "realtime"

    def ready(self):
        # The subscriber: done at start-up, once the apps are loaded.
        from gameplatform.realtime import subscribers

        subscribers.subscribe()
