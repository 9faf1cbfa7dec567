"""The past of a match through the API: its history, paged on ``seq``, and the replay of a
finished match, served a window of steps at a time (issue 14: every answer costs the same at
move 10 and at move 5,000).

``history/?limit=&after=&before=`` pages in SQL on the (match, seq) index: ``after`` keeps
the entries after a seq, ``before`` the ones just before it; the links ``next`` and
``previous`` carry them. There is no ``count`` and no ``offset``: either would read every
record before the page. ``replay/``, ``replay/steps/`` and ``replay/log/`` serve
``matches.replays`` (finished matches only: 409 before the end); their answers never change
once the match is over, so browsers may keep them (``Cache-Control: private``).
"""
from __future__ import annotations

from django.utils.cache import patch_cache_control
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param

from gameplatform.matches import replays, selectors
from gameplatform.matches.models import MoveRecord

from . import serializers as s
from .views import MATCH_ID, MAX_PAGE_SIZE, TAG_PLAY, WHOLE, MemberAPIView, _errors

HISTORY_PAGE = 50
# Beyond the largest seq a PositiveIntegerField holds: a bigger number means "after all".
MAX_SEQ = s.MAX_INT32
NO_OFFSET = _("History pages by seq: use after (or before) with an entry's seq, as the next and previous links do.")
REPLAY_CACHE_SECONDS = 24 * 3600

_HISTORY_PARAMS = [
    OpenApiParameter("limit", {"type": "integer", "minimum": 1}, OpenApiParameter.QUERY,
                     description=f"Entries per page, {HISTORY_PAGE} by default; above {MAX_PAGE_SIZE} a page holds "
                                 f"{MAX_PAGE_SIZE}."),
    OpenApiParameter("after", {"type": "integer", "minimum": 0}, OpenApiParameter.QUERY,
                     description="Only entries with a greater seq (the next link's); 0 leaves out the setup entry."),
    OpenApiParameter("before", {"type": "integer", "minimum": 0}, OpenApiParameter.QUERY,
                     description="The entries just before this seq (the previous link's), oldest first; with "
                                 "after, the first entries between the two."),
]
_VIEWER = OpenApiParameter(
    "viewer", {"type": "integer", "minimum": 0}, OpenApiParameter.QUERY,
    description="A seat index: that seat's view and private events (the match is over). Left out: the spectator's.",
)


def _window_params(most: int, default: int) -> list[OpenApiParameter]:
    return [
        OpenApiParameter("start", {"type": "integer", "minimum": 0}, OpenApiParameter.QUERY,
                         description="The first step (0, the setup, by default); at most steps - 1 (400 invalid_start)."),
        OpenApiParameter("count", {"type": "integer", "minimum": 1, "maximum": most}, OpenApiParameter.QUERY,
                         description=f"How many steps, {default} by default (fewer at the end)."),
        _VIEWER,
    ]


def whole_param(request, name: str, *, low: int = 0, high: int = MAX_SEQ) -> int | None:
    """Query parameter ``name`` as a whole number from ``low`` (a larger one than ``high`` is
    ``high``), None when absent; anything else is a 400 ``invalid`` naming it."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit() and int(raw) >= low):
        raise exceptions.ValidationError({name: [WHOLE.format(low=low)]})
    return high if len(raw) > 12 else min(int(raw), high)


class HistoryView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="The moves so far",
        parameters=[MATCH_ID, *_HISTORY_PARAMS],
        responses={200: s.HistoryPageOut, **_errors(400, 401, 403, 404)},
    )
    def get(self, request, match_id: int):
        """Applied actions in order, each with the events the caller's seat may see, a page
        at a time: from the start, ``after`` a seq or ``before`` one (``next`` / ``previous``
        links). Costs the same at any depth of the history."""
        if "offset" in request.query_params:
            raise exceptions.ValidationError({"offset": [NO_OFFSET]})
        limit = whole_param(request, "limit", low=1, high=MAX_PAGE_SIZE) or HISTORY_PAGE
        after, before = whole_param(request, "after"), whole_param(request, "before")
        match = self.match(match_id)
        seat = selectors.seat_of(match=match, user=request.user)
        results = selectors.match_history(match=match, seat=seat, after=after, before=before, limit=limit)
        url = remove_query_param(remove_query_param(request.build_absolute_uri(), "after"), "before")
        nxt = prev = None
        if results:
            records = MoveRecord.objects.filter(match_id=match.pk)
            last, first = results[-1]["seq"], results[0]["seq"]
            if records.filter(seq__gt=last).exists():
                nxt = replace_query_param(url, "after", last)
            if first > 0 and (records.filter(seq__lt=first).exists()
                              or selectors.match_history(match=match, seat=seat, before=first, limit=1)):
                prev = replace_query_param(url, "before", first)
        return Response({"next": nxt, "previous": prev, "results": results})


class ReplayView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="A finished match's replay",
        parameters=[MATCH_ID],
        responses={200: s.ReplayOut, **_errors(400, 401, 403, 404, 409)},
    )
    def get(self, request, match_id: int):
        """The seats, the seed, the result and how many steps there are (409
        ``match_not_finished`` before the end)."""
        return _immutable(Response(replays.match_replay(match=self.match(match_id))))


class ReplayStepsView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="Replay steps with their views",
        parameters=[MATCH_ID, *_window_params(replays.MAX_STEPS, 1)],
        responses={200: s.ReplayStepsOut, **_errors(400, 401, 403, 404, 409)},
    )
    def get(self, request, match_id: int):
        """``count`` steps from ``start``, each with the view after it, as the spectator or
        (``viewer``) as that seat saw it; 409 ``match_not_finished`` before the end."""
        params = request.query_params
        out = replays.replay_steps(match=self.match(match_id), start=params.get("start", 0),
                                   count=params.get("count", 1), viewer=params.get("viewer"))
        return _immutable(Response(out))


class ReplayLogView(MemberAPIView):
    @extend_schema(
        tags=[TAG_PLAY],
        summary="Replay steps without views (the log)",
        parameters=[MATCH_ID, *_window_params(replays.MAX_LOG, replays.MAX_LOG)],
        responses={200: s.ReplayLogOut, **_errors(400, 401, 403, 404, 409)},
    )
    def get(self, request, match_id: int):
        """The moves and events of ``count`` steps from ``start`` (what the replay's log
        tells); 409 ``match_not_finished`` before the end."""
        params = request.query_params
        out = replays.replay_log(match=self.match(match_id), start=params.get("start", 0),
                                 count=params.get("count", replays.MAX_LOG), viewer=params.get("viewer"))
        return _immutable(Response(out))


def _immutable(response: Response) -> Response:
    """A finished match's replay never changes: the browser may keep it (private: it is a
    member's)."""
    patch_cache_control(response, private=True, max_age=REPLAY_CACHE_SECONDS)
    return response
