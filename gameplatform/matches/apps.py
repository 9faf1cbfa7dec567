from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "gameplatform.matches"
    label = "matches"

    def ready(self):
        from gameplatform.matches import checks  # noqa: F401  (registers the game checks)
        # Register the tasks in every process (the web's too): matches.scheduling sends them
        # by name from the Celery app's registry.
        from gameplatform.matches import tasks  # noqa: F401
