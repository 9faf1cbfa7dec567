"""REST API under /api/: the v1 endpoints (docs/contracts.md, "REST API"), the OpenAPI schema
at /api/schema/ and its interactive docs at /api/docs/. Any other /api/ path is a JSON 404."""
from django.urls import path, re_path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from gameplatform.api import alerts

from . import analysis, communities, communities_admin, hints, history, personal, players, tournaments, views


class SignedIndexConverter:
    """A small signed integer (a seat index): a negative one reaches the service, which
    answers 400 ``invalid_seat_index`` rather than a bare 404."""

    regex = "-?[0-9]{1,6}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(SignedIndexConverter, "api_index")

app_name = "api"
urlpatterns = [
    path("v1/games/", views.GameListView.as_view(), name="games"),
    path("v1/matches/", views.MatchListView.as_view(), name="matches"),
    path("v1/matches/<int:match_id>/", views.MatchDetailView.as_view(), name="match"),
    path("v1/matches/<int:match_id>/join/", views.MatchJoinView.as_view(), name="match-join"),
    path("v1/matches/<int:match_id>/leave/", views.MatchLeaveView.as_view(), name="match-leave"),
    path("v1/matches/<int:match_id>/start/", views.MatchStartView.as_view(), name="match-start"),
    path(
        "v1/matches/<int:match_id>/seats/<api_index:seat_index>/bot/",
        views.SeatBotView.as_view(),
        name="match-seat-bot",
    ),
    path("v1/matches/<int:match_id>/resume/", views.SeatResumeView.as_view(), name="match-resume"),
    path("v1/matches/<int:match_id>/view/", views.MatchViewView.as_view(), name="match-view"),
    path("v1/matches/<int:match_id>/legal-actions/", views.LegalActionsView.as_view(), name="match-legal-actions"),
    path("v1/matches/<int:match_id>/actions/", views.ActionView.as_view(), name="match-actions"),
    path("v1/matches/<int:match_id>/hint/", hints.HintView.as_view(), name="match-hint"),
    path("v1/matches/<int:match_id>/analysis/", analysis.AnalysisView.as_view(), name="match-analysis"),
    path("v1/matches/<int:match_id>/history/", history.HistoryView.as_view(), name="match-history"),
    path("v1/matches/<int:match_id>/replay/", history.ReplayView.as_view(), name="match-replay"),
    path("v1/matches/<int:match_id>/replay/steps/", history.ReplayStepsView.as_view(), name="match-replay-steps"),
    path("v1/matches/<int:match_id>/replay/log/", history.ReplayLogView.as_view(), name="match-replay-log"),
    path("v1/matches/<int:match_id>/invitations/", alerts.MatchInvitationView.as_view(), name="match-invitations"),
    path("v1/your-turn/", alerts.YourTurnView.as_view(), name="your-turn"),
    path("v1/leaderboards/<slug:game>/", players.LeaderboardView.as_view(), name="leaderboard"),
    path("v1/members/", players.MemberListView.as_view(), name="members"),
    path("v1/players/<str:username>/", players.PlayerView.as_view(), name="player"),
    path("v1/players/<str:username>/rating-history/", players.RatingHistoryView.as_view(), name="player-rating-history"),
    path("v1/settings/", players.SettingsView.as_view(), name="settings"),
    path("v1/auth/token/", views.TokenObtainView.as_view(), name="auth-token"),
    path("v1/communities/", communities.CommunityListView.as_view(), name="communities"),
    path("v1/communities/<slug:slug>/", communities.CommunityDetailView.as_view(), name="community"),
    # Issue 27: a community's members and audit log for its moderators and owners.
    *[path(route, view.as_view(), name=name) for route, view, name in communities_admin.urlpatterns_v1],
    *[path(route, view.as_view(), name=name) for route, view, name in tournaments.urlpatterns_v1],
    # Issue 27, point 5: a person's own data (api/personal.py).
    path("v1/me/export/", personal.ExportView.as_view(), name="me-export"),
    path("v1/me/export/data/", personal.ExportDataView.as_view(), name="me-export-data"),
    path("v1/me/delete/", personal.AccountDeleteView.as_view(), name="me-delete"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    re_path(r"^(?P<rest>[\s\S]*)$", views.api_not_found),  # any character, a newline too
]
