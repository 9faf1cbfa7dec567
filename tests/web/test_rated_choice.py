"""Issue 13: the lobby's "rated" choice (default: rated unless a bot plays, decided at the
start; "yes": rated, counting only the people; "no": unrated)."""
import pytest

from gameplatform.matches import services, shortcuts
from gameplatform.matches.models import Match

BASE = {"game": "hextopia", "seats": "2", "team_layout": "none"}


@pytest.mark.parametrize("choice, stored", [("auto", None), ("yes", True), ("no", False), (None, None)])
def test_the_form_stores_the_choice(tenant, alice, client_for, choice, stored):
    data = {**BASE, "rated": choice} if choice is not None else BASE
    assert client_for(alice).post("/matches/new/", data).status_code == 302
    assert Match.objects.for_tenant(tenant).get().rated is stored


def test_a_bad_choice_is_a_form_error_and_creates_nothing(tenant, alice, client_for):
    response = client_for(alice).post("/matches/new/", {**BASE, "rated": "maybe"})
    assert response.status_code == 400
    assert "rated" in response.context["form"].errors
    assert not Match.objects.for_tenant(tenant).exists()


def test_the_lobby_offers_the_choice_with_the_default_selected(alice, client_for):
    html = client_for(alice).get("/").content.decode()
    assert '<select name="rated"' in html and '<option value="auto" selected>Rated unless a bot plays</option>' in html


def test_the_default_becomes_rated_for_people_and_unrated_with_a_bot(tenant, alice, bob):
    people = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2)
    services.match_join(tenant=tenant, user=bob, match_id=people.pk)
    assert services.match_start(tenant=tenant, user=alice, match_id=people.pk).rated is True
    with_bot = shortcuts.match_play_bots_now(tenant=tenant, user=alice, game="hextopia")
    assert with_bot.rated is False
    marked = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, rated=True)
    services.seat_assign_bot(tenant=tenant, user=alice, match_id=marked.pk, seat_index=1, kind="random")
    assert services.match_start(tenant=tenant, user=alice, match_id=marked.pk).rated is True


def test_a_rematch_keeps_the_choice(tenant, alice, bob):
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, rated=False)
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    Match.unscoped.filter(pk=match.pk).update(status=Match.Status.FINISHED)  # as if played out
    rematch = shortcuts.match_rematch(tenant=tenant, user=alice, match_id=match.pk)
    assert rematch.rated is False


def test_the_lobby_says_whether_a_match_counts(tenant, alice, bob, client_for):
    services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Default")
    services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Friendly", rated=False)
    shortcuts.match_play_bots_now(tenant=tenant, user=bob, game="hextopia")
    html = client_for(alice).get("/").content.decode()
    assert "rated unless a bot plays" in html and html.count("· unrated") == 2
