"""Issue 13, point 9: ratings are "done once under concurrent finishes". Real threads and
connections on a transactional database (PostgreSQL's row locks in CI; SQLite's IMMEDIATE
transactions on a newcomer's machine). The rating arithmetic is slowed down so that, without
the locks, both transactions would read the same ratings and one update would be lost."""
import threading
import time

import pytest
from django.db import connection

from gameplatform.core.errors import ServiceError
from gameplatform.ratings import skill
from gameplatform.ratings.models import Rating, RatingChange
from tests.ratings.fixtures import play_finish

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(*calls):
    """Runs each call in its own thread, released together; results or exceptions in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i):
        try:
            barrier.wait()
            results[i] = calls[i]()
        except Exception as exc:  # collected and asserted by the test
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.fixture
def slow_rate(monkeypatch):
    """``skill.rate`` takes 0.3 s more: the window in which a lost update would happen."""
    real = skill.rate

    def slow(entries):
        time.sleep(0.3)
        return real(entries)

    monkeypatch.setattr(skill, "rate", slow)


def test_two_matches_of_the_same_players_finishing_at_once_both_count(open_podium, user_factory, slow_rate):
    """They have ratings already (a match before), so only the row locks keep the two updates
    apart: each starts from the other's result and none is lost."""
    a, b, c = (user_factory(n) for n in ("ann", "ben", "cid"))
    play_finish(open_podium([c, b, a], [1, 2, 3]))
    first = open_podium([a, b, c], [1, 2, 3])
    second = open_podium([b, a, c], [1, 2, 3])
    results = at_once(lambda: play_finish(first), lambda: play_finish(second))
    assert not any(isinstance(r, Exception) for r in results), results
    for person in (a, b, c):
        row = Rating.unscoped.get(user=person, game="podium")
        history = list(RatingChange.unscoped.filter(user=person).order_by("created_at", "pk"))
        assert row.rated_games == 3 and [h.rated_games for h in history] == [1, 2, 3]
        # One after the other: each update started from the one before's result.
        for before, after in zip(history, history[1:], strict=False):
            assert after.mu_before == before.mu_after and after.rating_before == before.rating_after
        assert (row.mu, row.sigma, row.rating) == (history[-1].mu_after, history[-1].sigma_after,
                                                   history[-1].rating_after)
    assert Rating.unscoped.get(user=a).wins == Rating.unscoped.get(user=b).wins == 1


def test_new_players_ratings_are_created_once_when_two_matches_finish_at_once(open_podium, user_factory, slow_rate):
    """Nobody has a rating yet: both transactions insert the same rows (ON CONFLICT DO
    NOTHING), one waits for the other, and each person ends with one row and two changes."""
    a, b = user_factory("dee"), user_factory("eve")
    matches = [open_podium([a, b], [1, 2]), open_podium([a, b], [2, 1])]
    results = at_once(*(lambda m=m: play_finish(m) for m in matches))
    assert not any(isinstance(r, Exception) for r in results), results
    assert Rating.unscoped.count() == 2
    assert RatingChange.unscoped.count() == 4
    assert set(Rating.unscoped.values_list("rated_games", flat=True)) == {2}


def test_the_same_match_finished_from_two_threads_is_rated_once(open_podium, user_factory, slow_rate):
    a, b = user_factory("fay"), user_factory("gus")
    match = open_podium([a, b], [1, 2])
    results = at_once(lambda: play_finish(match), lambda: play_finish(match))
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].code in ("stale_version", "match_not_active"), results
    assert RatingChange.unscoped.count() == 2
    assert set(Rating.unscoped.values_list("rated_games", flat=True)) == {1}
