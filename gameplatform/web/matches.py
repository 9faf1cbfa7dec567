"""Site pages: the lobby, a match (open: seats; active/finished: the live table) and its replay.

Thin: parse input, call one service or selector, shape the page. Every page needs a signed-in
member of ``request.tenant`` (``membership_require``); another tenant's match is a 404. A
refused request shows the service's message (a form error, a flash message or an error page
with its status), never a 500.
"""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from gameplatform.alerts.selectors import invite_path
from gameplatform.bots.analysis import analysis_seat, analysis_status
from gameplatform.chat.ui import chat_context
from gameplatform.core.errors import ServiceError
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.i18n.phrases import bot_kind_word
from gameplatform.i18n.view_texts import localized_seats
from gameplatform.matches import replays, selectors, services, shortcuts
from gameplatform.matches.checks import GENERIC_HAND, GENERIC_PLAY, GENERIC_REPLAY
from gameplatform.matches.forms import (
    TEAM_LETTERS,
    MatchCreateForm,
    QuickPlayForm,
    SeatBotForm,
    bot_level_description,
    layouts_for,
)
from gameplatform.matches.models import Match
from gameplatform.players.selectors import preferences_get
from gameplatform.tenants.pages import member_page
from gameplatform.tournaments import selectors as tournament_selectors
from gameplatform.web import tournaments
from gameplatform.web.tables import (  # noqa: F401 (tests read turn_time_label here)
    clock_label,
    options_text,
    quick_starts,
    score_column,
    turn_time_label,
)
from games.analysis import BLUNDER, MISTAKE
from games.protocol import GameUI
from games.registry import UnknownGame, get_engine

MATCH_CREATED = _("Match created. Share the link to invite players, or add bots to the empty seats.")
JOINED = _("You took a seat.")
LEFT = _("You left the match.")
CALLED_OFF = _("You called the match off.")
BOT_ADDED = _("A {kind} bot took seat {seat}.")
STARTED = _("The match has started. Good luck!")
RESUMED = _("Welcome back: your seat is yours again.")
BOTS_FILLED = _("Bots took the empty seats.")
REMATCH = _("The rematch is set up: everyone moved one seat round the table.")
QUICK_INVALID = _("Choose a game to play against bots.")
FORM_INVALID = _("The match was not created: please correct the fields marked below.")
FINISHED_SHOWN = 20  # finished matches listed in the lobby
GENERIC_BOARD = "matches/board_generic.html"

def rules_template_for(engine, language: str) -> tuple[str | None, str]:
    """The game's rules page in ``language`` and the language it is written in: the
    ``rules_template`` ``"<game>/rules.html"`` has its translations beside it as
    ``"<game>/rules.fr.html"``, ``"<game>/rules.sv.html"`` (docs/contracts.md, "Translations");
    without one the English page is shown."""
    base = engine.ui.rules_template
    if not base or language == settings.LANGUAGE_CODE:
        return base, settings.LANGUAGE_CODE
    stem, dot, ext = base.rpartition(".")
    translated = f"{stem}.{language}.{ext}" if dot else f"{base}.{language}"
    try:
        get_template(translated)
    except TemplateDoesNotExist:
        return base, settings.LANGUAGE_CODE
    return translated, language


def _engine_or_none(slug: str):
    try:
        return get_engine(slug)
    except UnknownGame:
        return None


def _seat_rows(match: Match, user) -> list[dict]:
    """Seats of ``match`` for lists and the open page: the public seat (``seat_public``) plus
    its number, team letter and whether it is empty or the viewer's."""
    rows = []
    for seat in match.seats.all():
        public = localized_seats([selectors.seat_public(seat=seat)])[0]  # a bot named as the table names it
        rows.append({
            **public,
            "number": seat.index + 1,
            "team_letter": TEAM_LETTERS[seat.team] if seat.team is not None and seat.team < len(TEAM_LETTERS) else "",
            "empty": not seat.user_id and not seat.bot_kind,
            "is_you": seat.user_id is not None and seat.user_id == user.pk,
        })
    return rows


def game_ui(engine) -> dict:
    """The templates and static files of the game's web UI (``engine.ui``, a
    ``games.protocol.GameUI``), with the generic parts where it declares none:
    ``board_template``, ``hand_template``, ``play_module``, ``replay_module``, ``stylesheet``."""
    ui = engine.ui if engine is not None else GameUI()
    return {
        "board_template": ui.board_template or GENERIC_BOARD,
        "hand_template": ui.hand_template or GENERIC_HAND,
        "play_module": ui.play_module or GENERIC_PLAY,
        "replay_module": ui.replay_module or GENERIC_REPLAY,
        "stylesheet": ui.stylesheet,
        "static_data": engine.static_data() if engine is not None else {},
    }


