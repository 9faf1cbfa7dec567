from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "gameplatform.api"
    label = "api"
