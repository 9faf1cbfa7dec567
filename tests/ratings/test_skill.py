"""The rating arithmetic (gameplatform/ratings/skill.py) on its own: OpenSkill's Plackett-Luce
model over 2-8 sides, ties and teams, and the displayed number."""
import pytest

from gameplatform.ratings import skill
from gameplatform.ratings.skill import Entry, Skill


def fresh(n, ranks=None, sides=None):
    ranks = ranks or list(range(1, n + 1))
    sides = sides or list(range(n))
    return [Entry(i, sides[i], ranks[i], Skill()) for i in range(n)]


def test_a_newcomer_shows_1000_and_is_provisional_for_ten_games():
    assert Skill().display == 1000
    assert skill.display_rating(25.0, 25 / 3) == 1000
    assert [skill.is_provisional(n) for n in (0, 9, 10, 11)] == [True, True, False, False]


@pytest.mark.parametrize("n", range(2, 9))
def test_n_players_in_order_rate_from_best_to_worst(n):
    """2-8 players, all new: the better the rank, the higher the new mu (and the displayed
    rating); the winner gains, the last loses."""
    after = skill.rate(fresh(n))
    mus = [after[i].mu for i in range(n)]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == n
    assert after[0].mu > skill.MU > after[n - 1].mu
    assert all(after[i].sigma < skill.SIGMA for i in range(n))
    displays = [after[i].display for i in range(n)]
    assert displays == sorted(displays, reverse=True)


def test_a_tie_gives_equal_ratings():
    after = skill.rate(fresh(3, ranks=[1, 1, 3]))
    assert after[0] == after[1]
    assert after[0].mu > after[2].mu
    draw = skill.rate(fresh(2, ranks=[1, 1]))
    assert draw[0] == draw[1]
    assert draw[0].mu == pytest.approx(skill.MU)


def test_teammates_share_the_team_result():
    """Two teams of two: both winners gain alike, both losers lose alike."""
    entries = fresh(4, ranks=[1, 1, 2, 2], sides=["a", "a", "b", "b"])
    after = skill.rate(entries)
    assert after[0] == after[1] and after[2] == after[3]
    assert after[0].mu > skill.MU > after[2].mu


def test_a_side_takes_its_best_members_rank():
    after = skill.rate(fresh(3, ranks=[2, 1, 3], sides=["a", "a", "b"]))
    assert after[0] == after[1] and after[0].mu > after[2].mu


def test_an_upset_moves_more_than_the_expected_result():
    strong, weak = Skill(mu=35, sigma=3), Skill(mu=15, sigma=3)
    expected = skill.rate([Entry("s", 0, 1, strong), Entry("w", 1, 2, weak)])
    upset = skill.rate([Entry("s", 0, 2, strong), Entry("w", 1, 1, weak)])
    assert strong.mu - upset["s"].mu > expected["s"].mu - strong.mu > 0


def test_one_side_or_a_player_twice_is_refused():
    with pytest.raises(ValueError, match="two sides"):
        skill.rate(fresh(2, sides=["a", "a"]))
    with pytest.raises(ValueError):
        skill.rate([Entry(1, 0, 1, Skill()), Entry(1, 1, 2, Skill())])
