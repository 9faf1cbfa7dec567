"""Issue 13, point 1: a leaderboard page per community and game (paged), and point 8: bad input
is a 4xx naming the field; nobody shows in a community they are not in."""
import pytest
from django.test import Client

from gameplatform.ratings import views
from gameplatform.tenants.models import Membership

pytestmark = pytest.mark.django_db


def signed_in(user, host="testserver") -> Client:
    client = Client(HTTP_HOST=host)
    client.force_login(user)
    return client


@pytest.fixture
def four(user_factory):
    return [user_factory(name) for name in ("ann", "ben", "cat", "dan")]


def test_the_leaderboard_lists_members_best_first_with_provisional_marked(finish, four, podium):
    ann, ben, cat, dan = four
    finish([ann, ben, cat], [1, 2, 3])
    page = signed_in(dan).get("/leaderboards/podium/")
    assert page.status_code == 200
    rows = page.context["rows"]
    assert [r["username"] for r in rows] == ["ann", "ben", "cat"]  # dan has no rated game
    assert [r["position"] for r in rows] == [1, 2, 3]
    assert all(r["provisional"] for r in rows)
    html = page.content.decode()
    assert 'href="/players/ann/"' in html and 'class="provisional"' in html
    assert "Podium (test game) leaderboard" in html


def test_tied_ratings_share_a_place(finish, four, podium):
    ann, ben, cat, _ = four
    finish([ann, ben, cat], [1, 1, 3])
    rows = signed_in(cat).get("/leaderboards/podium/").context["rows"]
    assert [r["position"] for r in rows] == [1, 1, 3]


def test_the_index_shows_every_game(finish, four, podium):
    ann, ben, _, dan = four
    finish([ann, ben], [2, 1])
    html = signed_in(dan).get("/leaderboards/").content.decode()
    assert 'href="/leaderboards/podium/"' in html and 'href="/leaderboards/hextopia/"' in html
    assert "All 2 rated players" in html and "No rated match of Hextopia yet." in html


def test_pages_and_bad_page_numbers(finish, four, podium, monkeypatch):
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    ann, ben, cat, dan = four
    finish([ann, ben, cat, dan], [1, 2, 3, 4])
    client = signed_in(dan)
    second = client.get("/leaderboards/podium/?page=2")
    assert [r["username"] for r in second.context["rows"]] == ["cat", "dan"]
    assert [r["position"] for r in second.context["rows"]] == [3, 4]
    assert 'rel="prev"' in second.content.decode()
    for bad in ("0", "3", "abc", "-1", "1.5", "9" * 30):
        response = client.get(f"/leaderboards/podium/?page={bad}")
        assert response.status_code == 400, bad
        assert "page must be a whole number from 1 to 2." in response.content.decode()


def test_an_unknown_game_is_a_404(four):
    assert signed_in(four[0]).get("/leaderboards/chess/").status_code == 404


def test_people_who_left_or_are_suspended_drop_off(finish, four, podium, tenant):
    ann, ben, cat, dan = four
    finish([ann, ben, cat], [1, 2, 3])
    Membership.objects.filter(user=ben, tenant=tenant).delete()
    cat.is_active = False
    cat.save()
    rows = signed_in(dan).get("/leaderboards/podium/").context["rows"]
    assert [r["username"] for r in rows] == ["ann"]


def test_another_community_has_its_own_leaderboard(finish, four, podium, user_factory, other_tenant):
    ann, ben, _, _ = four
    finish([ann, ben], [1, 2])
    outsider = user_factory("zed", tenant=other_tenant)
    page = signed_in(outsider, host="elsewhere.test").get("/leaderboards/podium/")
    assert page.status_code == 200 and page.context["rows"] == []
    assert "ann" not in page.content.decode()
    # A member of both sees ann there only once she plays there.
    Membership.objects.create(user=ann, tenant=other_tenant)
    assert signed_in(ann, host="elsewhere.test").get("/leaderboards/podium/").context["rows"] == []


def test_signed_out_and_non_members_are_refused(four, user_factory, other_tenant):
    assert Client().get("/leaderboards/").status_code == 302
    stranger = user_factory("yan", tenant=None)
    assert signed_in(stranger, host="elsewhere.test").get("/leaderboards/").status_code == 403
