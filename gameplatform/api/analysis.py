"""``/api/v1/matches/<id>/analysis/`` (issue 30, point 3): the analysis of the caller's own
decisions in a finished match (``bots.analysis``): POST asks for it, GET follows it."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from gameplatform.bots.analysis import analysis_get, analysis_request

from .views import MATCH_ID, TAG_PLAY, MemberAPIView, _errors


class AnalysisOut(serializers.Serializer):
    """An analysis of one seat's decisions, and how far it is."""

    match = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="The caller's seat, from 0.")
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    progress = serializers.IntegerField(help_text="0-100.")
    budget_seconds = serializers.FloatField(help_text="Worker time one analysis may take.")
    seconds = serializers.FloatField(help_text="Worker time taken so far.")
    result = serializers.JSONField(
        allow_null=True,
        help_text='Once done: {"decisions": [{"step", "choices", "played", "bot", "same", "value_played", '
                  '"value_bot", "loss", "error", "playouts", "mark"}], "costliest": [step, ...], "playouts", '
                  '"seconds", "thresholds", "bot", "playout_bot"}; values are chances to win (0-1).')


class AnalysisView(MemberAPIView):
    @extend_schema(tags=[TAG_PLAY], summary="Your analysis of a finished match", parameters=[MATCH_ID],
                   responses={200: AnalysisOut, **_errors(400, 401, 403, 404, 409)})
    def get(self, request, match_id: int):
        """The analysis of your decisions in this finished match: its progress, then its
        result. 404 ``analysis_not_found`` until you ask for it."""
        return Response(analysis_get(tenant=request.tenant, user=request.user, match_id=match_id))

    @extend_schema(tags=[TAG_PLAY], summary="Ask for the analysis of your decisions", parameters=[MATCH_ID],
                   request=None, responses={202: AnalysisOut, 200: AnalysisOut, **_errors(400, 401, 403, 404, 409)})
    def post(self, request, match_id: int):
        """Asks the strong bot to look again at each of your decisions in this finished
        match, from what you could see then (a background task of at most a few minutes):
        202 when it starts, 200 with the one there is (made once per seat)."""
        out, started = analysis_request(tenant=request.tenant, user=request.user, match_id=match_id)
        return Response(out, status=status.HTTP_202_ACCEPTED if started else status.HTTP_200_OK)
