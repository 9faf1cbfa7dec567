from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "gameplatform.alerts"
    label = "alerts"
    verbose_name = "Alerts"

    def ready(self):
        # Register the mail tasks in every process (the web's too): services and the digest
        # send them by name from the Celery app's registry.
        from gameplatform.alerts import tasks  # noqa: F401
