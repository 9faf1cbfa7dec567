"""A membership the caller has just required spares ``submit_action`` reading it again (the
socket's recheck of the same message, issue 29), and only that user's of that community."""
import pytest

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.tenants.models import Membership

pytestmark = pytest.mark.django_db


def test_someone_elses_membership_is_never_taken_for_the_movers(match_factory, member, other_member, user_factory,
                                                                tenant):
    match = match_factory("race", [member, other_member])
    stranger = user_factory("mallory", tenant=None)  # no membership of this community
    alice = Membership.objects.get(user=member, tenant=tenant)
    with pytest.raises(ServiceError) as refused:
        services.submit_action(match_id=match.pk, tenant=tenant, user=stranger, membership=alice,
                               action={"type": "roll"}, expected_version=match.version)
    # Their own membership was required: the open community admitted them, and no seat is theirs.
    assert refused.value.code == "not_seated"
    assert Membership.objects.filter(user=stranger, tenant=tenant).exists()


def test_the_movers_own_membership_is_not_read_again(match_factory, member, other_member, tenant):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import registry

    match = match_factory("race", [member, other_member])
    seat = registry.get_engine("race").to_act(match.state)[0]
    user = (member, other_member)[seat]
    membership = Membership.objects.get(user=user, tenant=tenant)
    with CaptureQueriesContext(connection) as ctx:
        services.submit_action(match_id=match.pk, tenant=tenant, user=user, membership=membership,
                               action={"type": "roll"}, expected_version=match.version)
    assert not any("tenants_membership" in q["sql"] for q in ctx.captured_queries)
