from django.apps import AppConfig


class TenantsConfig(AppConfig):
    name = "gameplatform.tenants"
    label = "tenants"

    def ready(self):
        # The purge of closed communities past their retention (issue 27, point 4) is part
        # of the periodic sweep; registered at start-up, once the models are loaded.
        from gameplatform.core import personal, sweeps
        from gameplatform.tenants import closing
        from gameplatform.tenants import personal as memberships

        sweeps.sweep_register("community-purge", lambda: closing.purge_sweep())
        personal.export_section_register("memberships", memberships.memberships_section)
