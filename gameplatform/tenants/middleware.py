"""Sets ``request.tenant`` from the request host (a Tenant.domain, else the default tenant)."""
from .selectors import tenant_for_host


class TenantMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.tenant = tenant_for_host(request.get_host().split(":")[0])
        return self.get_response(request)
