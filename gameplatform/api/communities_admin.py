"""REST API of a community's moderators and owners (issue 27, points 2, 3 and 7): its members
with their roles and standing, a role change, ban, lifting a ban, time-out, removal, and its
audit log. The same services and permissions as the console's pages
(``tenants.roles``, ``tenants.moderation``, ``tenants.audit``).

The community is named by its slug in the path, whatever the host: an invite-only community
the caller is not in is the same 404 as one that does not exist; anyone who is not its
moderator or owner gets 403 ``not_moderator`` (roles: ``not_owner``). A body is parsed
(strictly: unknown fields refused, 400 naming them) before the caller's rights are checked,
so a malformed request is a 400 for everyone.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from gameplatform.core.errors import ServiceError
from gameplatform.tenants import moderation, roles, selectors
from gameplatform.tenants.audit import audit_list
from gameplatform.tenants.models import AuditEntry, Membership, Tenant

from .inputs import InputSerializer, text
from .parsers import SafeJSONParser
from .views import Pagination, _errors

TAG = "community moderation"
SLUG = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The community's slug.")
USERNAME = OpenApiParameter("username", OpenApiTypes.STR, OpenApiParameter.PATH, description="A member's username.")
NOT_A_FIELD = _("Not a field of this request. Fields: {known}.")
NOT_MODERATOR = _("Only the community's moderators and owners can do that.")
NOT_A_MEMBER = _("That person is not a member of this community.")


# --- serializers ----------------------------------------------------------------------------


class StrictIn(InputSerializer):
    """An input that refuses fields it does not know (400 naming the first)."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = [key for key in data if key not in self.fields]
            if unknown:
                raise serializers.ValidationError(
                    {str(unknown[0])[:40]: [NOT_A_FIELD.format(known=", ".join(self.fields) or "-")]})
        return super().to_internal_value(data)


class ReasonIn(StrictIn):
    """An optional reason, kept in the audit log."""

    reason = text(required=False, allow_blank=True, max_length=moderation.REASON_MAX_CHARS)


class RoleIn(ReasonIn):
    """The owner appoints a moderator or makes one a player again."""

    role = serializers.ChoiceField(choices=["player", "moderator"])


class TimeoutIn(ReasonIn):
    """A chat time-out of ``seconds`` (60 s to 30 days)."""

    seconds = serializers.IntegerField(min_value=moderation.TIMEOUT_MIN_SECONDS,
                                       max_value=moderation.TIMEOUT_MAX_SECONDS)


class CommunityMemberOut(serializers.Serializer):
    """A member as the community's moderators see them (banned members included)."""

    username = serializers.CharField()
    role = serializers.ChoiceField(choices=Membership.Role.values)
    joined_at = serializers.DateTimeField()
    banned = serializers.BooleanField()
    timeout_until = serializers.DateTimeField(allow_null=True)


class AuditEntryOut(serializers.Serializer):
    """One entry of the community's audit log."""

    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    action = serializers.ChoiceField(choices=AuditEntry.Action.values)
    actor = serializers.CharField(allow_null=True, help_text="Null: the site itself (a timer, a closing).")
    target = serializers.CharField(allow_null=True, help_text="The member acted on, if any.")
    subject = serializers.CharField(help_text='What else was acted on: "match:12", "variant:5", ...')
    reason = serializers.CharField()
    until = serializers.DateTimeField(allow_null=True)
    details = serializers.DictField(help_text="What changed, e.g. {field: [old, new]}.")


class AuditQueryIn(InputSerializer):
    """``?action=``: one action only (with ``limit``/``offset``, the page)."""

    action = serializers.ChoiceField(choices=AuditEntry.Action.values, required=False)


def member_public(m: Membership) -> dict:
    return {"username": m.user.username, "role": m.role, "joined_at": m.joined_at,
            "banned": m.banned_at is not None, "timeout_until": m.timeout_until}


def entry_public(e: AuditEntry) -> dict:
    return {"id": e.pk, "created_at": e.created_at, "action": e.action,
            "actor": e.actor.username if e.actor else None, "target": e.target.username if e.target else None,
            "subject": e.subject, "reason": e.reason, "until": e.until, "details": e.details}


# --- views ----------------------------------------------------------------------------------


