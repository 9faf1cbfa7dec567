"""Top-level URLs. Each app owns its own urls module."""
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("api/", include("gameplatform.api.urls")),
    path("communities/", include("gameplatform.tenants.urls")),
    path("leaderboards/", include("gameplatform.ratings.urls")),
    path("", include("gameplatform.players.urls")),
    path("", include("gameplatform.alerts.urls")),
    path("", include("gameplatform.matches.urls")),
]
