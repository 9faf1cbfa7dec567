"""/communities/<slug>/console/: the console's tabs and their POSTs (mounted by
gameplatform/urls.py before the community pages)."""
from django.urls import path

from . import moderation, people, settings

app_name = "console"

urlpatterns = [
    path("", settings.console_home, name="home"),
    path("settings/", settings.settings_tab, name="settings"),
    path("games/", settings.games_tab, name="games"),
    path("games/save/", settings.games_save, name="games_save"),
    path("variants/", settings.variant_create, name="variant_create"),
    path("variants/<int:pk>/", settings.variant_edit, name="variant_edit"),
    path("variants/<int:pk>/retire/", settings.variant_retire, name="variant_retire"),
    path("members/", people.members_tab, name="members"),
    path("members/<int:pk>/", people.member_act, name="member_act"),
    path("ownership/", people.ownership_tab, name="ownership"),
    path("ownership/offer/", people.ownership_offer, name="ownership_offer"),
    path("ownership/cancel/", people.ownership_cancel, name="ownership_cancel"),
    path("ownership/accept/", people.ownership_respond, {"answer": "accept"}, name="ownership_accept"),
    path("ownership/decline/", people.ownership_respond, {"answer": "decline"}, name="ownership_decline"),
    path("invitations/", people.invitations_tab, name="invitations"),
    path("invitations/new/", people.invitation_create, name="invitation_create"),
    path("invitations/<int:pk>/revoke/", people.invitation_revoke, name="invitation_revoke"),
    path("reports/", moderation.reports_tab, name="reports"),
    path("reports/<int:pk>/", moderation.report_act, name="report_act"),
    path("audit/", moderation.audit_tab, name="audit"),
]