class CommunityStaffView(APIView):
    """Base: token or session auth, JSON bodies; the community by slug (404 when the caller
    may not know it), its moderators and owners only (``moderated``)."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    parser_classes = [SafeJSONParser]

    def community(self, slug: str) -> Tenant:
        tenant = Tenant.objects.filter(slug=slug[:50]).first()
        user = self.request.user
        if tenant is None or (not tenant.is_open and not user.is_superuser
                              and selectors.membership_get(user=user, tenant=tenant) is None):
            raise ServiceError("not_found", _("No such community."), 404)
        return tenant

    def moderated(self, slug: str) -> Tenant:
        tenant = self.community(slug)
        if not selectors.user_can_moderate(user=self.request.user, tenant=tenant):
            raise ServiceError("not_moderator", NOT_MODERATOR, 403)
        return tenant

    def parse(self, serializer_class, data) -> dict:
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def member(self, tenant: Tenant, username: str) -> Membership:
        user = get_user_model().objects.filter(username=username[:150]).first()
        membership = Membership.objects.filter(tenant=tenant, user=user).select_related("user", "tenant").first() \
            if user is not None else None
        if membership is None:
            raise ServiceError("not_member", NOT_A_MEMBER, 404, field="username")
        return membership


class CommunityMembersView(CommunityStaffView):
    pagination_class = Pagination

    @extend_schema(tags=[TAG], summary="A community's members, for its moderators", parameters=[SLUG],
                   responses={200: CommunityMemberOut(many=True), **_errors(400, 401, 403, 404)})
    def get(self, request, slug: str):
        """Every member with role and standing (banned ones too), owners first; paginated
        with ``limit``/``offset``. 403 ``not_moderator`` for anyone but its moderators."""
        tenant = self.moderated(slug)
        rows = Membership.objects.filter(tenant=tenant).select_related("user").order_by("role", "user__username")
        rank = {Membership.Role.OWNER: 0, Membership.Role.MODERATOR: 1}
        rows = sorted(rows, key=lambda m: (rank.get(m.role, 2), m.user.username))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response([member_public(m) for m in page])


def _action_view(name: str, summary: str, serializer_class, act):
    """A POST on one member: parse ``serializer_class``, then ``act(view, membership, data)``."""

    class View(CommunityStaffView):
        @extend_schema(tags=[TAG], summary=summary, parameters=[SLUG, USERNAME], request=serializer_class,
                       responses={200: CommunityMemberOut, **_errors(400, 401, 403, 404, 409)})
        def post(self, request, slug: str, username: str):
            data = self.parse(serializer_class, request.data)
            tenant = self.moderated(slug)
            membership = self.member(tenant, username)
            result = act(self, membership, data)
            return Response(member_public(result) if result is not None else
                            {**member_public(membership), "role": membership.role})

    View.__name__ = View.__qualname__ = name
    View.post.__doc__ = summary + " Same rules as the console (tenants services); each action is audited."
    return View


def _remove(view, membership, data):
    roles.member_remove(membership=membership, by=view.request.user, reason=data.get("reason", ""))
    return None


MemberRoleView = _action_view(
    "MemberRoleView", "Appoint or remove a moderator (owners).", RoleIn,
    lambda v, m, d: roles.role_set(membership=m, role=d["role"], by=v.request.user, reason=d.get("reason", "")))
MemberBanView = _action_view(
    "MemberBanView", "Ban a member.", ReasonIn,
    lambda v, m, d: moderation.member_ban(membership=m, by=v.request.user, reason=d.get("reason", "")))
MemberUnbanView = _action_view(
    "MemberUnbanView", "Lift a member's ban.", ReasonIn,
    lambda v, m, d: moderation.member_unban(membership=m, by=v.request.user, reason=d.get("reason", "")))
MemberTimeoutView = _action_view(
    "MemberTimeoutView", "Time a member out of the chat.", TimeoutIn,
    lambda v, m, d: moderation.member_timeout(membership=m, by=v.request.user, seconds=d["seconds"],
                                              reason=d.get("reason", "")))
MemberRemoveView = _action_view("MemberRemoveView", "Remove a member from the community.", ReasonIn, _remove)


class CommunityAuditView(CommunityStaffView):
    pagination_class = Pagination

    @extend_schema(tags=[TAG], summary="A community's audit log", parameters=[SLUG, AuditQueryIn],
                   responses={200: AuditEntryOut(many=True), **_errors(400, 401, 403, 404)})
    def get(self, request, slug: str):
        """The community's entries, newest first, for its moderators and owners (403
        ``not_moderator`` otherwise; never another community's); ``?action=`` keeps one
        action; paginated with ``limit``/``offset``."""
        query = self.parse(AuditQueryIn, request.query_params.dict())
        tenant = self.moderated(slug)
        entries = audit_list(tenant=tenant, user=request.user, action=query.get("action"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(entries, request, view=self)
        return paginator.get_paginated_response([entry_public(e) for e in page])


urlpatterns_v1 = [
    ("v1/communities/<slug:slug>/memberships/", CommunityMembersView, "community-memberships"),
    ("v1/communities/<slug:slug>/memberships/<str:username>/role/", MemberRoleView, "community-member-role"),
    ("v1/communities/<slug:slug>/memberships/<str:username>/ban/", MemberBanView, "community-member-ban"),
    ("v1/communities/<slug:slug>/memberships/<str:username>/unban/", MemberUnbanView, "community-member-unban"),
    ("v1/communities/<slug:slug>/memberships/<str:username>/timeout/", MemberTimeoutView, "community-member-timeout"),
    ("v1/communities/<slug:slug>/memberships/<str:username>/remove/", MemberRemoveView, "community-member-remove"),
    ("v1/communities/<slug:slug>/audit/", CommunityAuditView, "community-audit"),
]
