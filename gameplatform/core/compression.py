"""Compressed answers (issue 14) without opening the door to BREACH.

BREACH recovers a secret from the size of compressed responses that carry both the secret and
text an attacker chose, over many requests. Our rule (README, "Compression"):

- HTML and JSON answers are gzip-compressed (``CompressionMiddleware``, Django's
  ``GZipMiddleware`` with its "Heal the BREACH" random padding of the gzip header) when the
  client accepts it;
- the only secret our compressed pages carry is the CSRF token, and Django masks it afresh
  for every response (``get_token`` and ``{% csrf_token %}`` give a new random mask each
  time), so no two bodies hold the same bytes for it and the sizes tell nothing; the session
  and CSRF cookies travel in headers, which gzip does not touch;
- a response that carries any other secret in clear (an API token, an invitation code, a
  password-reset key) is never compressed: the paths in ``settings.COMPRESSION_EXCLUDED_PATHS``
  (the sign-in and account pages, the communities' pages with invitations, the admin, the API's
  token endpoint) and any view wrapped in ``never_compress``.

Static files are not this middleware's: WhiteNoise serves them (it comes first) pre-compressed.
"""
from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.middleware.gzip import GZipMiddleware

# Content types worth compressing (images and archives are compressed already).
COMPRESSIBLE = ("text/html", "application/json", "text/plain", "text/css", "text/javascript",
                "application/javascript", "application/vnd.oai.openapi", "application/problem+json")


class CompressionMiddleware(GZipMiddleware):
    """``GZipMiddleware`` restricted by the rule above: compressible content types only, never
    an excluded path nor a response marked by ``never_compress``."""

    def process_response(self, request, response):
        if getattr(response, "compress", True) is False or self.excluded(request.path):
            return response
        kind = response.get("Content-Type", "").split(";")[0].strip().lower()
        if kind not in COMPRESSIBLE:
            return response
        return super().process_response(request, response)

    @staticmethod
    def excluded(path: str) -> bool:
        """Is ``path`` under one of ``settings.COMPRESSION_EXCLUDED_PATHS``?"""
        return any(path.startswith(prefix) for prefix in getattr(settings, "COMPRESSION_EXCLUDED_PATHS", ()))


def never_compress(view):
    """Marks the view's responses as never to be compressed (they carry a secret in clear)."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        response = view(*args, **kwargs)
        response.compress = False
        return response

    return wrapper
