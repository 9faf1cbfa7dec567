from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "gameplatform.realtime"
    label = "realtime"
