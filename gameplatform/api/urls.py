"""REST API: /api/v1/ and the OpenAPI schema at /api/schema/."""
urlpatterns = []
