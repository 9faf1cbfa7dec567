"""WebSocket URL routes."""
websocket_urlpatterns = []
