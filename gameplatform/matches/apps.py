from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "gameplatform.matches"
    label = "matches"

    def ready(self):
        # The game checks, the tasks in every process (the web's too: they are sent by name)
        # and the turn flow's own subscribers: done at start-up, once the apps are loaded.
        from gameplatform.matches import checks, subscribers, tasks  # noqa: F401

        subscribers.subscribe()
