"""The console's Reports and Audit log tabs (issue 27, points 2 and 3): open chat reports with
their actions (``chat.services``, ``tenants.moderation``: each writes the audit trail) and the
community's audit log, paginated and filtered by action (``tenants.audit.audit_list``: this
community's entries only)."""
from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from gameplatform.chat import services as chat
from gameplatform.chat.models import Report
from gameplatform.i18n.phrases import labelled
from gameplatform.tenants import moderation
from gameplatform.tenants.audit import audit_list
from gameplatform.tenants.models import AuditEntry, Membership

from .access import UNKNOWN_ACTION, act, console_page, render_tab
from .forms import TIMEOUT_CHOICES

PER_PAGE = 25
REPORT_DONE = {
    "delete": _("Message deleted."),
    "timeout": _("The author is timed out of the chat."),
    "ban": _("The author is banned."),
    "dismiss": _("Report dismissed."),
}
NOT_A_MEMBER = _("The author is no longer a member of this community.")


@console_page()
def reports_tab(request, console):
    """The community's open reports, oldest first, with the reported message."""
    reports = (Report.objects.for_tenant(console.tenant).filter(status=Report.Status.OPEN)
               .select_related("message__author", "message__match", "reporter").order_by("created_at", "pk")[:100])
    return render_tab(request, console, "tenants/console/reports.html",
                      {"reports": reports, "timeouts": TIMEOUT_CHOICES})


def _report_call(request, report: Report, action: str):
    reason = report.get_reason_display()
    if action == "delete":
        return lambda: chat.message_delete(message=report.message, by=request.user, reason=reason, report=report)
    if action == "dismiss":
        return lambda: chat.report_dismiss(report=report, by=request.user)
    membership = Membership.objects.filter(tenant=report.tenant, user=report.message.author).select_related(
        "user", "tenant").first()
    if membership is None:
        return None
    if action == "ban":
        return lambda: moderation.member_ban(membership=membership, by=request.user, reason=reason,
                                             report_id=report.pk)
    seconds = request.POST.get("seconds", "3600")
    seconds = int(seconds) if seconds.isdigit() and len(seconds) < 9 else 3600
    return lambda: moderation.member_timeout(membership=membership, by=request.user, seconds=seconds,
                                             reason=reason, report_id=report.pk)


@console_page()
@require_POST
def report_act(request, console, pk: int):
    """Deletes the reported message, times out or bans its author, or dismisses the report."""
    report = get_object_or_404(Report.objects.for_tenant(console.tenant).select_related("message__author", "tenant"),
                               pk=pk)
    action = request.POST.get("action", "")
    if action not in REPORT_DONE:
        messages.error(request, UNKNOWN_ACTION)
        return redirect("console:reports", slug=console.tenant.slug)
    call = _report_call(request, report, action)
    if call is None:
        messages.error(request, NOT_A_MEMBER)
        return redirect("console:reports", slug=console.tenant.slug)
    return act(request, console, "console:reports", call, REPORT_DONE[action])


# The words of the details' keys (the others are shown as stored).
DETAIL_LABELS = {
    "name": _("Name"), "description": _("Description"), "is_open": _("Who may join"), "language": _("Language"),
    "vacation_days_per_year": _("Vacation days per year"), "games": _("Games on offer"),
    "default_clock": _("Clock of new matches"), "role": _("Role"), "options": _("Options (JSON)"),
    "game": _("Game"), "seat": _("Seat"), "from": _("From"), "to": _("To"),
}


def details_text(details: object) -> list[str]:
    """An entry's ``details`` as short lines in the reader's language: ``"Name: old → new"``
    for a change, else ``"key: value"``."""
    if not isinstance(details, dict):
        return []
    lines = []
    for key, value in details.items():
        label = DETAIL_LABELS.get(key, key)
        if isinstance(value, list) and len(value) == 2:
            lines.append(labelled(label, f"{_short(value[0])} → {_short(value[1])}"))
        else:
            lines.append(labelled(label, _short(value)))
    return lines


def _short(value: object) -> str:
    text = "—" if value in (None, "", [], {}) else str(value)
    return text if len(text) <= 80 else text[:79] + "…"


@console_page()
def audit_tab(request, console):
    """The audit log, newest first, ``PER_PAGE`` a page; ``?action=`` keeps one action."""
    action = request.GET.get("action", "")
    if action not in AuditEntry.Action.values:
        action = ""
    entries = audit_list(tenant=console.tenant, user=request.user, action=action or None)
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    for entry in page.object_list:
        entry.shown_details = details_text(entry.details)
    return render_tab(request, console, "tenants/console/audit.html", {
        "page": page, "action": action, "actions": AuditEntry.Action.choices,
    })
