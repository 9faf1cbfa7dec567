"""REST API of issue 27 (points 1, 6 and 7): communities, site-wide (not scoped to the host's
community). Thin views over ``tenants.services.community_create`` and ``tenants.selectors``,
with the pages' rules (``tenants.views``, ``web.communities``):

- ``GET /api/v1/communities/?q=&language=&game=``: the open communities and the caller's own
  (not banned), never closed ones; paginated with ``limit``/``offset``;
- ``POST /api/v1/communities/``: starts one (the caller's e-mail address must be confirmed),
  201 with its details; the service's refusals with their codes and fields;
- ``GET /api/v1/communities/<slug>/``: one community's public details; an invite-only
  community the caller is not in is 404 ``community_not_found``, as one that does not exist.
"""
from __future__ import annotations

from django.conf import settings
from django.db.models import Count
from django.utils.translation import gettext_noop as N_
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import user_email_confirmed
from gameplatform.core.errors import ServiceError
from gameplatform.players.models import LANGUAGES
from gameplatform.tenants import selectors, services
from gameplatform.tenants.creation import DESCRIPTION_MAX, NAME_MAX, SLUG_MAX, SLUG_MIN
from gameplatform.tenants.models import Membership, Tenant
from games import registry

from .inputs import InputSerializer, StrictBooleanField, StrictInputSerializer, text
from .parsers import SafeJSONParser
from .serializers import GameField
from .views import Pagination, _errors

TAG_COMMUNITIES = "communities"
NOT_FOUND = N_("No such community.")
SLUG = OpenApiParameter("slug", {"type": "string", "pattern": r"^[-a-zA-Z0-9_]+$", "maxLength": 50},
                        OpenApiParameter.PATH, description="The community's slug (its address).")
ROLES = ["player", "moderator", "owner"]  # as MemberOut's: one enum in the schema


@extend_schema_field({"type": "array", "items": {"$ref": "#/components/schemas/GameEnum"}, "maxItems": 64})
class GameListField(serializers.ListField):
    """Game slugs (the schema's ``GameEnum``, as every ``game`` field: one enum, not two names
    for the same set); the service refuses one the site does not have (400 ``unknown_game``)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("child", GameField())
        kwargs.setdefault("max_length", 64)
        super().__init__(**kwargs)


# --- serializers ----------------------------------------------------------------------------


class CommunityOut(serializers.Serializer):
    """A community as anyone who may see it sees it."""

    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    language = serializers.ChoiceField(choices=LANGUAGES)
    is_open = serializers.BooleanField(help_text="Open: anyone signed in may join; else invite-only.")
    games = serializers.ListField(child=serializers.CharField(),
                                  help_text="Game slugs it offers (every game of the site when it names none).")
    address = serializers.CharField(allow_null=True, help_text="Its own address, null when it has none.")
    members = serializers.IntegerField(help_text="Active members.")
    role = serializers.ChoiceField(choices=ROLES, allow_null=True,
                                      help_text="Your role in it; null when you are not a member.")
    created_at = serializers.DateTimeField()


class StaffOut(serializers.Serializer):
    """An owner or moderator."""

    username = serializers.CharField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=ROLES, help_text="moderator or owner.")


class CommunityDetailOut(CommunityOut):
    """One community: also its owners and moderators (owners first)."""

    staff = StaffOut(many=True)


class CommunityListQueryIn(InputSerializer):
    """``?q=&language=&game=``, each optional; a language or game not listed is a 400 naming it."""

    q = text(required=False, allow_blank=True, max_length=NAME_MAX, help_text="Part of the name or slug (any case).")
    language = serializers.ChoiceField(choices=LANGUAGES, required=False)
    game = GameField(required=False, help_text="A game it offers (a community offering every game matches).")


class CommunityCreateIn(StrictInputSerializer):
    """``POST /api/v1/communities/``: as the start page's form. Unknown fields are refused."""

    name = text(max_length=NAME_MAX, help_text="1 to 80 characters (surrounding spaces dropped).")
    slug = text(
        min_length=SLUG_MIN, max_length=SLUG_MAX,
        help_text="Its address, <slug>.<the site's domain>: 3 to 40 of a-z, 0-9 and inner hyphens "
                  "(else 400 slug_invalid); reserved, taken and look-alike addresses are refused.",
    )
    description = text(required=False, allow_blank=True, default="", max_length=DESCRIPTION_MAX)
    is_open = StrictBooleanField(required=False, default=True, help_text="false: invite-only.")
    language = serializers.ChoiceField(choices=LANGUAGES, required=False, default=settings.LANGUAGE_CODE)
    games = GameListField(required=False, default=list, help_text="Game slugs it offers; empty: every game.")


# --- views ----------------------------------------------------------------------------------


