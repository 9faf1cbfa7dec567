"""REST API views (``/api/v1/``). Thin: parse the input with a serializer, call one service or
selector of ``gameplatform.matches``, shape the answer. Everything is scoped to
``request.tenant`` and needs a signed-in member (``IsTenantMember``); a match of another
tenant is the same 404 as one that does not exist (the selectors' ``match_get``).

Refusals are 4xx bodies ``{"error", "message", "field"?}`` made by ``api.errors``.
"""
from __future__ import annotations

from django.contrib.auth import authenticate
from django.db.models import prefetch_related_objects
from django.http import HttpResponsePermanentRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import FormParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from accounts import mfa, throttle
from accounts import selectors as accounts
from gameplatform.core.clientip import client_ip
from gameplatform.core.errors import ServiceError
from gameplatform.matches import selectors, services
from gameplatform.matches.inputs import parse_action_input
from gameplatform.matches.models import Match
from games.protocol import visible_events
from games.registry import all_engines

from . import serializers as s
from .errors import NOT_FOUND, NOT_FOUND_MESSAGE, error_body
from .parsers import SafeJSONParser
from .permissions import IsTenantMember

BAD_CREDENTIALS = _("Unable to sign in with that username and password.")
# A paging parameter out of range (translated where it is raised: the request's language).
WHOLE = _("A whole number, {low} or more.")
MAX_PAGE_SIZE = 200
# The largest offset accepted (the database's OFFSET is 64-bit; no tenant has this many).
MAX_OFFSET = 10**9

TAG_GAMES, TAG_MATCHES, TAG_PLAY, TAG_AUTH = "games", "matches", "play", "auth"
MATCH_ID = OpenApiParameter(
    "match_id", {"type": "integer", "minimum": 1, "maximum": selectors.MAX_ID}, OpenApiParameter.PATH,
    description="Match id. Outside 1 to 2**63-1: 400 invalid_match_id.",
)
SEAT_INDEX = OpenApiParameter(
    "seat_index", {"type": "integer", "minimum": 0, "maximum": s.MAX_SEATS - 1}, OpenApiParameter.PATH,
    description="Seat index, from 0 (400 invalid_seat_index when the match has no such seat).",
)


def _errors(*statuses: int) -> dict:
    """OpenAPI responses for the listed error statuses, all shaped like ``ErrorOut``."""
    texts = {
        400: "Malformed request, illegal action or invalid field (the body's error names it).",
        401: "Not signed in, or a bad or suspended account's token.",
        403: "Not a member of this community, or not allowed.",
        404: "No such match in this community.",
        409: "Stale expected_version or the match is not in the right state.",
        413: "The body is larger than 64 KiB.",
        415: "The body is not JSON (Content-Type application/json).",
        429: "Too many attempts: too_many_attempts (the sign-in throttle) or throttled (requests).",
    }
    return {code: OpenApiResponse(s.ErrorOut, description=texts[code]) for code in statuses}


class Pagination(LimitOffsetPagination):
    """``?limit=&offset=``: whole numbers, ``limit`` from 1 (default ``PAGE_SIZE``; above
    ``MAX_PAGE_SIZE`` a page holds ``MAX_PAGE_SIZE``), ``offset`` from 0 (beyond ``MAX_OFFSET``
    the page is empty). Anything else (``offset=true``, ``limit=0``, ``-1``, ``1.5``) is a 400
    ``invalid`` naming the parameter, as the schema says, never read as something else."""

    max_limit = MAX_PAGE_SIZE

    def _param(self, request, name: str, low: int, high: int, default: int) -> int:
        raw = request.query_params.get(name)
        if raw is None:
            return default
        if not (raw.isascii() and raw.isdigit() and int(raw) >= low):
            raise exceptions.ValidationError({name: [WHOLE.format(low=low)]})
        return min(int(raw[:20]) if len(raw) > 20 else int(raw), high)

    def get_limit(self, request) -> int:
        return self._param(request, self.limit_query_param, 1, MAX_PAGE_SIZE, self.default_limit)

    def get_offset(self, request) -> int:
        return self._param(request, self.offset_query_param, 0, MAX_OFFSET, 0)

    def get_schema_operation_parameters(self, view):
        limit, offset = super().get_schema_operation_parameters(view)
        limit["schema"]["minimum"] = 1
        limit["description"] = f"Results per page, {self.default_limit} by default, at most {MAX_PAGE_SIZE}."
        offset["schema"]["minimum"] = 0
        offset["description"] = "How many results to skip."
        return [limit, offset]


