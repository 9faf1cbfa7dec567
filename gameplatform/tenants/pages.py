"""What every members' page of a community shares: the refusal page and the ``member_page``
decorator (signed in, a member of ``request.tenant``)."""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from gameplatform.core.errors import ServiceError
from gameplatform.tenants.services import membership_require


def error_page(request, exc: ServiceError):
    """The service's refusal as a page with its status and message."""
    return render(request, "error.html", {"status": exc.status, "message": exc.message, "code": exc.code}, status=exc.status)


def member_page(view):
    """Signed in (else redirect to login) and a member of ``request.tenant`` (else an error
    page); a ``ServiceError`` raised by the view becomes its error page."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            membership_require(user=request.user, tenant=getattr(request, "tenant", None))
            return view(request, *args, **kwargs)
        except ServiceError as exc:
            return error_page(request, exc)

    return wrapper


# What the community's page shows from the layers above this one (its open and live matches:
# gameplatform.web.communities registers it when the site's pages load). Each provider is
# called as provider(request=, tenant=) and returns template context.
_home_sections: list = []


def home_section(provider):
    """Registers ``provider(*, request, tenant) -> dict`` for ``home_context`` (a decorator).
    Registering the same function twice keeps one."""
    if provider not in _home_sections:
        _home_sections.append(provider)
    return provider


def home_context(*, request, tenant) -> dict:
    """The context every registered provider adds to ``tenant``'s page (issue 27, point 6):
    called only for a viewer who may see the community's play (not banned from it)."""
    context: dict = {}
    for provider in _home_sections:
        context.update(provider(request=request, tenant=tenant))
    return context
