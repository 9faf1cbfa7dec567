from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "gameplatform.matches"
    label = "matches"
