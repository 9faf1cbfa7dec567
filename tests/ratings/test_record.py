"""Issue 13, point 1: each finished rated match updates its players' ratings per community and
game, once, inside the transaction that ends it (``turns._apply`` calls
``ratings.services.ratings_record_match``); bots and matches with bots are unrated unless the
lobby says otherwise; aborted matches never count. Run on PostgreSQL in CI."""
import pytest

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from gameplatform.ratings import skill
from gameplatform.ratings.models import Rating, RatingChange
from gameplatform.ratings.services import ratings_record_match
from tests.ratings.fixtures import play_finish

pytestmark = pytest.mark.django_db


def rating(user, game="podium", tenant=None):
    qs = Rating.unscoped.filter(user=user, game=game)
    if tenant is not None:
        qs = qs.filter(tenant=tenant)
    return qs.first()


@pytest.fixture
def people(user_factory):
    return [user_factory(f"p{i}") for i in range(8)]


def test_two_players_the_winner_gains_and_the_loser_loses(finish, people, tenant):
    a, b = people[:2]
    match = finish([a, b], [2, 1])
    assert match.status == Match.Status.FINISHED and match.rated is True
    ra, rb = rating(a), rating(b)
    assert rb.rating > 1000 > ra.rating
    assert (ra.rated_games, rb.rated_games, ra.wins, rb.wins) == (1, 1, 0, 1)
    assert ra.provisional and rb.provisional and ra.tenant == tenant
    changes = {c.user_id: c for c in RatingChange.unscoped.filter(match=match)}
    assert set(changes) == {a.pk, b.pk}
    assert (changes[b.pk].rank, changes[b.pk].rating_before, changes[b.pk].rating_after) == (1, 1000, rb.rating)
    assert changes[a.pk].mu_after == ra.mu and changes[a.pk].sigma_after == ra.sigma


@pytest.mark.parametrize("n", range(2, 9))
def test_two_to_eight_players_are_rated_in_rank_order(finish, people, n):
    players = people[:n]
    ranks = list(range(n, 0, -1))  # the last seat wins
    finish(players, ranks)
    by_rank = sorted(players, key=lambda p: ranks[players.index(p)])
    mus = [rating(p).mu for p in by_rank]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == n
    assert RatingChange.unscoped.count() == n


def test_tied_players_get_the_same_rating(finish, people):
    a, b, c = people[:3]
    finish([a, b, c], [1, 1, 3])
    assert (rating(a).mu, rating(a).sigma) == (rating(b).mu, rating(b).sigma)
    assert rating(a).mu > rating(c).mu
    assert rating(a).wins == rating(b).wins == 1


def test_teams_come_from_the_seats_teams(finish, people):
    """2 v 2 (seats 0-1 against 2-3): teammates move alike."""
    a, b, c, d = people[:4]
    match = finish([a, b, c, d], [2, 2, 1, 1], team_layout="pairs")
    assert list(Seat.objects.filter(match=match).values_list("team", flat=True)) == [0, 0, 1, 1]
    assert rating(a).mu == rating(b).mu < skill.MU < rating(c).mu == rating(d).mu


def test_four_teams_of_two(finish, people):
    players = people[:8]
    finish(players, [4, 4, 1, 1, 3, 3, 2, 2], team_layout="pairs")
    team_mu = [rating(players[i]).mu for i in (2, 6, 4, 0)]  # teams by rank
    assert team_mu == sorted(team_mu, reverse=True)
    assert all(rating(players[i]).mu == rating(players[i + 1]).mu for i in range(0, 8, 2))


def test_a_table_with_a_bot_is_unrated_by_default(finish, people):
    match = finish([people[0], "random"], [1, 2])
    assert match.rated is False
    assert not Rating.unscoped.exists() and not RatingChange.unscoped.exists()


def test_a_bot_table_marked_rated_counts_only_the_people(finish, people):
    a, b = people[:2]
    match = finish([a, "random", b, "random"], [2, 1, 3, 4], rated=True)
    assert match.rated is True
    assert set(RatingChange.unscoped.values_list("user_id", flat=True)) == {a.pk, b.pk}
    assert rating(a).mu > rating(b).mu  # a beat b; the bot that beat both is left out
    assert {c.rank for c in RatingChange.unscoped.all()} == {2, 3}


