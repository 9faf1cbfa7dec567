"""``POST /api/v1/matches/<id>/hint/`` (issue 30, point 4): the strongest bot's choice for the
caller's seat, from that seat's view, in a match that offers hints (``bots.hints``)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from gameplatform.bots.hints import hint_ask

from .views import MATCH_ID, TAG_PLAY, MemberAPIView, _errors


class HintOut(serializers.Serializer):
    """A hint: one of the caller's legal actions now."""

    match = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The match version the hint is for.")
    seat = serializers.IntegerField(help_text="The caller's seat, from 0.")
    bot = serializers.CharField(help_text="The bot kind that chose (the game's strongest).")
    action = serializers.DictField(child=serializers.JSONField(), help_text="One of the seat's legal actions.")


class HintView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="Ask for a hint",
        parameters=[MATCH_ID],
        request=None,
        responses={200: HintOut, **_errors(400, 401, 403, 404, 409, 429)},
    )
    def post(self, request, match_id: int):
        """The strongest bot's move for your seat, from your view, on your turn: only in an
        unrated match that offers hints (else 403 ``hints_off``). Your next move is marked in
        the log as made after a hint. One hint every 2 s (429 ``hint_too_soon``)."""
        return Response(hint_ask(tenant=request.tenant, user=request.user, match_id=match_id))
