"""Issue 30, point 4: the lobby's "Offer hints" box ("never in a match with another person
unless every person agreed in the lobby": whoever joins a match that offers them agrees, and the
lobby, the open match and its listing say so), only with an unrated match; the table's Hint
button only for a seated player of a match that offers them."""
import pytest

from gameplatform.matches import shortcuts
from gameplatform.matches.models import Match

BASE = {"game": "hextopia", "seats": "2", "team_layout": "none"}


def test_the_lobby_offers_hints_with_an_unrated_match(tenant, alice, client_for):
    html = client_for(alice).get("/").content.decode()
    assert 'name="hints"' in html and "Whoever joins agrees to this." in html
    assert client_for(alice).post("/matches/new/", {**BASE, "rated": "no", "hints": "on"}).status_code == 302
    match = Match.objects.for_tenant(tenant).get()
    assert (match.rated, match.hints) == (False, True)


@pytest.mark.parametrize("rated", ["auto", "yes"])
def test_hints_with_a_match_that_may_be_rated_are_a_form_error(tenant, alice, client_for, rated):
    response = client_for(alice).post("/matches/new/", {**BASE, "rated": rated, "hints": "on"})
    assert response.status_code == 400
    assert "unrated" in str(response.context["form"].errors["hints"])
    assert not Match.objects.for_tenant(tenant).exists()


def test_the_open_match_tells_who_joins_that_hints_are_on(tenant, alice, bob, client_for):
    client_for(alice).post("/matches/new/", {**BASE, "rated": "no", "hints": "on"})
    match = Match.objects.for_tenant(tenant).get()
    assert "Hints are on" in client_for(bob).get(f"/matches/{match.pk}/").content.decode()
    assert "hints on" in client_for(bob).get("/").content.decode()


def test_the_table_has_a_hint_button_only_where_hints_are_offered(tenant, alice, bob, client_for):
    match = shortcuts.match_play_bots_now(tenant=tenant, user=alice, game="hextopia")
    assert 'id="hint-btn"' in client_for(alice).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="hint-btn"' not in client_for(bob).get(f"/matches/{match.pk}/").content.decode()  # watching
    Match.unscoped.filter(pk=match.pk).update(rated=True)
    assert 'id="hint-btn"' not in client_for(alice).get(f"/matches/{match.pk}/").content.decode()
