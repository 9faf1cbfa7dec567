"""``GET /api/v1/matches/<id>/history/`` pages in SQL on seq (issue 14: "the history API pages
in SQL (keyset on seq), so a page costs the same at move 10 and at move 5,000"): ``after`` /
``before`` a seq, ``next`` / ``previous`` links, no count and no offset."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from gameplatform.bots.services import match_play_out
from gameplatform.matches import selectors
from tests.api.support import url


@pytest.fixture
def long_match(match_factory, alice):
    """A Hextopia match of four random bots played for 300 moves (random play lasts longer than
    that whatever the seed), watched by alice (no seat)."""
    match = match_factory("hextopia", ["random"] * 4, creator=alice)
    match_play_out(match_id=match.pk, max_actions=300)
    match.refresh_from_db()
    return match


def follow(client, first_url, link):
    """Every entry reached from ``first_url`` following ``link`` ("next" or "previous")."""
    pages, url_ = [], first_url
    while url_:
        response = client.get(url_)
        assert response.status_code == 200, response.content
        body = response.json()
        assert set(body) == {"next", "previous", "results"}
        pages.append(body["results"])
        url_ = body[link]
    return pages


def test_next_and_previous_links_walk_the_whole_history(long_match, alice, api_client):
    client = api_client(alice)
    everything = selectors.match_history(match=long_match, seat=None)
    assert everything[0]["seq"] == 0 and len(everything) > 100  # the setup, then the moves
    forwards = follow(client, url(long_match.pk, "history/?limit=37"), "next")
    assert [e for page in forwards for e in page] == everything
    assert all(len(page) == 37 for page in forwards[:-1])
    backwards = follow(client, url(long_match.pk, f"history/?limit=37&before={long_match.version + 1}"), "previous")
    assert [e for page in reversed(backwards) for e in page] == everything
    # after 0: the moves without the setup; after and before: the entries between.
    seqs = [e["seq"] for e in everything]
    assert [e["seq"] for e in client.get(url(long_match.pk, "history/?after=0&limit=3")).json()["results"]] == seqs[1:4]
    between = client.get(url(long_match.pk, f"history/?after={seqs[10]}&before={seqs[14]}")).json()["results"]
    assert [e["seq"] for e in between] == seqs[11:14]


def test_a_page_costs_the_same_at_the_start_and_at_the_end(long_match, alice, api_client):
    client = api_client(alice)
    seqs = [e["seq"] for e in selectors.match_history(match=long_match, seat=None)]
    counts, sqls = {}, []
    for name, query in (("early", f"after={seqs[5]}"), ("late", f"after={seqs[-60]}"),
                        ("before-early", f"before={seqs[60]}"), ("before-late", f"before={seqs[-5]}")):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(long_match.pk, f"history/?limit=50&{query}")).status_code == 200
        counts[name] = len(queries)
        sqls += [q["sql"] for q in queries if "matches_moverecord" in q["sql"]]
    assert counts["early"] == counts["late"] and counts["before-early"] == counts["before-late"], counts
    assert all("OFFSET" not in sql.upper() for sql in sqls)
    page = [sql for sql in sqls if '"seq" >' in sql or '"seq" <' in sql]
    assert page and all("LIMIT" in sql.upper() for sql in page if '"events"' in sql)


@pytest.mark.parametrize(("query", "field"), [
    ("offset=10", "offset"), ("after=-1", "after"), ("after=x", "after"), ("before=1.5", "before"),
    ("before=", "before"), ("limit=0", "limit"),
])
def test_bad_paging_parameters_are_a_400_naming_them(long_match, alice, api_client, query, field):
    response = api_client(alice).get(url(long_match.pk, f"history/?{query}"))
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_huge_numbers_are_the_ends(long_match, alice, api_client):
    client = api_client(alice)
    assert client.get(url(long_match.pk, "history/?after=99999999999999999999")).json()["results"] == []
    last = client.get(url(long_match.pk, "history/?before=99999999999999999999&limit=99999999999")).json()
    assert last["results"][-1]["seq"] == long_match.version and last["next"] is None


def test_each_seat_sees_its_own_part_of_a_page(match_factory, user_factory, api_client):
    alice, bob = user_factory("alice"), user_factory("bob")
    match = match_factory("hextopia", [alice, bob])
    for who in (alice, bob):
        page = api_client(who).get(url(match.pk, "history/?limit=1")).json()["results"]
        mine = match.seats.get(user=who).index
        assert page[0]["actor"] == "setup"
        assert {e["seat"] for e in page[0]["events"] if e["type"] == "hand"} == {mine}
