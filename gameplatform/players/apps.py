from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "gameplatform.players"
    label = "players"
    verbose_name = "Players"

    def ready(self):
        # Connects the sign-in receiver (language_on_login), loads the tasks (sent by name)
        # and registers the settings' part of a person's own data: done at start-up.
        from gameplatform.core import events, personal
        from gameplatform.players import exports, language, tasks  # noqa: F401

        personal.export_section_register("settings", exports.settings_section)
        events.subscribe(events.AccountDeleted, exports.account_deleted, phase=events.IN_TRANSACTION)
