from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "gameplatform.matches"
    label = "matches"

    def ready(self):
        from gameplatform.matches import checks  # noqa: F401  (registers the game checks)
