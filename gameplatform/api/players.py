"""REST API of issue 13 (points 1 and 2): leaderboards, players' profiles and rating history,
and one's own settings. Thin views over ``ratings.selectors`` and ``players.selectors`` /
``players.services``; the serializers here document the shapes (docs/contracts.md, "REST API").

Everything is scoped to ``request.tenant`` and needs a signed-in member; a person who is not a
member of this community is the same 404 as a username nobody has.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from gameplatform.players import selectors as players
from gameplatform.players import services as player_services
from gameplatform.players.models import LANGUAGES, Preferences
from gameplatform.ratings import selectors as ratings
from gameplatform.tenants.selectors import membership_list
from gameplatform.web import profiles

from .inputs import InputSerializer, StrictBooleanField, StrictInputSerializer
from .views import MemberAPIView, Pagination, _errors

TAG_PLAYERS = "players"
GAME = OpenApiParameter("game", OpenApiTypes.STR, OpenApiParameter.PATH, description="Game slug.")
USERNAME = OpenApiParameter("username", OpenApiTypes.STR, OpenApiParameter.PATH,
                            description="A member's username.")
NOT_A_SETTING = _("Not a setting. Settings: {known}.")


# --- serializers ----------------------------------------------------------------------------


class RatingOut(serializers.Serializer):
    """A person's rating in one game of this community."""

    game = serializers.CharField()
    game_name = serializers.CharField()
    rating = serializers.IntegerField(help_text="The displayed rating: 40 * (mu - 3 sigma) + 1000; 1000 to start.")
    mu = serializers.FloatField(help_text="OpenSkill mean skill.")
    sigma = serializers.FloatField(help_text="OpenSkill uncertainty.")
    rated_games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Rated games finished first.")
    provisional = serializers.BooleanField(help_text="Fewer than 10 rated games.")
    position = serializers.IntegerField(allow_null=True, help_text="Place on the leaderboard (ties share it).")


class LeaderboardEntryOut(RatingOut):
    """One line of a leaderboard."""

    username = serializers.CharField()
    name = serializers.CharField(help_text="The public name.")


class MemberOut(serializers.Serializer):
    """An active member of this community (banned and suspended people are not listed)."""

    username = serializers.CharField()
    name = serializers.CharField(help_text="The public name.")
    role = serializers.ChoiceField(choices=["player", "moderator", "owner"])
    joined_at = serializers.DateTimeField()


class RatingChangeOut(serializers.Serializer):
    """One update of a rating by one finished rated match."""

    match = serializers.IntegerField()
    game = serializers.CharField()
    rank = serializers.IntegerField(help_text="Where the person finished (1 = best).")
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    delta = serializers.IntegerField()
    mu = serializers.FloatField(help_text="mu after the match.")
    sigma = serializers.FloatField(help_text="sigma after the match.")
    rated_games = serializers.IntegerField(help_text="Rated games after this one.")
    provisional = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class WinRateOut(serializers.Serializer):
    """Finished matches of one game (rated or not) and how many the person won."""

    game = serializers.CharField()
    game_name = serializers.CharField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(help_text="wins / played, from 0 to 1.")


class RecentMatchOut(serializers.Serializer):
    """A finished match of the person."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    title = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True)
    won = serializers.BooleanField()
    rated = serializers.BooleanField()
    rating_change = serializers.IntegerField(allow_null=True, help_text="Null: the match was not rated.")


class CurrentMatchOut(serializers.Serializer):
    """An open or active match the person sits at."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField()


class PlayerOut(serializers.Serializer):
    """A member's profile in this community (nothing of other communities)."""

    username = serializers.CharField()
    name = serializers.CharField()
    joined_at = serializers.DateTimeField()
    ratings = RatingOut(many=True)
    win_rates = WinRateOut(many=True)
    recent_matches = RecentMatchOut(many=True, help_text="The 20 latest finished matches, newest first.")
    current_matches = CurrentMatchOut(many=True)


class RatingHistoryQueryIn(InputSerializer):
    """``?game=``: one game's changes only."""

    game = serializers.CharField(required=False, help_text="A game slug.")


class SettingsOut(serializers.Serializer):
    """One's own settings; the vacation fields are this community's."""

    language = serializers.ChoiceField(choices=LANGUAGES)
    colour_blind = serializers.BooleanField()
    high_contrast = serializers.BooleanField()
    email_notifications = serializers.ChoiceField(choices=Preferences.Email.choices)
    browser_notifications = serializers.BooleanField()
    vacation_until = serializers.DateField(allow_null=True, help_text="Last day of vacation here (inclusive).")
    vacation_days_per_year = serializers.IntegerField(help_text="This community's allowance.")
    vacation_days_left = serializers.IntegerField(help_text="Days left this calendar year here.")