class MemberAPIView(APIView):
    """Base of the member-only endpoints: token or session auth (Token first so that an
    anonymous request gets 401 with ``WWW-Authenticate: Token``), JSON bodies only."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated, IsTenantMember]
    parser_classes = [SafeJSONParser]

    def parse(self, serializer_class, data) -> dict:
        """``serializer_class(data=data)``'s validated data; raises ``ValidationError`` (400)."""
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def match(self, match_id: int) -> Match:
        """The match of ``request.tenant``; ``ServiceError`` 404 if missing or another tenant's."""
        return selectors.match_get(tenant=self.request.tenant, match_id=match_id)

    def match_out(self, match: Match) -> Response:
        return Response(match_public(match, user=self.request.user))


def match_public(match: Match, *, user) -> dict:
    """The public metadata of ``match`` (``MatchOut``); ``seed`` only once finished."""
    prefetch_related_objects([match], "seats__user")  # a no-op after match_list's prefetch
    seats = list(match.seats.all())
    finished = match.status == Match.Status.FINISHED
    # As selectors.seat_of: a seat handed to a bot is no longer the person's.
    mine = next((seat.index for seat in seats if seat.user_id == user.pk and not seat.is_bot), None)
    creator = match.created_by
    return {
        "id": match.pk,
        "game": match.game,
        "title": match.title,
        "status": match.status,
        "options": match.options,
        "variant": match.variant_id,
        "created_by": creator.public_name if creator is not None else None,
        "created_at": match.created_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "turn_seconds": match.turn_seconds,
        "time_control": match.time_control,
        "bank_minutes": match.bank_minutes,
        "increment_seconds": match.increment_seconds,
        "days_per_move": match.days_per_move,
        "deadline": match.deadline,
        "version": match.version,
        "seats": [selectors.seat_public(seat=seat) for seat in seats],
        "my_seat": mine,
        "seed_commitment": match.seed_commitment,
        "seed": selectors.revealed_seed(match),
        "result": match.result if finished else None,
        "rated": match.rated,
        "hints": selectors.hints_allowed(match),
    }


# --- catalogue ------------------------------------------------------------------------------


