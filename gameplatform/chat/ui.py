"""What the pages need to show a chat (the match page, its replay, the lobby): the template
context ``chat`` built by ``chat_context`` (the views call it; templates
``chat/_chat_panel.html`` and ``chat/_chat_log.html`` read it). The words for js/chat.js are
translated here (``gettext``), so the script holds none of its own."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import MAX_TEXT_CHARS, Report
from .selectors import match_chat_log


def chat_strings() -> dict[str, str]:
    """The texts js/chat.js shows, in the request's language."""
    return {
        "placeholder": _("Say something…"),
        "offline": _("Connecting…"),
        "blocked_placeholder": _("Timed out by a moderator"),
        "blocked": _("A moderator timed you out of the chat."),
        "empty": _("No messages yet."),
        "not_sent": _("The message could not be sent: it is back in the box."),
        "pending": _("sending…"),
        "pending_title": _("Not confirmed by the server yet: it is sent again until it is."),
        "too_long": ngettext("Messages are limited to %(max)s character.", "Messages are limited to %(max)s characters.",
                             MAX_TEXT_CHARS) % {"max": MAX_TEXT_CHARS},
        "reported": _("Thank you: the moderators will look at it."),
        "options": _("Options for this message"),
        "mute": _("Mute"),
        "report": _("Report:"),
        "room_players": _("Players' chat: only the players read it until the match is over."),
        "room_spectators": _("Spectators' chat: the players do not read it until the match is over."),
        "room_lobby": _("Everyone in this community reads the lobby's chat."),
        "rooms_both": _("The match is over: everyone reads both chats now."),
        "tag_players": _("player"),
        "tag_spectators": _("spectator"),
    }


def chat_context(*, request, match=None, replay: bool = False) -> dict:
    """The ``chat`` context of a page: ``config`` (for the JSON script ``chat-config``:
    ``strings``, ``max_chars``, ``reasons``) and, for a replay, ``log`` (the whole chat of
    the match, both rooms, as ``selectors.match_chat_log``)."""
    out = {
        "max_chars": MAX_TEXT_CHARS,
        "config": {"strings": chat_strings(), "max_chars": MAX_TEXT_CHARS,
                   "reasons": [[value, str(label)] for value, label in Report.Reason.choices]},
    }
    if replay and match is not None:
        out["log"] = match_chat_log(match=match, user=request.user)
    return out
