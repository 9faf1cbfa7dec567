"""Hexagora's Django project: settings, urls, ASGI and Celery, plus the cross-game apps."""
from .celery import app as celery_app

__all__ = ("celery_app",)
