"""Read-side queries for tenants and memberships."""
from django.conf import settings

from .models import Membership, Tenant


def tenant_for_host(host: str) -> Tenant:
    """The tenant whose ``domain`` is ``host`` (case-insensitive), else the default tenant
    (``settings.DEFAULT_TENANT_SLUG``), created on first use so a fresh database serves."""
    host = (host or "").lower().rstrip(".")
    tenant = Tenant.objects.filter(domain=host).first() if host else None
    if tenant is None:
        tenant, _ = Tenant.objects.get_or_create(
            slug=settings.DEFAULT_TENANT_SLUG, defaults={"name": "Hexagora", "is_open": True}
        )
    return tenant


def membership_get(*, user, tenant) -> Membership | None:
    """The user's membership in ``tenant`` or None (anonymous or inactive users: None)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    return Membership.objects.filter(user=user, tenant=tenant).first()
