"""Site pages: lobby, match, replay."""
urlpatterns = []