class SettingsIn(StrictInputSerializer):
    """``PATCH /api/v1/settings/``: any of the fields; those left out stay. Unknown fields are
    refused (400 naming them)."""

    unknown_message = NOT_A_SETTING
    language = serializers.ChoiceField(choices=LANGUAGES, required=False)
    colour_blind = StrictBooleanField(required=False)
    high_contrast = StrictBooleanField(required=False)
    email_notifications = serializers.ChoiceField(choices=Preferences.Email.choices, required=False)
    browser_notifications = StrictBooleanField(required=False)
    vacation_until = serializers.DateField(
        required=False, allow_null=True,
        help_text="YYYY-MM-DD, today or later, within the days left; null ends a vacation.",
    )


# --- views ----------------------------------------------------------------------------------


class LeaderboardView(MemberAPIView):
    pagination_class = Pagination

    @extend_schema(
        tags=[TAG_PLAYERS], summary="A game's leaderboard in this community", parameters=[GAME],
        responses={200: LeaderboardEntryOut(many=True), **_errors(400, 401, 403, 404)},
    )
    def get(self, request, game: str):
        """Members with a rated game, best rating first; paginated with ``limit``/``offset``.
        404 ``unknown_game`` for a game not offered."""
        board = ratings.leaderboard(tenant=request.tenant, game=game)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(board, request, view=self)
        rows = [{**ratings.rating_public(r, position=r.position), "username": r.user.username,
                 "name": r.user.public_name} for r in page]
        return paginator.get_paginated_response(rows)


class MemberListView(MemberAPIView):
    pagination_class = Pagination

    @extend_schema(
        tags=[TAG_PLAYERS], summary="This community's members",
        responses={200: MemberOut(many=True), **_errors(400, 401, 403)},
    )
    def get(self, request):
        """The active members (``tenants.selectors.membership_list``), owners first then
        moderators then by username; paginated with ``limit``/``offset``."""
        members = membership_list(tenant=request.tenant)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(members, request, view=self)
        rows = [{"username": m.user.username, "name": m.user.public_name, "role": m.role, "joined_at": m.joined_at}
                for m in page]
        return paginator.get_paginated_response(rows)


class PlayerView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAYERS], summary="A member's profile", parameters=[USERNAME],
        responses={200: PlayerOut, **_errors(401, 403, 404)},
    )
    def get(self, request, username: str):
        """Ratings per game, win rates, recent and current matches, all of this community;
        404 ``player_not_found`` for anyone who is not a member here."""
        user, _ = profiles.player_get(tenant=request.tenant, username=username)
        return Response(profiles.player_profile(tenant=request.tenant, user=user))


class RatingHistoryView(MemberAPIView):
    pagination_class = Pagination

    @extend_schema(
        tags=[TAG_PLAYERS], summary="A member's rating history", parameters=[USERNAME, RatingHistoryQueryIn],
        responses={200: RatingChangeOut(many=True), **_errors(400, 401, 403, 404)},
    )
    def get(self, request, username: str):
        """One change per rated match, oldest first (the profile's chart); ``?game=`` for one
        game (400 ``unknown_game`` otherwise); paginated with ``limit``/``offset``."""
        user, _ = profiles.player_get(tenant=request.tenant, username=username)
        history = ratings.rating_history(tenant=request.tenant, user=user,
                                         game=request.query_params.get("game") or None)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(history, request, view=self)
        return paginator.get_paginated_response([ratings.change_public(c) for c in page])


class SettingsView(MemberAPIView):
    @extend_schema(tags=[TAG_PLAYERS], summary="Your settings", responses={200: SettingsOut, **_errors(401, 403)})
    def get(self, request):
        """Language, colour-blind palette, notification choices and this community's vacation."""
        return Response(players.settings_get(user=request.user, tenant=request.tenant))

    @extend_schema(
        tags=[TAG_PLAYERS], summary="Change your settings", request=SettingsIn,
        responses={200: SettingsOut, **_errors(400, 401, 403)},
    )
    def patch(self, request):
        """Changes the fields sent; a refused field (400 naming it) changes nothing at all."""
        data = self.parse(SettingsIn, request.data)
        return Response(player_services.settings_update(user=request.user, tenant=request.tenant, **data))
