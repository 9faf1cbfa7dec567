"""Leaderboard pages, mounted at /leaderboards/ by gameplatform/urls.py."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.leaderboard_index, name="leaderboard_index"),
    path("<slug:game>/", views.leaderboard, name="leaderboard"),
]
