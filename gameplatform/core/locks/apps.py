from django.apps import AppConfig


class LocksConfig(AppConfig):
    name = "gameplatform.core.locks"
    label = "locks"
    verbose_name = "Locks"
    default_auto_field = "django.db.models.BigAutoField"
