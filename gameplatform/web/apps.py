from django.apps import AppConfig


class WebConfig(AppConfig):
    """The site's pages that bring the features together (the lobby, the tables, a player's
    page and settings) and the demo seeding: the top layer beside the REST API."""

    name = "gameplatform.web"
    label = "web"
    verbose_name = "Site pages"

    def ready(self):
        # The community page's matches (tenants.pages.home_section) come from this layer.
        from . import communities  # noqa: F401
