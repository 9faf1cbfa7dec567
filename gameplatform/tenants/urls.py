"""/communities/: list, join (open or by code), invitations. Mounted by gameplatform/urls.py."""
from django.urls import path

from . import closing_views, views

app_name = "tenants"

urlpatterns = [
    path("", views.community_list, name="list"),
    # Before <slug>/ so "join" is never read as a community slug.
    path("join/", views.community_join_invite, name="join_invite"),
    path("<slug:slug>/", views.community_detail, name="detail"),
    path("<slug:slug>/join/", views.community_join, name="join"),
    path("<slug:slug>/close/", closing_views.community_close, name="close"),
    path("<slug:slug>/invitations/", views.invitation_create, name="invitation_create"),
    path("<slug:slug>/invitations/<int:pk>/revoke/", views.invitation_revoke, name="invitation_revoke"),
]
