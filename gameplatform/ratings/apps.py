from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "gameplatform.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        # The subscriber: done at start-up, once the apps are loaded.
        from gameplatform.ratings import subscribers

        subscribers.subscribe()
