from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "gameplatform.matches"
    label = "matches"

    def ready(self):
        # The game checks, and the tasks in every process (the web's too: matches.scheduling
        # sends them by name from the Celery app's registry).
        from gameplatform.matches import checks, tasks  # noqa: F401
