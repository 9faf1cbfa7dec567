"""The API's DRF exception handler: every refused request is a 4xx JSON body of one shape.

Shapes (docs/contracts.md, "REST API"):

- ``ServiceError``            -> its ``status``, ``{"error": code, "message": text, "field"?: name}``
- DRF ``ValidationError``     -> 400, ``{"error": "invalid", "message": text, "field": first field,
                                        "fields": {field: [messages]}}``
- malformed body (``ParseError``) -> 400, ``{"error": "parse_error", "message": text}``
- unauthenticated / bad token -> 401, ``{"error": "not_authenticated" | "authentication_failed", ...}``
- any other ``APIException``  -> its status, ``{"error": its code, "message": text}``
- engine ``IllegalAction`` / ``OptionsError`` / ``UnknownGame`` reaching a view (a service is
  meant to wrap them) -> 400 with the rule's own message, so a player never sees a 500.

Anything else is a bug and is left to Django (a 500 the tests must never see).

Every error is rendered as JSON, whatever renderer the view would use for its answers (the
schema view's YAML, the docs page's HTML). Outside DRF, Django's ``handler400`` /
``handler403`` / ``handler404`` (gameplatform/urls.py) answer paths under /api/ in the same
shape (``bad_request``, ``permission_denied``, ``not_found``): a path no route matches, one
whose converter refuses the value (``/api/v1/leaderboards/%0A/``), a disallowed Host header.
"""
from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import set_rollback

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.i18n.phrases import labelled
from games.protocol import IllegalAction, OptionsError
from games.registry import UnknownGame

INVALID = "invalid"
INVALID_MESSAGE = _("The request is not valid.")
NOT_FOUND = "not_found"
NOT_FOUND_MESSAGE = _("No such resource.")
NON_FIELD = "non_field_errors"


CSRF_FAILED = "csrf_failed"
CSRF_FAILED_MESSAGE = (
    "CSRF check failed: send the csrftoken cookie's value in an X-CSRFToken header, or use "
    "token authentication."
)


BAD_REQUEST = "bad_request"
BAD_REQUEST_MESSAGE = _("The request is malformed.")
PERMISSION_DENIED = "permission_denied"
PERMISSION_DENIED_MESSAGE = _("You do not have permission to perform this action.")


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def bad_request(request, exception=None):
    """``handler400``: JSON 400 ``bad_request`` under /api/, Django's page elsewhere."""
    if _is_api(request):
        return JsonResponse(error_body(BAD_REQUEST, str(BAD_REQUEST_MESSAGE)), status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    """``handler403``: JSON 403 ``permission_denied`` under /api/, Django's page elsewhere."""
    if _is_api(request):
        return JsonResponse(error_body(PERMISSION_DENIED, str(PERMISSION_DENIED_MESSAGE)), status=403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    """``handler404``: JSON 404 ``not_found`` under /api/, Django's page (404.html) elsewhere."""
    if _is_api(request):
        return JsonResponse(error_body(NOT_FOUND, str(NOT_FOUND_MESSAGE)), status=404)
    return defaults.page_not_found(request, exception)


def csrf_failure(request, reason: str = ""):
    """``CSRF_FAILURE_VIEW``: a JSON 403 ``csrf_failed`` under /api/, Django's page elsewhere."""
    from django.views.csrf import csrf_failure as django_csrf_failure

    if _is_api(request):
        return JsonResponse(error_body(CSRF_FAILED, CSRF_FAILED_MESSAGE), status=403)
    return django_csrf_failure(request, reason)


def error_body(code: str, message: str, field: str | None = None) -> dict:
    """``{"error": code, "message": message}`` plus ``"field"`` when one input is to blame."""
    body = {"error": code, "message": message}
    if field:
        body["field"] = field
    return body


def exception_handler(exc, context):
    """DRF ``EXCEPTION_HANDLER``: the response for ``exc`` (shapes in the module docstring),
    rendered as JSON, or ``None`` for an unexpected exception so that a real bug is not hidden."""
    request = context.get("request")
    if request is not None:  # DRF renders the answer with the request's renderer
        request.accepted_renderer, request.accepted_media_type = JSONRenderer(), JSONRenderer.media_type
    if isinstance(exc, ServiceError):
        set_rollback()
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, IllegalAction):
        set_rollback()
        return Response(error_body(exc.code, engine_text(exc.message), "action"), status=400)
    if isinstance(exc, OptionsError):
        set_rollback()
        return Response(error_body(INVALID, engine_text(exc.template, exc.params), exc.field or "options"), status=400)
    if isinstance(exc, UnknownGame):
        set_rollback()
        return Response(error_body("unknown_game", str(exc), "game"), status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(NOT_FOUND_MESSAGE)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None

    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = f"{exc.wait:.0f}"
    set_rollback()
    if isinstance(exc, exceptions.ValidationError):
        body = _validation_body(exc.detail)
    else:
        body = error_body(_code_of(exc), _first_message(exc.detail) or str(exc.default_detail))
    return Response(body, status=exc.status_code, headers=headers)


def _validation_body(detail) -> dict:
    """The ``invalid`` body for a ValidationError whose detail is a dict, a list or a string."""
    if not isinstance(detail, dict):
        detail = {NON_FIELD: detail if isinstance(detail, list) else [detail]}
    field = next((name for name in detail if name != NON_FIELD), None)
    name = field if field is not None else NON_FIELD
    text = _first_message(detail[name]) or INVALID_MESSAGE
    body = error_body(INVALID, labelled(name, text) if field else text, field)
    body["fields"] = detail
    return body


def _first_message(detail) -> str:
    """The first message found depth-first in a DRF error detail (str, list or dict)."""
    if isinstance(detail, dict):
        for value in detail.values():
            text = _first_message(value)
            if text:
                return text
        return ""
    if isinstance(detail, list):
        for value in detail:
            text = _first_message(value)
            if text:
                return text
        return ""
    return str(detail)


def _code_of(exc: exceptions.APIException) -> str:
    """The exception's stable code: its detail's code when it has one, else its default."""
    code = getattr(exc.detail, "code", None)
    return code if isinstance(code, str) else exc.default_code
