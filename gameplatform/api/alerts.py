"""REST API of the alerts (docs/contracts.md, "REST API"): ``GET /api/v1/your-turn/`` and
``POST /api/v1/matches/<id>/invitations/``. Thin views over ``alerts.selectors`` and
``alerts.services``; a signed-in member of ``request.tenant`` only, and nothing of another
community."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from gameplatform.alerts import selectors, services
from gameplatform.api.inputs import InputSerializer, text
from gameplatform.api.views import MATCH_ID, TAG_MATCHES, MemberAPIView, _errors

TAG_ALERTS = "alerts"


class WaitingOut(serializers.Serializer):
    """A match of this community waiting for you to act."""

    match = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField(help_text="The match's page, /matches/<id>/.")
    deadline = serializers.DateTimeField(allow_null=True, help_text="Null: no time limit.")
    since = serializers.DateTimeField(help_text="When your turn began.")
    turn_seconds = serializers.IntegerField(allow_null=True, help_text="The time per turn; null: unlimited.")


class InvitationOut(serializers.Serializer):
    """An invitation to an open match of this community where you hold no seat yet."""

    match = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()
    invited_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    free_seats = serializers.IntegerField()


class YourTurnOut(serializers.Serializer):
    """What waits for you here: ``count`` = len(``results``), the header's badge."""

    count = serializers.IntegerField()
    results = WaitingOut(many=True, help_text="Oldest deadline first; matches without a deadline last.")
    invitations = InvitationOut(many=True, help_text="Newest first.")


class InvitationIn(InputSerializer):
    """``POST /api/v1/matches/<id>/invitations/``."""

    username = text(max_length=150, help_text="A member of this community (else 400 unknown_player).")


class InvitationCreatedOut(serializers.Serializer):
    """The invitation (the same one when the person was invited before)."""

    match = serializers.IntegerField()
    username = serializers.CharField()
    invited_at = serializers.DateTimeField()


class YourTurnView(MemberAPIView):
    @extend_schema(tags=[TAG_ALERTS], summary="Matches waiting for you",
                   responses={200: YourTurnOut, **_errors(401, 403)})
    def get(self, request):
        """The matches of this community where it is your turn, oldest deadline first (no
        deadline last), and your open invitations."""
        waiting = selectors.waiting_list(tenant=request.tenant, user=request.user)
        return Response({"count": len(waiting), "results": waiting,
                         "invitations": selectors.invitation_list(tenant=request.tenant, user=request.user)})


class MatchInvitationView(MemberAPIView):
    @extend_schema(
        tags=[TAG_MATCHES], summary="Invite a member to an open match", parameters=[MATCH_ID],
        request=InvitationIn, responses={201: InvitationCreatedOut, **_errors(400, 401, 403, 404, 409, 413, 415)},
    )
    def post(self, request, match_id: int):
        """The match's creator invites a member of this community by username; they are told on
        their pages and by mail if their settings say so. 400 ``unknown_player`` for anyone who
        is not a member here (whatever they are elsewhere); 409 ``already_seated``,
        ``match_not_open``, ``match_full``."""
        data = self.parse(InvitationIn, request.data)
        invitation = services.match_invite(tenant=request.tenant, user=request.user, match_id=match_id,
                                           username=data["username"])
        return Response({"match": invitation.match_id, "username": invitation.user.username,
                         "invited_at": invitation.created_at}, status=status.HTTP_201_CREATED)
