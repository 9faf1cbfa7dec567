"""REST API of a person's own data (issue 27, points 5 and 7): ``POST /api/v1/me/export/``
(prepare the file), ``GET /api/v1/me/export/`` (its state and the link), ``GET
/api/v1/me/export/data/`` (the ready file) and ``POST /api/v1/me/delete/`` (delete the
account, with the password). The same rules as the Settings pages (``web.personal``): the
signed-in person's own data only, in any community's host; thin over ``players.exports``
and ``accounts.deletion``. Unknown body fields are refused (400 naming the field)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from accounts import deletion
from gameplatform.core.errors import ServiceError
from gameplatform.players import exports

from .inputs import InputSerializer, text
from .serializers import ErrorOut
from .views import MemberAPIView, _errors

TAG_ME = "me"
NOT_A_FIELD = _("Not a field of this request. Fields: {known}.")
NO_EXPORT = _("You have not asked for your data yet: POST /api/v1/me/export/.")


class StrictInput(InputSerializer):
    """An input whose unknown fields are refused (400 ``invalid`` naming the first)."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = [key for key in data if key not in self.fields]
            if unknown:
                known = ", ".join(self.fields) or "none"
                raise serializers.ValidationError({str(unknown[0]): [NOT_A_FIELD.format(known=known)]})
        return super().to_internal_value(data)


class ExportIn(StrictInput):
    """``POST /api/v1/me/export/``: an empty object (or no body)."""


class AccountDeleteIn(StrictInput):
    """``POST /api/v1/me/delete/``: the password, and optionally the username as a second
    confirmation."""

    password = text(max_length=4096, help_text="Your password (400 invalid_password when wrong).")
    username = text(max_length=150, required=False, help_text="Your username, exactly (400 invalid_username).")


class ExportOut(serializers.Serializer):
    """The state of your latest "Download my data" file."""

    status = serializers.CharField(help_text="none, pending (being prepared), ready, expired or failed.")
    requested_at = serializers.DateTimeField(allow_null=True)
    ready_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True)
    download_url = serializers.CharField(
        allow_null=True, help_text="While ready: the page /settings/export/<token>/ (signed in; also mailed).")


class DeletedOut(serializers.Serializer):
    """The account is deleted: its token no longer works."""

    deleted = serializers.BooleanField()


class PersonalAPIView(MemberAPIView):
    """Signed in (token or session) is enough: one's own data, whatever the community."""

    permission_classes = MemberAPIView.permission_classes[:1]


class ExportView(PersonalAPIView):
    @extend_schema(tags=[TAG_ME], summary="Your data file's state", responses={200: ExportOut, **_errors(401)})
    def get(self, request):
        """``status`` none, pending (being prepared), ready (with ``download_url``), expired or
        failed."""
        return Response(exports.export_public(exports.data_export_latest(user=request.user)))

    @extend_schema(tags=[TAG_ME], summary="Prepare your data file", request=ExportIn,
                   responses={202: ExportOut, **_errors(400, 401, 403, 413, 415)})
    def post(self, request):
        """Prepares one JSON file of your data in the background (profile, memberships,
        matches with your moves and your seat's view, your chat messages, ratings, settings);
        its link is mailed to you and shown by GET. A request still being prepared is
        returned as it is."""
        self.parse(ExportIn, request.data if request.data else {})
        export = exports.data_export_request(user=request.user)
        return Response(exports.export_public(export), status=status.HTTP_202_ACCEPTED)


class ExportDataView(PersonalAPIView):
    @extend_schema(tags=[TAG_ME], summary="Your data file",
                   responses={200: OpenApiTypes.OBJECT, **_errors(401, 404, 409),
                              410: OpenApiResponse(ErrorOut, description="The file expired: prepare a new one.")})
    def get(self, request):
        """The ready file (the JSON document itself). 404 ``no_export`` before any request,
        409 ``export_not_ready`` while being prepared, 410 ``export_expired``."""
        export = exports.data_export_latest(user=request.user)
        if export is None:
            raise ServiceError("no_export", str(NO_EXPORT), 404)
        export = exports.data_export_download(user=request.user, token=export.token)
        return Response(export.data)


class AccountDeleteView(PersonalAPIView):
    @extend_schema(tags=[TAG_ME], summary="Delete your account", request=AccountDeleteIn,
                   responses={200: DeletedOut, **_errors(400, 401, 403, 409, 413, 415)})
    def post(self, request):
        """Deletes your account for good (Settings' "Delete my account"): sign-in and personal
        data go; your seats in finished matches show "deleted player"; a bot takes your seats
        in matches in progress. 400 ``invalid_password`` / ``invalid_username``; 409
        ``owns_communities`` while you own a community that is not closing."""
        data = self.parse(AccountDeleteIn, request.data)
        deletion.account_delete(user=request.user, password=data["password"], username=data.get("username"),
                                request=request._request)
        return Response({"deleted": True})
