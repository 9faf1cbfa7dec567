"""Sets ``request.tenant`` from the request host.

Resolution (``selectors.tenant_for_host``): the Tenant whose ``domain`` is the host (any case,
port ignored); else the default tenant for the development hosts in
``settings.TENANT_DEFAULT_HOSTS`` (localhost, 127.0.0.1, ::1, testserver); else the request
is answered 404 "no community at this address".

Why 404 and not the default tenant for an unknown host: on a hosted multi-community site each
community has its own address, and a mistyped or retired address must not silently drop a
visitor into another community, where they would sign up, join or play by mistake (the way
Discourse multisite or Slack answer an unknown workspace). A deployment serves its main site
by giving the default tenant its domain, or by listing the host in ``TENANT_DEFAULT_HOSTS``.
"""
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from .selectors import tenant_for_host

UNKNOWN_HOST = _("No community is served at this address.")


class TenantMiddleware:
    """Sets ``request.tenant`` (a ``Tenant``) or answers 404 for a host no tenant serves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # get_host() validates against ALLOWED_HOSTS (DisallowedHost -> 400 by Django).
        tenant = tenant_for_host(request.get_host())
        request.tenant = tenant
        if tenant is None:
            if request.path.startswith("/api/"):  # API clients read JSON errors
                return JsonResponse({"error": "unknown_host", "message": UNKNOWN_HOST}, status=404)
            return render(request, "tenants/unknown_host.html", status=404)
        return self.get_response(request)