def community_public(tenant: Tenant, *, request, detail: bool = False, roles: dict | None = None,
                     counts: dict | None = None) -> dict:
    """``CommunityOut`` (``CommunityDetailOut`` with ``detail``) of ``tenant`` for the caller.
    ``roles`` / ``counts``: the caller's role and the active members per tenant id, read once
    for a page of a list (``_page_facts``); else read here."""
    if roles is None:
        membership = selectors.membership_get(user=request.user, tenant=tenant)
        role = membership.role if membership is not None and not membership.is_banned else None
    else:
        role = roles.get(tenant.pk)
    members = selectors.membership_list(tenant=tenant)
    body = {
        "slug": tenant.slug,
        "name": tenant.name,
        "description": tenant.description,
        "language": tenant.language,
        "is_open": tenant.is_open,
        "games": selectors.tenant_game_slugs(tenant=tenant),
        "address": selectors.tenant_site_url(tenant=tenant, request=request),
        "members": counts.get(tenant.pk, 0) if counts is not None else members.count(),
        "role": role,
        "created_at": tenant.created_at,
    }
    if detail:
        staff = members.filter(role__in=selectors.MODERATING_ROLES)
        body["staff"] = [{"username": m.user.username, "name": m.user.public_name, "role": m.role} for m in staff]
    return body


def _page_facts(tenants: list[Tenant], *, user) -> tuple[dict, dict]:
    """For a page of communities, in two queries: the caller's role in each (not banned) and
    each one's active members (``selectors.membership_list_active``), by tenant id."""
    ids = [t.pk for t in tenants]
    roles = dict(Membership.objects.filter(user=user, tenant_id__in=ids, banned_at__isnull=True)
                 .values_list("tenant_id", "role"))
    counts = dict(Membership.objects.filter(tenant_id__in=ids, banned_at__isnull=True, user__is_active=True)
                  .values("tenant_id").annotate(n=Count("pk")).values_list("tenant_id", "n"))
    return roles, counts


class CommunityAPIView(APIView):
    """Signed in (token or session), not tied to the host's community."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    parser_classes = [SafeJSONParser]


class CommunityListView(CommunityAPIView):
    pagination_class = Pagination

    @extend_schema(
        tags=[TAG_COMMUNITIES], summary="Find communities", parameters=[CommunityListQueryIn],
        responses={200: CommunityOut(many=True), **_errors(400, 401)},
    )
    def get(self, request):
        """The open communities and the caller's own, never closed ones, by name; filtered by
        ``q`` (name or slug), ``language`` and ``game``; paginated with ``limit``/``offset``."""
        # A plain dict: a QueryDict would take an empty "language=" as absent, which the schema refuses.
        query = CommunityListQueryIn(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        filters = query.validated_data
        game = filters.get("game", "")
        if game and game not in registry.slugs():
            raise ServiceError("unknown_game", N_("There is no such game here."), 400, field="game")
        found = selectors.tenant_search(user=request.user, q=filters.get("q", "").strip(),
                                        language=filters.get("language", ""), game=game)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(found, request, view=self)
        roles, counts = _page_facts(page, user=request.user)
        return paginator.get_paginated_response(
            [community_public(t, request=request, roles=roles, counts=counts) for t in page])

    @extend_schema(
        tags=[TAG_COMMUNITIES], summary="Start a community", request=CommunityCreateIn,
        responses={201: CommunityDetailOut, **_errors(400, 401, 403, 409, 413, 415)},
    )
    def post(self, request):
        """Starts a community owned by the caller (``tenants.services.community_create``): 403
        ``email_unconfirmed`` / ``creation_staff_only``, 409 ``too_many_communities``,
        ``slug_taken``, ``slug_lookalike``, ``name_lookalike``, 400 ``slug_invalid``,
        ``slug_reserved``, ``name_invalid``... naming the field."""
        serializer = CommunityCreateIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        tenant = services.community_create(user=request.user, **serializer.validated_data,
                                           email_confirmed=user_email_confirmed(user=request.user))
        return Response(community_public(tenant, request=request, detail=True), status=status.HTTP_201_CREATED)


class CommunityDetailView(CommunityAPIView):
    @extend_schema(
        tags=[TAG_COMMUNITIES], summary="A community's public details", parameters=[SLUG],
        responses={200: CommunityDetailOut, **_errors(401, 404)},
    )
    def get(self, request, slug: str):
        """Its details and its owners and moderators; 404 ``community_not_found`` for an
        invite-only community the caller is not in (as for none)."""
        tenant = Tenant.objects.filter(slug=slug).first()
        if tenant is None or not selectors.tenant_visible(user=request.user, tenant=tenant):
            raise ServiceError("community_not_found", NOT_FOUND, 404)
        return Response(community_public(tenant, request=request, detail=True))
