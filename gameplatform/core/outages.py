"""Outages of PostgreSQL or Redis: a clear, retryable answer instead of a server error.

While the database restarts or Redis is away, a request that needs them cannot be served. It
gets **503** with ``Retry-After: RETRY_AFTER_SECONDS``: under ``/api/`` the API's error shape
``{"error": "service_unavailable", "message"}``, elsewhere a small HTML page that needs
neither service to render (``templates/503.html``). Nothing a request changed is half-kept:
the failing transaction rolled back, and a client retries (a move with the same
``client_action_id``, which ``submit_action`` answers once).

How: Django turns any exception a view or a middleware raises into a response through
``response_for_exception``, which sends ``got_request_exception`` while the exception is
being handled. ``_note_outage`` (connected by the middleware) marks the request when that
exception is an outage (``is_outage``); ``OutageMiddleware``, the outermost middleware,
replaces the 500 of a marked request with the 503. This covers middlewares (sessions,
tenants) as well as views, with ``DEBUG`` on or off. The sockets have their own answer
(``unavailable``, docs/contracts.md). README "Running at scale", "Outages".
"""
from __future__ import annotations

import logging
import sys

import redis.exceptions
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _
from kombu.exceptions import OperationalError as BrokerError

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
OUTAGE_CODE = "service_unavailable"
OUTAGE_MESSAGE = _("The service is briefly unavailable (database or cache restarting). Please try again in a few "
                   "seconds; nothing was changed.")
# The Celery options of a task that meets a database outage (PostgreSQL restarting): sent again
# after 1, 2, 4, 5, 5 s; a stale turn task then does nothing (``submit_action`` checks the
# version), and what is still missing after that the sweep plays (``core.sweeps``).
OUTAGE_RETRY = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 1,
    "retry_backoff_max": 5,
    "retry_jitter": False,
    "max_retries": 5,
}
# How far down ``__cause__`` / ``__context__`` an outage is looked for (a library's own error
# raised while handling a connection error, e.g. channels-redis or kombu wrapping redis-py).
CHAIN_DEPTH = 8


def outage_errors() -> tuple[type[BaseException], ...]:
    """The exception classes that mean "a backing service is not answering": Django's database
    ``OperationalError`` / ``InterfaceError`` (a refused or dropped connection, a server
    shutting down), redis-py's ``ConnectionError`` / ``TimeoutError`` (``BusyLoadingError``
    included: Redis loading after a restart), kombu's ``OperationalError`` (the broker), the
    built-in ``ConnectionError`` (refused, reset, broken pipe) and ``TimeoutError`` (asyncio's
    too). The sockets use the same rule (``realtime.outages``)."""
    return (OperationalError, InterfaceError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
            BrokerError, ConnectionError, TimeoutError)


def is_outage(exc: BaseException | None) -> bool:
    """True when ``exc``, or an exception it was raised from or while handling (up to
    ``CHAIN_DEPTH`` links), is one of ``outage_errors()``."""
    kinds = outage_errors()
    seen = 0
    while exc is not None and seen < CHAIN_DEPTH:
        if isinstance(exc, kinds):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def outage_response(request: HttpRequest) -> HttpResponse:
    """The 503 for ``request``: JSON under ``/api/``, else the HTML page; ``Retry-After`` on
    both. Renders without the database, the cache or the request's context processors."""
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": OUTAGE_CODE, "message": str(OUTAGE_MESSAGE)}, status=503)
    else:
        html = render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS})
        response = HttpResponse(html, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def _note_outage(sender, request=None, **kwargs) -> None:
    """``got_request_exception`` receiver: marks ``request`` when the exception being handled
    is an outage, for ``OutageMiddleware``."""
    exc = sys.exc_info()[1]
    if request is not None and is_outage(exc):
        request.hexagora_outage = True
        log.warning("%s %s: service unavailable (%s: %s)", request.method, request.path, type(exc).__name__, exc)


class OutageMiddleware:
    """The outermost middleware: a server error caused by an outage becomes
    ``outage_response`` (503, ``Retry-After``). Other responses pass untouched."""

    def __init__(self, get_response):
        self.get_response = get_response
        connect_signals()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code >= 500 and getattr(request, "hexagora_outage", False):
            return outage_response(request)
        return response


def connect_signals() -> None:
    """Connects ``_note_outage`` (idempotent: a ``dispatch_uid``), once the middleware is
    loaded in a process that serves requests."""
    from django.core.signals import got_request_exception

    got_request_exception.connect(_note_outage, dispatch_uid="hexagora-outage")
