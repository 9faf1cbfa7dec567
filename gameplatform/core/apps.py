from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "gameplatform.core"
    label = "hexagora_core"
    verbose_name = "Core"

    def ready(self):
        # The core's tasks in every process (the sweep for beat, the subscribers' retries).
        from gameplatform.core import tasks  # noqa: F401
