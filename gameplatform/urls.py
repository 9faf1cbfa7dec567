"""Top-level URLs. Each app owns its own urls module."""
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from gameplatform.i18n.views import language_set

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("api/", include("gameplatform.api.urls")),
    path("i18n/setlang/", language_set, name="set_language"),
    # The ES modules' catalogue (djangojs) in the request's language: static/js/i18n.js.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("communities/", include("gameplatform.tenants.urls")),
    path("leaderboards/", include("gameplatform.ratings.urls")),
    path("", include("gameplatform.players.urls")),
    path("", include("gameplatform.alerts.urls")),
    path("", include("gameplatform.matches.urls")),
]
