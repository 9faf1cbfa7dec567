"""Embedded mode: a Celery worker thread (memory transport) and the sweeper inside the server."""


def start_embedded_worker():
    pass
