"""Errors the services raise for bad, illegal, stale or unauthorised requests."""
from django.utils.translation import gettext


class ServiceError(Exception):
    """A request the platform refuses. ``code``: stable slug; ``message``: for people;
    ``status``: the HTTP status it maps to (400, 403, 404, 409); ``field``: the offending
    input field, if any. ``message`` is translated here, in the language active where the
    error is raised (the request's or the socket's): an English text marked with
    ``gettext_noop`` gets its translation; a lazy one (``gettext_lazy``) is read; one without a
    catalogue entry (already translated, or formatted) stays as it is."""

    def __init__(self, code: str, message: str, status: int = 400, field: str | None = None):
        message = gettext(message) if isinstance(message, str) and message else str(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.field = field

    def as_dict(self) -> dict[str, str]:
        d = {"error": self.code, "message": self.message}
        if self.field:
            d["field"] = self.field
        return d
