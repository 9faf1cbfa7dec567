"""Celery application. Broker: Redis when REDIS_URL is set, else the in-process memory
transport served by the embedded worker thread (see gameplatform.embedded)."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")

app = Celery("gameplatform")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
