"""Tenant rows: domains stored as bare lower-case host names, reserved slugs refused."""
import pytest
from django.core.exceptions import ValidationError

from gameplatform.tenants.models import DOMAIN_INVALID, SLUG_RESERVED, Tenant

pytestmark = pytest.mark.django_db


def test_blank_domains_are_null_so_several_tenants_have_none():
    Tenant.objects.create(slug="a", name="A", domain="")
    Tenant.objects.create(slug="b", name="B", domain="  ")
    assert list(Tenant.objects.values_list("domain", flat=True)) == [None, None]


@pytest.mark.parametrize("domain", ["https://play.example.org", "play.example.org:8000", "play example.org"])
def test_domain_must_be_a_bare_host(domain):
    with pytest.raises(ValidationError) as info:
        Tenant(slug="a", name="A", domain=domain).full_clean()
    assert info.value.message_dict["domain"] == [DOMAIN_INVALID]


def test_reserved_slug_is_refused():
    with pytest.raises(ValidationError) as info:
        Tenant(slug="join", name="Join").full_clean()
    assert info.value.message_dict["slug"] == [SLUG_RESERVED]