class GameListView(APIView):
    """The catalogue is public: no sign-in needed (issue 8)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(tags=[TAG_GAMES], summary="The games one can play", auth=[],
                   responses={200: s.GameOut(many=True)})
    def get(self, request):
        """Every registered game with its seat range, options schema, team layouts per seat
        count and bot kinds (with what each one is)."""
        return Response([game_public(engine) for engine in all_engines()])


def game_public(engine) -> dict:
    """``GameOut`` of one engine."""
    return {
        "slug": engine.slug,
        "name": engine.name,
        "min_seats": engine.min_seats,
        "max_seats": engine.max_seats,
        "options_schema": engine.options_schema(),
        "team_layouts": {
            str(n): engine.team_layouts(n) for n in range(engine.min_seats, engine.max_seats + 1)
        },
        "bot_kinds": list(engine.bots()),
        "bots": [{"kind": kind, "description": getattr(factory, "description", "")}
                 for kind, factory in engine.bots().items()],
        "simultaneous": engine.simultaneous,
        "hidden_information": engine.hidden_information,
    }


# --- matches --------------------------------------------------------------------------------


class MatchListView(MemberAPIView):
    pagination_class = Pagination

    @extend_schema(
        tags=[TAG_MATCHES],
        summary="Matches of this community",
        parameters=[s.MatchListQueryIn],
        responses={200: s.MatchOut(many=True), **_errors(400, 401, 403)},
    )
    def get(self, request):
        """Newest first, optionally filtered by ``status`` and ``game``; paginated with
        ``limit``/``offset``."""
        # The selector checks both filters (400 invalid_status / unknown_game); an empty one is
        # refused too, as the schema's enums say.
        params = request.query_params
        matches = selectors.match_list(tenant=request.tenant, status=params.get("status"), game=params.get("game"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(matches, request, view=self)
        return paginator.get_paginated_response([match_public(m, user=request.user) for m in page])

    @extend_schema(
        tags=[TAG_MATCHES],
        summary="Create a match",
        request=s.MatchCreateIn,
        responses={201: s.MatchOut, **_errors(400, 401, 403, 413, 415)},
    )
    def post(self, request):
        """Opens a match in this community; the creator takes seat 0."""
        data = self.parse(s.MatchCreateIn, request.data)
        match = services.match_create(tenant=request.tenant, user=request.user, **data)
        return Response(match_public(match, user=request.user), status=status.HTTP_201_CREATED)


@extend_schema(parameters=[MATCH_ID], responses={200: s.MatchOut, **_errors(400, 401, 403, 404)})
class MatchDetailView(MemberAPIView):
    @extend_schema(tags=[TAG_MATCHES], summary="A match's public metadata")
    def get(self, request, match_id: int):
        """Seats, status, version, seed commitment; the seed and result once finished."""
        return self.match_out(self.match(match_id))


class MatchJoinView(MemberAPIView):
    @extend_schema(
        tags=[TAG_MATCHES],
        summary="Take a free seat",
        parameters=[MATCH_ID],
        request=s.MatchJoinIn,
        responses={200: s.MatchOut, **_errors(400, 401, 403, 404, 409, 413, 415)},
    )
    def post(self, request, match_id: int):
        """Seats the caller at the first free seat of an open match."""
        data = self.parse(s.MatchJoinIn, request.data)
        services.match_join(tenant=request.tenant, user=request.user, match_id=match_id, **data)
        return self.match_out(self.match(match_id))


class MatchLeaveView(MemberAPIView):
    @extend_schema(
        tags=[TAG_MATCHES],
        summary="Leave an open match",
        parameters=[MATCH_ID],
        request=None,
        responses={204: None, **_errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, match_id: int):
        """Frees the caller's seat while the match is still open."""
        services.match_leave(tenant=request.tenant, user=request.user, match_id=match_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchStartView(MemberAPIView):
    @extend_schema(
        tags=[TAG_MATCHES],
        summary="Start the match",
        parameters=[MATCH_ID],
        request=None,
        responses={200: s.MatchOut, **_errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, match_id: int):
        """Deals and starts an open match whose seats are all taken (creator only)."""
        match = services.match_start(tenant=request.tenant, user=request.user, match_id=match_id)
        return self.match_out(match)


class SeatBotView(MemberAPIView):
    @extend_schema(
        tags=[TAG_MATCHES],
        summary="Put a bot in a seat",
        parameters=[MATCH_ID, SEAT_INDEX],
        request=s.SeatBotIn,
        responses={200: s.MatchOut, **_errors(400, 401, 403, 404, 409, 413, 415)},
    )
    def post(self, request, match_id: int, seat_index: int):
        """Seats a bot of ``kind`` (one of the game's ``bot_kinds``) in a free seat."""
        data = self.parse(s.SeatBotIn, request.data)
        services.seat_assign_bot(
            tenant=request.tenant, user=request.user, match_id=match_id, seat_index=seat_index, kind=data["kind"]
        )
        return self.match_out(self.match(match_id))


class SeatResumeView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="Take your seat back from the bot",
        parameters=[MATCH_ID],
        request=None,
        responses={200: s.MatchOut, **_errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, match_id: int):
        """Ends the bot takeover of the caller's seat after timeouts."""
        services.seat_resume(tenant=request.tenant, user=request.user, match_id=match_id)
        return self.match_out(self.match(match_id))


# --- play -----------------------------------------------------------------------------------


class MatchViewView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="What your seat sees",
        parameters=[MATCH_ID],
        responses={200: s.SnapshotOut, **_errors(400, 401, 403, 404)},
    )
    def get(self, request, match_id: int):
        """The caller's seat snapshot; the spectator snapshot when the caller is not seated."""
        return Response(self.snapshot(match_id))

    def snapshot(self, match_id: int) -> dict:
        match = self.match(match_id)
        seat = selectors.seat_of(match=match, user=self.request.user)
        return selectors.match_snapshot(match=match, seat=seat)


class LegalActionsView(MatchViewView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="What your seat may do now",
        parameters=[MATCH_ID],
        responses={200: s.LegalActionsOut, **_errors(400, 401, 403, 404)},
    )
    def get(self, request, match_id: int):
        """Every legal action of the caller's seat (empty unless it must act)."""
        snap = self.snapshot(match_id)
        return Response(
            {
                "match": snap["match"],
                "version": snap["version"],
                "seat": snap["seat"],
                "to_act": list((snap["view"] or {}).get("to_act", [])),  # no view while open
                "legal_actions": snap["legal_actions"],
            }
        )


class ActionView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="Play an action",
        parameters=[MATCH_ID],
        request=s.ActionIn,
        responses={200: s.ActionOut, **_errors(400, 401, 403, 404, 409, 413, 415)},
    )
    def post(self, request, match_id: int):
        """Applies ``action`` for the caller's seat if ``expected_version`` is current (else 409
        ``stale_version``); an illegal action is a 400 whose message names the rule. Resending
        a ``client_action_id`` returns the first answer with ``duplicate: true``."""
        move = parse_action_input(request.data)  # the WebSocket's parser too
        outcome = services.submit_action(match_id=match_id, tenant=request.tenant, user=request.user, move=move)
        return Response(
            {
                "version": outcome.version,
                "seat": outcome.seat,
                # Already filtered by the service; filtering again costs nothing and keeps a
                # private event from leaking should that ever change.
                "events": visible_events(outcome.events, outcome.seat),
                "duplicate": outcome.duplicate,
            }
        )


