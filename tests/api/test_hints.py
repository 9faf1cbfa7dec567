"""POST /api/v1/matches/<id>/hint/ (issue 30, point 4): a hint by the API, refused in a rated
match ("never in rated or tournament matches")."""
import pytest
from django.core.cache import cache

from gameplatform.matches.models import Match
from tests.api.support import url
from tests.bots.test_hints import offer_hints, to_my_turn

pytestmark = pytest.mark.django_db


def test_the_api_answers_a_hint_and_refuses_it_in_a_rated_match(api_client, match_factory, member):
    match = offer_hints(match_factory("hextopia", [member, "random"]))
    engine, state = to_my_turn(match)
    client = api_client(member)
    answer = client.post(url(match.pk, "hint/"), format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["action"] in engine.legal_actions(state, 0)
    assert client.get(url(match.pk)).json()["hints"] is True
    cache.clear()
    Match.unscoped.filter(pk=match.pk).update(rated=True)
    refused = client.post(url(match.pk, "hint/"), format="json")
    assert refused.status_code == 403
    assert refused.json()["error"] == "hints_off"
    assert client.get(url(match.pk)).json()["hints"] is False


def test_a_hint_is_refused_to_a_spectator_and_across_communities(api_client, match_factory, member, user_factory,
                                                                 other_tenant):
    match = offer_hints(match_factory("hextopia", [member, "random"]))
    to_my_turn(match)
    watcher = api_client(user_factory("carol"))
    assert watcher.post(url(match.pk, "hint/"), format="json").json()["error"] == "not_seated"
    outsider = api_client(user_factory("dave", tenant=other_tenant), host=other_tenant.domain)
    answer = outsider.post(url(match.pk, "hint/"), format="json")
    assert (answer.status_code, answer.json()["error"]) == (404, "match_not_found")  # another community's
