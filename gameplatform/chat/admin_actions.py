"""Moderation actions the admin runs on lists of rows, shared by the chat admin and the
members' list of ``tenants.admin`` (kept apart from both so neither imports the other)."""
from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.utils.translation import ngettext

from gameplatform.matches.errors import ServiceError

from . import services

HOUR = int(timedelta(hours=1).total_seconds())
DAY = int(timedelta(hours=24).total_seconds())


def run_each(modeladmin, request, items, act, done: str) -> None:
    """Calls ``act(item)`` for each item; counts successes, shows each refusal."""
    count = 0
    for item in items:
        try:
            act(item)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{item}: {exc.message}", messages.ERROR)
        else:
            count += 1
    if count:
        modeladmin.message_user(request, done.format(count=count), messages.SUCCESS)


def membership_act(modeladmin, request, queryset, kind: str) -> None:
    """A moderation action of the members' list (``tenants.admin.MembershipAdmin``): ``kind``
    "ban", "unban", "1h" or "24h" (a chat time-out), each through its service."""
    by = request.user
    items = list(queryset.select_related("user", "tenant"))
    if kind == "ban":
        def act(m):
            services.member_ban(membership=m, by=by)
    elif kind == "unban":
        def act(m):
            services.member_unban(membership=m, by=by)
    else:
        def act(m):
            services.member_timeout(membership=m, by=by, seconds=HOUR if kind == "1h" else DAY)
    done = ngettext("Done for {count} member.", "Done for {count} members.", len(items))
    run_each(modeladmin, request, items, act, done)
