from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    name = "gameplatform.chat"
    label = "chat"
    verbose_name = _("Chat and moderation")

    def ready(self):
        from . import signals  # noqa: F401 - connects the suspension receiver
