"""Player pages, mounted by gameplatform/urls.py: /players/<username>/ and /settings/."""
from django.urls import path

from . import views

urlpatterns = [
    path("players/<str:username>/", views.profile, name="player_profile"),
    path("settings/", views.settings_page, name="settings"),
]
