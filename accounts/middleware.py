"""``AuthThrottleMiddleware``: finishes the request's password attempts (``accounts.throttle``):
a refused one becomes a 429 answer (JSON under ``/api/``, else a page), a successful one sets
the device cookie (``accounts.devices``)."""
from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render

from . import devices, mfa, throttle


def throttled_response(request):
    """429 with ``Retry-After``: ``{"error": "too_many_attempts", "message"}`` under /api/,
    else the page ``account/throttled.html``. The message says what was refused: a password
    (``throttle.throttled_message``) or a second-factor code (``mfa.throttled_message``)."""
    message = mfa.refusal_message(request)
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": throttle.THROTTLED, "message": message}, status=429)
    else:
        response = render(request, "account/throttled.html", {"message": message}, status=429)
    response["Retry-After"] = str(throttle.window_seconds())
    return response


class AuthThrottleMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        throttle.request_finish(request)
        if throttle.request_throttled(request) and response.status_code != 429:
            response = throttled_response(request)
        devices.set_pending_cookie(request, response)
        return response
