from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "gameplatform.alerts"
    label = "alerts"
    verbose_name = "Alerts"
