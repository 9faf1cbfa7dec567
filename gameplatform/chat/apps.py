from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    name = "gameplatform.chat"
    label = "chat"
    verbose_name = _("Chat and moderation")

    def ready(self):
        # The suspension receiver and the moderation subscribers: done at start-up.
        from . import signals, subscribers  # noqa: F401

        subscribers.subscribe()
