from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "gameplatform.alerts"
    label = "alerts"
    verbose_name = "Alerts"

    def ready(self):
        # The mail tasks in every process (the web's too: they are sent by name) and the
        # subscribers: done at start-up, once the apps are loaded.
        from gameplatform.alerts import subscribers, tasks  # noqa: F401

        subscribers.subscribe()