def test_one_person_among_bots_is_not_rated_even_when_marked(finish, people):
    finish([people[0], "random", "random"], [1, 2, 3], rated=True)
    assert not RatingChange.unscoped.exists()


def test_people_on_one_team_against_bots_are_not_rated(finish, people):
    finish([people[0], people[1], "random", "random"], [1, 1, 2, 2], team_layout="pairs", rated=True)
    assert not RatingChange.unscoped.exists()


def test_an_all_human_table_marked_unrated_is_not_rated(finish, people):
    match = finish(people[:2], [1, 2], rated=False)
    assert match.rated is False and not RatingChange.unscoped.exists()


def test_an_aborted_match_never_counts(open_podium, people, moderator):
    match = open_podium(people[:2], [1, 2])
    services.match_abort(match_id=match.pk, by=moderator)
    with pytest.raises(ServiceError) as err:
        play_finish(match)
    assert err.value.code == "match_not_active"
    assert not RatingChange.unscoped.exists() and not Rating.unscoped.exists()
    match.refresh_from_db()
    match.status = Match.Status.ABORTED
    assert ratings_record_match(match=match, seats=list(Seat.objects.filter(match=match))) == []


def test_rated_once_the_service_called_again_changes_nothing(finish, people):
    a, b = people[:2]
    match = finish([a, b], [1, 2])
    before = list(Rating.unscoped.order_by("pk").values())
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    assert ratings_record_match(match=match, seats=seats) == []
    assert list(Rating.unscoped.order_by("pk").values()) == before
    assert RatingChange.unscoped.count() == 2


def test_the_final_move_sent_again_rates_nothing_more(open_podium, people):
    a, b = people[:2]
    match = open_podium([a, b], [1, 2])
    first = play_finish(match, client_action_id="end-1")
    match.refresh_from_db()
    again = services.submit_action(match_id=match.pk, tenant=match.tenant, user=a, action={"type": "finish"},
                                   expected_version=first.version - 1, client_action_id="end-1")
    assert again.duplicate
    assert RatingChange.unscoped.count() == 2 and rating(a).rated_games == 1


def test_provisional_until_ten_rated_games(finish, people):
    a, b = people[:2]
    for i in range(10):
        finish([a, b], [1, 2] if i % 2 else [2, 1])
        assert rating(a).provisional is (i < 9)
    assert rating(a).rated_games == 10
    history = list(RatingChange.unscoped.filter(user=a).order_by("created_at", "pk"))
    assert [c.rated_games for c in history] == list(range(1, 11))
    assert all(x.rating_after == y.rating_before for x, y in zip(history, history[1:], strict=False))


def test_ratings_are_per_community_and_game(finish, people, user_factory, other_tenant, tenant):
    from gameplatform.tenants.models import Membership

    a, b = people[:2]
    for person in (a, b):
        Membership.objects.create(user=person, tenant=other_tenant)
    finish([a, b], [1, 2])
    finish([a, b], [2, 1], tenant=other_tenant)
    here, there = rating(a, tenant=tenant), rating(a, tenant=other_tenant)
    assert here.rating > 1000 > there.rating
    assert here.rated_games == there.rated_games == 1
    assert Rating.objects.for_tenant(other_tenant).count() == 2


def test_a_refused_final_move_rates_nothing(open_podium, people):
    a, b = people[:2]
    match = open_podium([a, b], [1, 2])
    with pytest.raises(ServiceError):
        services.submit_action(match_id=match.pk, tenant=match.tenant, user=a, action={"type": "nope"},
                               expected_version=match.version)
    assert not Rating.unscoped.exists()


def test_a_match_of_a_real_game_is_rated_at_its_end(match_factory, member, other_member, tenant):
    """The race test game, rolled to its end through submit_action: both people rated once,
    the winner up."""
    from tests.matches.services.test_submit_action import play

    match = match_factory("race", [member, other_member], options={"target": 5})
    while match.status == Match.Status.ACTIVE:
        outcome = play(match, tenant, action={"type": "roll"})
        match.refresh_from_db()
    assert match.rated is True
    changes = {c.user_id: c for c in RatingChange.unscoped.filter(match=match)}
    winner = Seat.objects.get(match=match, index=outcome.seat).user
    assert len(changes) == 2 and changes[winner.pk].delta > 0 and changes[winner.pk].rank == 1
