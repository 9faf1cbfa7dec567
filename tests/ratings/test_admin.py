"""Ratings in the admin: read-only, and a moderator sees only their community's."""
import pytest
from django.test import Client

from gameplatform.tenants.models import Membership
from tests.mfa import admin_sign_in

pytestmark = pytest.mark.django_db


def test_a_moderator_sees_only_their_communitys_ratings_and_changes_none(finish, user_factory, tenant, other_tenant):
    ann, ben = user_factory("ann"), user_factory("ben")
    for person in (ann, ben):
        Membership.objects.create(user=person, tenant=other_tenant)
    finish([ann, ben], [1, 2])
    finish([ann, ben], [2, 1], tenant=other_tenant)
    mod = user_factory("mod", role="moderator", is_staff=True)
    client = Client()
    admin_sign_in(client, mod)
    page = client.get("/admin/ratings/rating/")
    assert page.status_code == 200
    shown = list(page.context["cl"].result_list)
    assert len(shown) == 2 and {r.tenant_id for r in shown} == {tenant.pk}
    rating = shown[0]
    assert client.get(f"/admin/ratings/rating/{rating.pk}/change/").status_code == 200  # view only
    assert client.post(f"/admin/ratings/rating/{rating.pk}/change/", {"rating": 3000}).status_code == 403
    assert client.get("/admin/ratings/rating/add/").status_code == 403
    from gameplatform.ratings.models import Rating

    elsewhere = Rating.objects.for_tenant(other_tenant).first()
    assert client.get(f"/admin/ratings/rating/{elsewhere.pk}/change/").status_code == 302  # "not found"
    changes = client.get("/admin/ratings/ratingchange/").context["cl"].result_list
    assert {c.tenant_id for c in changes} == {tenant.pk}
