"""Celery application, configured from the Django settings (``CELERY_*``).

Broker: Redis when ``REDIS_URL`` is set, served by separate processes
(``celery -A gameplatform worker`` and one ``celery -A gameplatform beat``, see the Procfile);
else the in-process memory transport, served by the embedded worker thread of the Daphne
process (``gameplatform.embedded``). Tasks are never eager: a countdown or eta is kept.

Database connections: a task is treated like a request. Celery's Django fix-up would close
every connection before and after each task (a new PostgreSQL connection per bot move,
whatever ``CONN_MAX_AGE`` says) unless ``CELERY_DB_REUSE_MAX`` is set, and then it closes
them only every that many tasks, without Django's checks. With that setting high, the
handlers below call ``django.db.close_old_connections`` around each task, as Django does
around each request: a connection lives ``CONN_MAX_AGE`` seconds (0: closed after the
task), and one that failed or is unusable is dropped.
"""
import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")

app = Celery("gameplatform")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _close_old_connections(**kwargs):
    from django.db import close_old_connections

    close_old_connections()
