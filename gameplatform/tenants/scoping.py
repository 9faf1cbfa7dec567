"""Fail-closed tenant scoping for tenant-owned models.

``Model.objects`` refuses to build a query unless it is scoped: ``Model.objects.for_tenant(t)``.
Code that legitimately works across tenants (a Celery task that got an id and checks the
tenant itself, the superuser admin, migrations) says so with ``Model.unscoped``.
"""
from django.db import models


class TenantScopeError(RuntimeError):
    """A query of tenant-owned rows was made without naming the tenant."""


class TenantScopedManager(models.Manager):
    """Manager whose every query must go through ``for_tenant``; anything else raises."""

    def get_queryset(self):
        raise TenantScopeError(
            f"{self.model.__name__}.objects needs a tenant: use "
            f"{self.model.__name__}.objects.for_tenant(tenant) or .unscoped"
        )

    def for_tenant(self, tenant):
        """Rows of ``tenant`` (a Tenant or its pk); raises ``TenantScopeError`` for None."""
        if tenant is None:
            raise TenantScopeError(f"{self.model.__name__}: tenant is None")
        return super().get_queryset().filter(tenant=tenant)