def _match_card(match: Match, user) -> dict:
    engine = _engine_or_none(match.game)
    seats = _seat_rows(match, user)
    return {
        "options_text": options_text(engine, match.options),
        "match": match,
        "game_name": engine.name if engine else match.game,
        "seats": seats,
        "free": sum(1 for s in seats if s["empty"]),
        "mine": any(s["is_you"] for s in seats),
        "clock_label": clock_label(match),
    }


def _render_lobby(request, form: MatchCreateForm, status: int = 200):
    tenant = request.tenant
    user = request.user
    lists = {}
    for status_name in (Match.Status.OPEN, Match.Status.ACTIVE):
        lists[status_name] = [_match_card(m, user) for m in selectors.match_list(tenant=tenant, status=status_name)]
    finished = selectors.match_list(tenant=tenant, status=Match.Status.FINISHED)
    context = {
        "open_matches": lists[Match.Status.OPEN],
        "active_matches": lists[Match.Status.ACTIVE],
        "finished_matches": [_match_card(m, user) for m in finished[:FINISHED_SHOWN]],
        "form": form,
        "quick_starts": quick_starts(form.engines),
        "lobby_config": form.client_config(),
        "chat": chat_context(request=request),  # the lobby's chat (issue 13)
        "game_names": ", ".join(engine.name for engine in form.engines),  # the page's description
        # Issue 28, point 4: the upcoming and running tournaments, when there are some.
        "lobby_tournaments": tournaments.cards(tournament_selectors.tournaments_of(
            tenant, statuses=tournament_selectors.UPCOMING + tournament_selectors.RUNNING)[:5]),
    }
    return render(request, "matches/lobby.html", context, status=status)


@require_GET
@member_page
def lobby(request):
    """/: this tenant's open, active and finished matches and the create-match form."""
    return _render_lobby(request, MatchCreateForm(tenant=request.tenant))


@require_GET
def game_rules(request, slug: str):
    """/games/<slug>/rules/: the rules for players (public, like the catalogue): the game's own
    page (``engine.ui.rules_template``) inside the site's, with what the metadata says (seats,
    options and their defaults, bot levels)."""
    engine = _engine_or_none(slug)
    if engine is None:
        raise Http404("No such game.")
    props = (engine.options_schema() or {}).get("properties", {})
    labels = engine.option_value_labels()
    options = []
    for name, prop in props.items():
        default = prop.get("default")
        if isinstance(default, bool):
            shown = _("on") if default else _("off")
        else:
            shown = engine_text(str(labels.get(name, {}).get(str(default), default)))
        options.append({"title": engine_text(prop.get("title") or name.replace("_", " ").capitalize()),
                        "description": engine_text(prop.get("description", "")), "default": shown})
    rules_template, rules_language = rules_template_for(engine, get_language())
    context = {
        "engine": engine,
        "rules_template": rules_template,
        "rules_language": rules_language,
        "options": options,
        "bots": [(engine_text(kind.capitalize()), bot_level_description(factory, game=engine.slug, kind=kind))
                 for kind, factory in engine.bots().items()],
        "layouts": sorted({label for n in range(engine.min_seats, engine.max_seats + 1)
                           for name, label in layouts_for(engine, n) if name != "none"}),
    }
    return render(request, "matches/game_rules.html", context)


@require_POST
@member_page
def match_create(request):
    """POST /matches/new/: create a match from the lobby form; errors re-show the lobby (400)."""
    form = MatchCreateForm(request.POST, tenant=request.tenant)
    if form.is_valid():
        data = form.cleaned_data
        try:
            match = services.match_create(
                tenant=request.tenant,
                user=request.user,
                game=data["game"],
                seats=data["seats"],
                team_layout=data["team_layout"],
                options=data["options"],
                variant_id=data["variant"].pk if data.get("variant") else None,
                turn_seconds=data.get("turn_seconds"),
                time_control=data.get("time_control"),
                bank_minutes=data.get("bank_minutes"),
                increment_seconds=data.get("increment_seconds"),
                days_per_move=data.get("days_per_move"),
                title=data.get("title", ""),
                rated=data.get("rated"),
                hints=bool(data.get("hints")),
            )
        except ServiceError as exc:
            if exc.status == 403:
                raise
            form.add_error(form.field_for_service(exc.field), exc.message)
        else:
            messages.success(request, MATCH_CREATED)
            return redirect("match_detail", match_id=match.pk)
    messages.error(request, FORM_INVALID)
    return _render_lobby(request, form, status=400)


