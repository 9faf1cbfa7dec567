"""Fail-closed scoping: tenant-owned rows are only reachable through ``for_tenant``."""
import pytest

from gameplatform.matches.models import Match
from gameplatform.tenants.scoping import TenantScopeError
from tests.tenants.factories import make_hextopia_match, make_tenant

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tenants():
    a, b = make_tenant("alpha"), make_tenant("beta")
    return a, b, make_hextopia_match(a, [None] * 4), make_hextopia_match(b, [None] * 4)


@pytest.mark.parametrize(
    "query",
    [
        lambda: Match.objects.all(),
        lambda: Match.objects.filter(game="hextopia"),
        lambda: Match.objects.count(),
        lambda: Match.objects.get(pk=1),
        lambda: Match.objects.exists(),
        lambda: Match.objects.create(game="hextopia"),
    ],
    ids=["all", "filter", "count", "get", "exists", "create"],
)
def test_unscoped_query_raises(query):
    with pytest.raises(TenantScopeError, match="needs a tenant"):
        query()


def test_for_tenant_none_raises():
    with pytest.raises(TenantScopeError, match="tenant is None"):
        Match.objects.for_tenant(None)


def test_for_tenant_returns_only_that_tenants_rows(two_tenants):
    a, b, match_a, match_b = two_tenants
    assert list(Match.objects.for_tenant(a)) == [match_a]
    assert list(Match.objects.for_tenant(b.pk)) == [match_b]
    assert not Match.objects.for_tenant(a).filter(pk=match_b.pk).exists()


def test_unscoped_manager_and_relations_still_work(two_tenants):
    """Code that checks the tenant itself (tasks, the admin) says so with ``unscoped``;
    related managers use it too, so ``tenant.matches`` stays usable."""
    a, _, match_a, match_b = two_tenants
    assert set(Match.unscoped.all()) == {match_a, match_b}
    assert list(a.matches.all()) == [match_a]
    assert match_a.seats.count() == 4
