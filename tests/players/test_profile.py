"""Issue 13, point 2: a player's page in the community (/players/<username>/): ratings per game
(provisional marked) with their history chart, recent matches with results, win rate per game,
current matches; never shown to a community the player is not in (404)."""
import pytest

from gameplatform.matches import services
from gameplatform.tenants.models import Membership
from gameplatform.web import profiles

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(user_factory):
    return user_factory("ann", display_name="Ann A.")


@pytest.fixture
def ben(user_factory):
    return user_factory("ben")


def test_the_page_shows_ratings_chart_win_rates_and_matches(finish, open_podium, ann, ben, client_for, tenant):
    finish([ann, ben], [1, 2], rated=True)
    finish([ann, ben], [2, 1])
    finish([ann, "random"], [1, 2])  # with a bot: unrated, still a win
    current = open_podium([ann, ben], [1, 2])
    waiting = services.match_create(tenant=tenant, user=ann, game="podium", seats=3, title="Come and play")
    page = client_for(ben).get("/players/ann/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ann A." in html and "@ann" in html
    assert 'data-game="podium"' in html and "provisional" in html
    assert "<svg" in html and "polyline" in html and "rating history" in html
    assert "2 rated games" in html
    assert f'href="/matches/{current.pk}/"' in html and f'href="/matches/{waiting.pk}/"' in html
    assert "Come and play" in html
    assert "unrated" in html and "Won" in html
    assert "67%" in html  # 2 of 3 won
    profile = page.context["win_rates"]
    assert profile == [{"game": "podium", "game_name": "Podium (test game)", "played": 3, "wins": 2,
                        "win_rate": pytest.approx(2 / 3)}]


def test_recent_matches_carry_rank_result_and_rating_change(finish, ann, ben, tenant):
    match = finish([ann, ben], [2, 1])
    data = profiles.player_profile(tenant=tenant, user=ann)
    (recent,) = data["recent_matches"]
    assert (recent["id"], recent["rank"], recent["won"], recent["rated"], recent["players"]) == (match.pk, 2, False, True, 2)
    assert recent["rating_change"] < 0
    (rating,) = data["ratings"]
    assert rating["provisional"] and rating["rated_games"] == 1 and rating["position"] == 2


def test_a_new_member_has_an_empty_page(ann, ben, client_for):
    html = client_for(ann).get("/players/ben/").content.decode()
    assert "No rated match yet." in html and "No finished match yet." in html and "No match in progress." in html


def test_someone_not_in_this_community_is_a_404(user_factory, ann, client_for, other_tenant):
    stranger = user_factory("stranger", tenant=other_tenant)
    for name in ("stranger", "nobody", "x" * 151):
        response = client_for(ann).get(f"/players/{name}/")
        assert response.status_code == 404, name
        assert "There is no such player in this community." in response.content.decode()
    # ...and the other way round, on the other community's host.
    other = client_for(stranger, host="elsewhere.test")
    assert other.get("/players/ann/").status_code == 404
    assert other.get("/players/stranger/").status_code == 200


def test_a_member_of_both_communities_shows_only_this_ones_matches(finish, ann, ben, other_tenant, client_for):
    for person in (ann, ben):
        Membership.objects.create(user=person, tenant=other_tenant)
    here = finish([ann, ben], [1, 2], rated=True)
    there = finish([ann, ben], [2, 1], tenant=other_tenant)
    html_here = client_for(ben).get("/players/ann/").content.decode()
    html_there = client_for(ben, host="elsewhere.test").get("/players/ann/").content.decode()
    assert f"/matches/{here.pk}/" in html_here and f"/matches/{there.pk}/" not in html_here
    assert f"/matches/{there.pk}/" in html_there and f"/matches/{here.pk}/" not in html_there


def test_signed_out_visitors_go_to_the_login_page(ann, client_for):
    response = client_for().get("/players/ann/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_header_links_to_my_page_and_settings(ann, client_for):
    html = client_for(ann).get("/").content.decode()
    assert 'href="/players/ann/"' in html and 'href="/settings/"' in html and 'href="/leaderboards/"' in html