@require_GET
@member_page
def match_detail(request, match_id: int):
    """/matches/<id>/: seats and invitations while open; the live table once started."""
    match = selectors.match_get(tenant=request.tenant, match_id=match_id)
    seat = selectors.seat_of(match=match, user=request.user)
    engine = _engine_or_none(match.game)
    if match.status == Match.Status.OPEN or match.state is None:
        # Open, or called off before it started: the seats page (read-only once closed).
        card = _match_card(match, request.user)
        context = {
            **card,
            "engine": engine,
            "seat": seat,
            "is_creator": match.created_by_id == request.user.pk,
            "is_full": card["free"] == 0,
            "bot_form": SeatBotForm(engine=engine) if engine else None,
            # The signed invitation link (gameplatform.alerts): it seats whoever opens it.
            "share_url": request.build_absolute_uri(invite_path(match.pk)),
            # For js/open_match.js: the page follows the match's socket from this version on.
            "open_config": {"match": match.pk, "version": match.version},
            # While open, the match's chat on the same socket: the seated talk in the players'
            # room, which the table's Chat tab goes on with once the match starts.
            "chat": chat_context(request=request, match=match) if match.status == Match.Status.OPEN else None,
        }
        return render(request, "matches/match_open.html", context)
    seat_index = seat.index if seat is not None else None
    snapshot = selectors.match_snapshot(match=match, seat=seat_index)
    # Issue 14: only the latest moves; the page loads older ones from the history API on scroll.
    history = selectors.match_history(match=match, seat=seat_index, before=match.version + 1,
                                      limit=selectors.HISTORY_RECENT + 1)
    older = len(history) > selectors.HISTORY_RECENT
    history = history[-selectors.HISTORY_RECENT:]
    context = {
        "match": match,
        "engine": engine,
        "game_name": engine.name if engine else match.game,
        "seat": seat,
        "snapshot": snapshot,
        "history": history,
        "clock_label": clock_label(match),
        "options_text": options_text(engine, match.options),
        "page_config": {"match": match.pk, "game": match.game, "csrf_token": get_token(request),
                        "history_older": older,
                        # issue 30, point 4: the Hint button, for a seated player where offered
                        "hints": seat is not None and selectors.hints_allowed(match),
                        # issue 13: the person's colour-blind palette, for the game's UI
                        "colour_blind": preferences_get(request.user).colour_blind,
                        # issue 13: the words of js/clocks.js
                        "clock_words": {"vacation": gettext("on vacation")},
                        # issue 26: what the result's scores count, and which way ranks follow
                        "score": score_column(engine, match.options)},
        "handed_over": selectors.seat_handed_over(match=match, user=request.user)
        if match.status == Match.Status.ACTIVE and seat is None else None,
        "rematch": Match.unscoped.filter(rematch_of=match).first() if match.status == Match.Status.FINISHED else None,
        "was_player": match.seats.filter(user_id=request.user.pk).exists(),
        "chat": chat_context(request=request, match=match),  # the Chat tab (issue 13)
        "tournament_table": tournament_selectors.table_of(match),  # issue 28, point 4
        **game_ui(engine),
    }
    return render(request, "matches/match_play.html", context)


@require_GET
@member_page
def match_replay(request, match_id: int):
    """/matches/<id>/replay/: step through a finished match. The page holds only the replay's
    summary (``replays.match_replay``, the same size for 10 moves or 5,000); js/replay.js
    fetches the steps it shows and its log lines from the API (issue 14)."""
    match = selectors.match_get(tenant=request.tenant, match_id=match_id)
    replay = replays.match_replay(match=match)  # 409 until the match is finished
    engine = _engine_or_none(match.game)
    context = {
        "match": match,
        "engine": engine,
        "game_name": engine.name if engine else match.game,
        "replay": replay,
        "chat": chat_context(request=request, match=match, replay=True),  # both rooms' messages
        # The player's own analysis (issue 30, point 3): js/analysis.js asks for it and reads it.
        "analysis_seat": (seat := analysis_seat(match=match, user=request.user) if engine else None),
        "analysis_status": analysis_status(match=match, seat=seat) if seat is not None else None,
        "analysis_minutes": max(1, round(settings.ANALYSIS_BUDGET_SECONDS / 60)),
        "analysis_marks": {"mistake": round(100 * MISTAKE), "blunder": round(100 * BLUNDER)},
        **game_ui(engine),
    }
    return render(request, "matches/match_replay.html", context)


