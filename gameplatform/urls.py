"""Top-level URLs. Each app owns its own urls module."""
from django.contrib import admin
from django.urls import include, path

from gameplatform.i18n.views import javascript_catalog
from gameplatform.players.views import language_set
from gameplatform.web.communities import community_create

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("api/", include("gameplatform.api.urls")),
    path("i18n/setlang/", language_set, name="set_language"),
    # The ES modules' catalogue (djangojs) in the request's language: static/js/i18n.js.
    path("jsi18n/", javascript_catalog, name="javascript-catalog"),
    # Issue 27: starting a community asks accounts (a confirmed e-mail), above tenants' layer.
    path("communities/new/", community_create, name="community_create"),
    # The owners' and moderators' console (issue 27); before the community pages.
    path("communities/<slug:slug>/console/", include("gameplatform.web.console.urls")),
    path("communities/", include("gameplatform.tenants.urls")),
    path("leaderboards/", include("gameplatform.ratings.urls")),
    path("", include("gameplatform.alerts.urls")),
    path("", include("gameplatform.web.urls")),
]

# Under /api/ these answer in the API's JSON error shape (gameplatform/api/errors.py); elsewhere
# Django's pages (templates/400.html, 403.html, 404.html).
handler400 = "gameplatform.api.errors.bad_request"
handler403 = "gameplatform.api.errors.permission_denied"
handler404 = "gameplatform.api.errors.page_not_found"