# --- auth -----------------------------------------------------------------------------------


class TokenThrottle(AnonRateThrottle):
    """Slows password guessing: 20 requests a minute per address (``client_ip``, so a forged
    ``X-Forwarded-For`` is one client), on top of the sign-in throttle of every password
    check (``accounts.throttle``)."""

    scope = "api_token"
    rate = "20/min"

    def get_ident(self, request) -> str:
        return client_ip(request)


class TokenObtainView(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    parser_classes = [SafeJSONParser, FormParser]
    throttle_classes = [TokenThrottle]

    @extend_schema(
        tags=[TAG_AUTH],
        summary="Get an API token",
        request=s.TokenObtainIn,
        responses={200: s.TokenOut, **_errors(400, 413, 415, 429)},
        auth=[],
    )
    def post(self, request):
        """The account's token (created on first use) for ``Authorization: Token <token>``.
        Wrong credentials and suspended accounts get the same 400 ``invalid_credentials``; after
        too many failures (the sign-in throttle, README "Sign-in throttling") 429
        ``too_many_attempts`` without the password being checked. An account with two-factor
        sign-in (README "Two-factor sign-in") also needs ``otp``: without it 400
        ``mfa_required``, a wrong one 400 ``invalid_code`` (both naming ``otp``; codes count
        under the same throttle). A token grants a player's rights only: the admin never
        accepts one."""
        data = self.parse(request.data)
        user = authenticate(request._request, username=data["username"], password=data["password"])
        self.refuse_if_throttled(request)
        if user is None or not user.is_active:
            raise ServiceError("invalid_credentials", BAD_CREDENTIALS, 400)
        if accounts.user_mfa_enabled(user=user):
            if not data.get("otp"):
                raise ServiceError("mfa_required", mfa.MFA_REQUIRED, 400, field="otp")
            right = mfa.code_check(request._request, user, data["otp"])
            self.refuse_if_throttled(request)
            if not right:
                raise ServiceError("invalid_code", mfa.CODE_INCORRECT, 400, field="otp")
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})

    def refuse_if_throttled(self, request) -> None:
        """429 ``too_many_attempts`` when the sign-in throttle refused an attempt of this
        request (its message says whether a password or a code)."""
        if throttle.request_throttled(request._request):
            raise exceptions.Throttled(
                wait=throttle.window_seconds(), detail=mfa.refusal_message(request._request), code=throttle.THROTTLED
            )

    def parse(self, data) -> dict:
        serializer = s.TokenObtainIn(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


# --- unknown paths --------------------------------------------------------------------------


@csrf_exempt  # it changes nothing: a POST without a CSRF token gets this JSON 404 too
def api_not_found(request, rest: str = ""):
    """Any other path under /api/: a JSON 404, or a method-preserving redirect (308) when only
    the trailing slash is missing (Django's APPEND_SLASH cannot redirect a POST)."""
    if not request.path.endswith("/"):
        try:
            target = resolve(request.path + "/")
        except Resolver404:
            target = None
        if target is not None and target.func is not api_not_found:
            return HttpResponsePermanentRedirect(
                request.get_full_path(force_append_slash=True), preserve_request=True
            )
    return JsonResponse(error_body(NOT_FOUND, NOT_FOUND_MESSAGE), status=404)
