"""REST API of issue 28, point 6: the tournaments of the host's community, with the matches'
permissions (a member of ``request.tenant``; another community's tournament is 404
``tournament_not_found``). Thin views over ``tournaments.services`` and ``tournaments.selectors``:

- ``GET /api/v1/tournaments/?status=``: newest first, paginated (``limit``/``offset``);
- ``POST /api/v1/tournaments/``: create (moderators, or members when the community allows);
- ``GET /api/v1/tournaments/<id>/``: settings, players, rounds, standings;
- ``POST .../register/``, ``POST .../withdraw/``: the caller's entry;
- ``GET .../standings/``: the standings with their tie-breaks.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from gameplatform.core.errors import ServiceError
from gameplatform.matches.clocks import BANK_MINUTES, DAYS_PER_MOVE, INCREMENT_SECONDS
from gameplatform.matches.models import Match
from gameplatform.tournaments import selectors, services
from gameplatform.tournaments.models import Tournament

from .inputs import GameField, InputSerializer, JSONObjectField, StrictBooleanField, text
from .views import MemberAPIView, Pagination, _errors

TAG = "tournaments"
TOURNAMENT_ID = OpenApiParameter("tournament_id", int, OpenApiParameter.PATH, description="The tournament's id.")
STATUS_INVALID = "Field 'status' must be one of: " + ", ".join(Tournament.Status.values) + "."


class TournamentIn(InputSerializer):
    """``POST /api/v1/tournaments/``: shapes and ranges; the service checks the rest (the game's
    seats and options, the clock) with the lobby's rules."""

    name = text(max_length=80)
    game = GameField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices, default="swiss")
    rounds = serializers.IntegerField(min_value=1, max_value=services.MAX_ROUNDS, default=3,
                                      help_text="Swiss: the rounds; the other formats' follow from the field.")
    table_size = serializers.IntegerField(min_value=2, max_value=8, default=2,
                                          help_text="Players per table, within the game's seat counts.")
    double_round_robin = StrictBooleanField(default=False)
    advance = serializers.IntegerField(min_value=1, max_value=7, default=1,
                                       help_text="Knockout: how many of each table go through (below table_size).")
    place_points = serializers.ListField(child=serializers.FloatField(min_value=0, max_value=100), required=False,
                                         allow_null=True, default=None, max_length=8,
                                         help_text="Points of places 1..table_size (default k-1 ... 0).")
    bye_points = serializers.FloatField(min_value=0, max_value=10, default=1)
    options = JSONObjectField(required=False, default=dict)
    variant_id = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                          max_value=2**31 - 1)
    time_control = serializers.ChoiceField(choices=Match.TimeControl.choices, required=False, allow_null=True,
                                           default=None)
    turn_seconds = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=30,
                                            max_value=604800)
    bank_minutes = serializers.IntegerField(required=False, allow_null=True, default=None,
                                            min_value=BANK_MINUTES[0], max_value=BANK_MINUTES[1])
    increment_seconds = serializers.IntegerField(required=False, allow_null=True, default=None,
                                                 min_value=INCREMENT_SECONDS[0], max_value=INCREMENT_SECONDS[1])
    days_per_move = serializers.IntegerField(required=False, allow_null=True, default=None,
                                             min_value=DAYS_PER_MOVE[0], max_value=DAYS_PER_MOVE[1])
    round_hours = serializers.IntegerField(min_value=1, max_value=services.MAX_ROUND_HOURS, default=24)
    rated = StrictBooleanField(default=False)
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None,
                                          help_text="When it starts (in the future); or start_when_full.")
    start_when_full = StrictBooleanField(default=False)
    max_players = serializers.IntegerField(min_value=2, max_value=services.MAX_PLAYERS, default=16)


class EntrantOut(serializers.Serializer):
    user_id = serializers.IntegerField()
    username = serializers.CharField()
    withdrawn = serializers.BooleanField()
    removed = serializers.BooleanField(help_text="Removed by a moderator.")


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    user_id = serializers.IntegerField()
    username = serializers.CharField()
    points = serializers.FloatField()
    buchholz = serializers.FloatField(help_text="The sum of the opponents' points.")
    sonneborn_berger = serializers.FloatField(help_text="Each opponent's points times the result against them.")
    head_to_head = serializers.FloatField(help_text="Results against the players level on points.")
    score = serializers.FloatField(help_text="The game's own scores added up (signed: more is better).")
    played = serializers.IntegerField()
    byes = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    eliminated_in = serializers.IntegerField(allow_null=True, help_text="Knockout: the round they went out in.")
    bot_played = serializers.BooleanField(help_text="A bot took their seat after repeated time-outs.")


class TablePlayerOut(serializers.Serializer):
    user_id = serializers.IntegerField()
    username = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text="1 = best, ties share; null until decided.")


class TableOut(serializers.Serializer):
    index = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="The table's match (none for a forfeit).")
    status = serializers.ChoiceField(choices=Match.Status.choices, allow_null=True)
    adjudicated = serializers.BooleanField()
    players = TablePlayerOut(many=True)


class ByeOut(serializers.Serializer):
    user_id = serializers.IntegerField()
    username = serializers.CharField()


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    started = serializers.BooleanField()
    finished = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)
    byes = ByeOut(many=True)
    tables = TableOut(many=True)


class TournamentOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    current_round = serializers.IntegerField()
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    rounds = serializers.IntegerField()
    table_size = serializers.IntegerField()
    double_round_robin = serializers.BooleanField()
    advance = serializers.IntegerField()
    place_points = serializers.ListField(child=serializers.FloatField())
    bye_points = serializers.FloatField()
    options = serializers.DictField()
    variant_id = serializers.IntegerField(allow_null=True)
    time_control = serializers.ChoiceField(choices=Match.TimeControl.choices)
    turn_seconds = serializers.IntegerField(allow_null=True)
    bank_minutes = serializers.IntegerField(allow_null=True)
    increment_seconds = serializers.IntegerField(allow_null=True)
    days_per_move = serializers.IntegerField(allow_null=True)
    round_hours = serializers.IntegerField()
    rated = serializers.BooleanField()
    starts_at = serializers.DateTimeField(allow_null=True)
    start_when_full = serializers.BooleanField()
    max_players = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    players = EntrantOut(many=True)
    rounds_played = RoundOut(many=True, help_text="Each round, first to last.")
    standings = StandingOut(many=True)


def _out(tournament: Tournament) -> dict:
    public = selectors.tournament_public(tournament)
    public["rounds_played"] = public.pop("rounds")
    # "rounds" is the count of rounds; the rounds themselves are "rounds_played".
    public["rounds"] = tournament.rounds
    return public


class _TournamentView(MemberAPIView):
    def tournament(self, tournament_id) -> Tournament:
        found = selectors.tournament_get(self.request.tenant, tournament_id)
        if found is None:
            raise ServiceError("tournament_not_found", services.NOT_FOUND, 404)
        return found


class TournamentListView(_TournamentView):
    pagination_class = Pagination

    @extend_schema(tags=[TAG], summary="Tournaments of this community", parameters=[OpenApiParameter(
        "status", {"type": "string", "enum": Tournament.Status.values}, OpenApiParameter.QUERY, required=False)],
        responses={200: TournamentOut(many=True), **_errors(400, 401, 403)})
    def get(self, request):
        """Newest first, optionally of one ``status``; paginated with ``limit``/``offset``."""
        wanted = request.query_params.get("status")
        if wanted is not None and wanted not in Tournament.Status.values:
            raise ServiceError("invalid_status", STATUS_INVALID, 400, "status")
        found = selectors.tournaments_of(request.tenant, statuses=(wanted,) if wanted else None)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(found, request, view=self)
        return paginator.get_paginated_response([_out(t) for t in page])

    @extend_schema(tags=[TAG], summary="Create a tournament", request=TournamentIn,
                   responses={201: TournamentOut, **_errors(400, 401, 403, 413, 415)})
    def post(self, request):
        """Opens a tournament for registration (moderators, or members when the community
        allows it)."""
        data = self.parse(TournamentIn, request.data)
        tournament = services.tournament_create(tenant=request.tenant, user=request.user, **data)
        return Response(_out(tournament), status=status.HTTP_201_CREATED)


class TournamentDetailView(_TournamentView):
    @extend_schema(tags=[TAG], summary="A tournament", parameters=[TOURNAMENT_ID],
                   responses={200: TournamentOut, **_errors(400, 401, 403, 404)})
    def get(self, request, tournament_id: int):
        """Settings, players, rounds and standings."""
        return Response(_out(self.tournament(tournament_id)))


class TournamentRegisterView(_TournamentView):
    @extend_schema(tags=[TAG], summary="Register for a tournament", parameters=[TOURNAMENT_ID], request=None,
                   responses={200: TournamentOut, **_errors(400, 401, 403, 404, 409)})
    def post(self, request, tournament_id: int):
        """Registers the caller until the start."""
        services.tournament_register(tenant=request.tenant, user=request.user, tournament_id=tournament_id)
        return Response(_out(self.tournament(tournament_id)))


class TournamentWithdrawView(_TournamentView):
    @extend_schema(tags=[TAG], summary="Withdraw from a tournament", parameters=[TOURNAMENT_ID], request=None,
                   responses={200: TournamentOut, **_errors(400, 401, 403, 404, 409)})
    def post(self, request, tournament_id: int):
        """Before the start: leaves. Once running: forfeits the remaining games."""
        services.tournament_withdraw(tenant=request.tenant, user=request.user, tournament_id=tournament_id)
        return Response(_out(self.tournament(tournament_id)))


class TournamentStandingsView(_TournamentView):
    @extend_schema(tags=[TAG], summary="A tournament's standings", parameters=[TOURNAMENT_ID],
                   responses={200: StandingOut(many=True), **_errors(400, 401, 403, 404)})
    def get(self, request, tournament_id: int):
        """Best first, with the tie-breaks (empty before the start)."""
        return Response(selectors.tournament_public(self.tournament(tournament_id))["standings"])


urlpatterns_v1 = [
    ("v1/tournaments/", TournamentListView, "tournaments"),
    ("v1/tournaments/<int:tournament_id>/", TournamentDetailView, "tournament"),
    ("v1/tournaments/<int:tournament_id>/register/", TournamentRegisterView, "tournament-register"),
    ("v1/tournaments/<int:tournament_id>/withdraw/", TournamentWithdrawView, "tournament-withdraw"),
    ("v1/tournaments/<int:tournament_id>/standings/", TournamentStandingsView, "tournament-standings"),
]
