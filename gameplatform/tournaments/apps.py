from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "gameplatform.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # The task in every process (the web's too: it is sent by name) and the subscribers.
        from gameplatform.tournaments import subscribers, tasks  # noqa: F401

        subscribers.subscribe()
