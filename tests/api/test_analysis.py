"""/api/v1/matches/<id>/analysis/ (issue 30, point 3): a player asks for the analysis of their
own decisions (POST: 202, then 200 with the one there is) and follows it (GET); nobody else
sees it."""
import pytest

from tests.api.support import url
from tests.bots.test_analysis import ask, finished_race, greedy_race, run_inline  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


def test_ask_follow_and_read_it_by_the_api(api_client, match_factory, member, greedy_race, run_inline,  # noqa: F811
                                           django_capture_on_commit_callbacks):
    match = finished_race(match_factory, member, greedy_race)
    client = api_client(member)
    before = client.get(url(match.pk, "analysis/"))
    assert (before.status_code, before.json()["error"]) == (404, "analysis_not_found")
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post(url(match.pk, "analysis/"), format="json")
    assert asked.status_code == 202, asked.content
    assert asked.json()["status"] == "queued" and asked.json()["result"] is None
    run_inline()
    done = client.get(url(match.pk, "analysis/"))
    assert done.status_code == 200 and done.json()["status"] == "done"
    assert done.json()["result"]["costliest"] == [match.bad_step]
    again = client.post(url(match.pk, "analysis/"), format="json")
    assert again.status_code == 200 and again.json() == done.json()


def test_nobody_else_may_ask_or_read(api_client, match_factory, member, user_factory, other_tenant,
                                     greedy_race):  # noqa: F811
    match = finished_race(match_factory, member, greedy_race)
    watcher = api_client(user_factory("carol"))
    for method in ("get", "post"):
        answer = getattr(watcher, method)(url(match.pk, "analysis/"), format="json")
        assert (answer.status_code, answer.json()["error"]) == (403, "not_a_player")
    outsider = api_client(user_factory("dave", tenant=other_tenant), host=other_tenant.domain)
    answer = outsider.post(url(match.pk, "analysis/"), format="json")
    assert (answer.status_code, answer.json()["error"]) == (404, "match_not_found")
    assert api_client().get(url(match.pk, "analysis/")).status_code == 401
