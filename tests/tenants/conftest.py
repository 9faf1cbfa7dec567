"""Fixtures of the tenancy, accounts and admin tests."""
from tests.tenants.factories import fast_password_hasher  # noqa: F401  (autouse fixture)
