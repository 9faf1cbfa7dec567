"""Moderation actions the admin runs on lists of rows: the members' list of ``tenants.admin``
and the chat's admin (which acts on the authors of messages and reports) share them."""
from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.utils.translation import ngettext_lazy

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.phrases import labelled

from . import moderation

HOUR = int(timedelta(hours=1).total_seconds())
DAY = int(timedelta(hours=24).total_seconds())
MEMBERS_DONE = ngettext_lazy("Done for %(count)s member.", "Done for %(count)s members.", "count")


def run_each(modeladmin, request, items, act, done) -> None:
    """Calls ``act(item)`` for each item; counts successes, shows each refusal. ``done``: the
    report of the successes, a plural keyed on its count (``ngettext_lazy(singular, plural,
    "count")``, "Deleted %(count)s message." / "...messages."): its form follows the count."""
    count = 0
    for item in items:
        try:
            act(item)
        except ServiceError as exc:
            modeladmin.message_user(request, labelled(item, exc.message), messages.ERROR)
        else:
            count += 1
    if count:
        modeladmin.message_user(request, done % {"count": count}, messages.SUCCESS)


def membership_act(modeladmin, request, queryset, kind: str) -> None:
    """A moderation action of the members' list (``tenants.admin.MembershipAdmin``): ``kind``
    "ban", "unban", "1h" or "24h" (a chat time-out), each through its service."""
    by = request.user
    items = list(queryset.select_related("user", "tenant"))
    if kind == "ban":
        def act(m):
            moderation.member_ban(membership=m, by=by)
    elif kind == "unban":
        def act(m):
            moderation.member_unban(membership=m, by=by)
    else:
        def act(m):
            moderation.member_timeout(membership=m, by=by, seconds=HOUR if kind == "1h" else DAY)
    run_each(modeladmin, request, items, act, MEMBERS_DONE)
