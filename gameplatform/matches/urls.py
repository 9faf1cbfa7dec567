"""Site pages: lobby, match, replay, and the open match's seat forms."""
from django.urls import path, register_converter

from . import views


class IdConverter:
    """A database id: at most 18 digits, so an absurd number is a 404 and never reaches the
    database as an out-of-range integer."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


class SeatConverter(IdConverter):
    """A seat index: a small number (the service checks it against the table)."""

    regex = "[0-9]{1,3}"


register_converter(IdConverter, "id")
register_converter(SeatConverter, "seat")

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("matches/new/", views.match_create, name="match_create"),
    path("matches/quick/", views.match_quick, name="match_quick"),
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
]
