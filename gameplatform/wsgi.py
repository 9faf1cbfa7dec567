"""WSGI entry point (HTTP only; live play needs the ASGI server)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")
application = get_wsgi_application()
