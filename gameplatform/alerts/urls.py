"""Pages of the alerts, mounted by gameplatform/urls.py."""
from django.urls import path

from gameplatform.core import converters  # noqa: F401  (registers the "id" converter)

from . import views

urlpatterns = [
    path("your-turn/", views.your_turn, name="your_turn"),
    path("matches/<id:match_id>/invite/", views.invite, name="alerts_invite"),
    path("matches/<id:match_id>/invite/<str:token>/", views.invite_link, name="alerts_invite_link"),
    path("alerts/unsubscribe/<str:token>/", views.unsubscribe, name="alerts_unsubscribe"),
]
