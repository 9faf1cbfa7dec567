from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "gameplatform.ratings"
    label = "ratings"
    verbose_name = "Ratings"
