"""Site pages: lobby, match, replay, the open match's seat forms, a player's page and one's
settings, the tournaments."""
from django.urls import path

from gameplatform.core import converters  # noqa: F401  (registers "id" and "seat")

from . import access, personal, players, tournaments
from . import matches as views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("matches/new/", views.match_create, name="match_create"),
    path("matches/quick/", views.match_quick, name="match_quick"),
    path("games/keyboard/", access.keyboard_help, name="keyboard_help"),
    path("games/<slug:slug>/rules/", views.game_rules, name="game_rules"),
    path("matches/<id:match_id>/", views.match_detail, name="match_detail"),
    path("matches/<id:match_id>/replay/", views.match_replay, name="match_replay"),
    path("matches/<id:match_id>/join/", views.match_join, name="match_join"),
    path("matches/<id:match_id>/leave/", views.match_leave, name="match_leave"),
    path("matches/<id:match_id>/seats/<seat:seat_index>/bot/", views.match_seat_bot, name="match_seat_bot"),
    path("matches/<id:match_id>/start/", views.match_start, name="match_start"),
    path("matches/<id:match_id>/resume/", views.match_resume, name="match_resume"),
    path("matches/<id:match_id>/fill-bots/", views.match_fill_bots, name="match_fill_bots"),
    path("matches/<id:match_id>/rematch/", views.match_rematch, name="match_rematch"),
    path("players/<str:username>/", players.profile, name="player_profile"),
    path("settings/", players.settings_page, name="settings"),
    path("settings/export/", personal.data_export_start, name="data_export_start"),
    path("settings/export/<str:token>/", personal.data_export_download, name="data_export_download"),
    path("settings/delete/", personal.account_delete, name="account_delete"),
    path("tournaments/", tournaments.tournament_list, name="tournament_list"),
    path("tournaments/new/", tournaments.tournament_create, name="tournament_create"),
    path("tournaments/<id:tournament_id>/", tournaments.tournament_detail, name="tournament_detail"),
    path("tournaments/<id:tournament_id>/live/", tournaments.tournament_live, name="tournament_live"),
    path("tournaments/<id:tournament_id>/register/", tournaments.tournament_register, name="tournament_register"),
    path("tournaments/<id:tournament_id>/withdraw/", tournaments.tournament_withdraw, name="tournament_withdraw"),
    path("tournaments/<id:tournament_id>/<slug:action>/", tournaments.tournament_moderate,
         name="tournament_moderate"),
]
