"""Celery application, configured from the Django settings (``CELERY_*``).

Broker: Redis when ``REDIS_URL`` is set, served by separate processes
(``celery -A gameplatform worker`` and one ``celery -A gameplatform beat``, see the Procfile);
else the in-process memory transport, served by the embedded worker thread of the Daphne
process (``gameplatform.embedded``). Tasks are never eager: a countdown or eta is kept.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")

app = Celery("gameplatform")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