def _after_post(request, match_id: int, call, success: str):
    """Run a seat/start service; its refusal becomes a flash message (404: the error page)."""
    try:
        call()
    except ServiceError as exc:
        if exc.status == 404:
            raise  # no such match here: member_page shows the 404 page
        messages.error(request, exc.message)
    else:
        messages.success(request, success)
    return redirect("match_detail", match_id=match_id)


@require_POST
@member_page
def match_join(request, match_id: int):
    """POST /matches/<id>/join/: take a free seat (people join an invite-only community
    itself under /communities/ first)."""
    return _after_post(
        request, match_id,
        lambda: services.match_join(tenant=request.tenant, user=request.user, match_id=match_id),
        JOINED,
    )


@require_POST
@member_page
def match_leave(request, match_id: int):
    """POST /matches/<id>/leave/: give up one's seat in an open match (the creator leaving
    calls the match off)."""
    match = selectors.match_get(tenant=request.tenant, match_id=match_id)
    return _after_post(
        request, match_id,
        lambda: services.match_leave(tenant=request.tenant, user=request.user, match_id=match_id),
        CALLED_OFF if match.created_by_id == request.user.pk else LEFT,
    )


@require_POST
@member_page
def match_seat_bot(request, match_id: int, seat_index: int):
    """POST /matches/<id>/seats/<i>/bot/ (kind=random|heuristic): a bot takes an empty seat."""
    match = selectors.match_get(tenant=request.tenant, match_id=match_id)
    engine = _engine_or_none(match.game)
    if engine is None:
        raise Http404("No such game.")
    form = SeatBotForm(request.POST, engine=engine)
    if not form.is_valid():
        messages.error(request, form.errors["kind"][0])
        return redirect("match_detail", match_id=match_id)
    kind = form.cleaned_data["kind"]
    return _after_post(
        request, match_id,
        lambda: services.seat_assign_bot(
            tenant=request.tenant, user=request.user, match_id=match_id, seat_index=seat_index, kind=kind
        ),
        BOT_ADDED.format(kind=bot_kind_word(kind), seat=seat_index + 1),
    )


@require_POST
@member_page
def match_resume(request, match_id: int):
    """POST /matches/<id>/resume/: "I'm back": take one's seat back from the bot that played it
    (after time-outs or a moderator's hand-over)."""
    return _after_post(
        request, match_id,
        lambda: services.seat_resume(tenant=request.tenant, user=request.user, match_id=match_id),
        RESUMED,
    )


@require_POST
@member_page
def match_quick(request):
    """POST /matches/quick/ (game, kind?): a match against bots, started at once (issue 8,
    "play against bots now")."""
    form = QuickPlayForm(request.POST)
    if not form.is_valid():
        messages.error(request, QUICK_INVALID)
        return redirect("lobby")
    try:
        match = shortcuts.match_play_bots_now(tenant=request.tenant, user=request.user, game=form.cleaned_data["game"],
                                          kind=form.cleaned_data.get("kind") or None)
    except ServiceError as exc:
        if exc.status == 403:
            raise
        messages.error(request, exc.message)
        return redirect("lobby")
    return redirect("match_detail", match_id=match.pk)


@require_POST
@member_page
def match_fill_bots(request, match_id: int):
    """POST /matches/<id>/fill-bots/ (kind): the creator fills every empty seat with bots."""
    match = selectors.match_get(tenant=request.tenant, match_id=match_id)
    engine = _engine_or_none(match.game)
    if engine is None:
        raise Http404("No such game.")
    form = SeatBotForm(request.POST, engine=engine)
    if not form.is_valid():
        messages.error(request, form.errors["kind"][0])
        return redirect("match_detail", match_id=match_id)
    return _after_post(
        request, match_id,
        lambda: shortcuts.seats_fill_with_bots(tenant=request.tenant, user=request.user, match_id=match_id,
                                           kind=form.cleaned_data["kind"]),
        BOTS_FILLED,
    )


@require_POST
@member_page
def match_rematch(request, match_id: int):
    """POST /matches/<id>/rematch/: a rematch of a finished match, seats rotated; the page of
    the new match."""
    try:
        new = shortcuts.match_rematch(tenant=request.tenant, user=request.user, match_id=match_id)
    except ServiceError as exc:
        if exc.status == 404:
            raise
        messages.error(request, exc.message)
        return redirect("match_detail", match_id=match_id)
    messages.success(request, REMATCH)
    return redirect("match_detail", match_id=new.pk)


@require_POST
@member_page
def match_start(request, match_id: int):
    """POST /matches/<id>/start/: the creator starts a full match."""
    return _after_post(
        request, match_id,
        lambda: services.match_start(tenant=request.tenant, user=request.user, match_id=match_id),
        STARTED,
    )
