"""Match admin: read-only, secrets only once the match is over, moderation via the services."""
import json
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from gameplatform.matches import admin as match_admin
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.services import MATCH_OVER
from games.registry import get_engine
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_hextopia_match, make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db
SEED = 987654321


@pytest.fixture
def setup(client):
    tenant = make_tenant("alpha")
    mod = make_moderator("moda", tenant)
    alice = make_user("alice_a")
    make_member(alice, tenant)
    match = make_hextopia_match(tenant, [alice, None, None, None], seed=SEED, title="Alpha Cup")
    admin_sign_in(client, mod)
    return client, match, alice


def change_page(client, match) -> str:
    response = client.get(reverse("admin:matches_match_change", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("as_superuser", [False, True])
def test_running_match_hides_seed_hands_and_private_moves(setup, as_superuser):
    client, match, _ = setup
    if as_superuser:
        admin_sign_in(client, make_user("root", is_superuser=True, is_staff=True))
    page = change_page(client, match)
    assert str(SEED) not in page
    assert match_admin.HIDDEN_UNTIL_OVER in page
    assert "&quot;hands&quot;" not in page and "&quot;deck&quot;" not in page
    engine = get_engine("hextopia")
    public = engine.view(engine.decode(match.state), None)
    assert escape(json.dumps(public["seats"][0]["hand_count"])) in page
    # the move's card and the private event stay hidden; the public event is shown
    # (as JSON strings: a bare "4C" can turn up inside the random CSRF token)
    assert escape('"4C"') not in page and escape('"QS"') not in page
    assert escape('{"type": "discard"}') in page and "discarded" in page
    assert match.seed_commitment in page


@pytest.mark.parametrize("status", [Match.Status.FINISHED, Match.Status.ABORTED])
def test_over_match_shows_everything(setup, status):
    client, match, _ = setup
    Match.unscoped.filter(pk=match.pk).update(status=status)
    page = change_page(client, match)
    assert str(SEED) in page and escape('"4C"') in page and escape('"QS"') in page
    assert "&quot;deck&quot;" in page


def test_match_is_read_only_for_everyone(setup):
    client, match, _ = setup
    response = client.post(reverse("admin:matches_match_change", args=[match.pk]), {"status": "finished"})
    assert response.status_code == 403
    assert client.get(reverse("admin:matches_match_add")).status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_abort_action_asks_first_then_calls_the_service(setup):
    """Issue 8: "the admin's bulk abort asks for confirmation"."""
    client, match, _ = setup
    other = make_hextopia_match(make_tenant("beta"), [None] * 4, title="Beta Cup")
    selected = {"action": "abort_matches", "_selected_action": [match.pk, other.pk]}
    page = client.post(reverse("admin:matches_match_changelist"), selected)
    assert page.status_code == 200 and "Yes, abort them" in page.content.decode()
    assert "Alpha Cup" in page.content.decode() and "Beta Cup" not in page.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE  # nothing yet
    response = client.post(reverse("admin:matches_match_changelist"), {**selected, "confirm": "yes"}, follow=True)
    assert match_admin.ABORTED.format(match=match) in response.content.decode()
    match.refresh_from_db()
    other.refresh_from_db()
    assert match.status == Match.Status.ABORTED and match.finished_at is not None
    assert other.status == Match.Status.ACTIVE


def test_abort_page_confirms_then_aborts_and_refuses_twice(setup):
    client, match, _ = setup
    url = reverse("admin:matches_match_abort", args=[match.pk])
    assert "Alpha Cup" in client.get(url).content.decode()
    client.post(url, follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    response = client.post(url, follow=True)
    assert response.status_code == 200  # the service's refusal is a message, not a crash
    assert [str(m) for m in response.context["messages"]] == [f"{match}: {MATCH_OVER}"]


def test_hand_a_seat_to_a_bot(setup):
    client, match, alice = setup
    response = client.post(
        reverse("admin:matches_match_changelist"),
        {"action": "hand_seat_to_bot", "_selected_action": [match.pk]},
    )
    url = reverse("admin:matches_match_hand_to_bot", args=[match.pk])
    assert response.status_code == 302 and response["Location"] == url
    form = client.get(url + "?seat=0").context["form"]
    # Issue 8: seats numbered from 1 in the admin too, bot levels in words.
    assert form.fields["seat"].choices == [(0, "Seat 1: alice_a")]
    assert {k for k, _ in form.fields["kind"].choices} == {"random", "heuristic"}
    assert dict(form.fields["kind"].choices)["random"] == "Random: Plays any legal move at random."
    response = client.post(url, {"seat": 0, "kind": "heuristic"}, follow=True)
    assert match_admin.HANDED_TO_BOT.format(seat=1, match=match, kind="heuristic") in response.content.decode()
    seat = Seat.objects.get(match=match, index=0)
    assert seat.bot_kind == "heuristic" and seat.user == alice


def test_seats_and_teams_are_numbered_for_people_in_the_inlines(setup):
    """Issue 8 point 6: "seats numbered from 1 everywhere, the admin included". The move
    history shows seat index 2 as seat 3 (and who made the move in words); the seat rows are
    titled from 1 and name teams as the table does; the JSON columns say their seats are
    indexes from 0."""
    client, match, _ = setup
    MoveRecord.objects.create(match=match, seq=2, seat=2, action={"type": "sit_out"}, events=[],
                              actor=MoveRecord.Actor.TAKEOVER)
    Seat.objects.filter(match=match, index=1).update(team=1)
    html = re.sub(r">\s+", ">", re.sub(r"\s+<", "<", change_page(client, match)))
    history = re.findall(r'<td class="field-seat_number"><p>(\d+)</p></td>', html)
    assert history == ["1", "3"]  # seq 1 by index 0, seq 2 by index 2
    assert 'class="field-seat"' not in html  # no raw index column left
    assert "Bot for an absent player" in html
    titles = re.findall(r"seat (\d+) of match " + str(match.pk), html)
    assert sorted(set(titles)) == ["1", "2", "3", "4"]
    assert re.findall(r'<td class="field-number"><p>(\d+)</p></td>', html) == ["1", "2", "3", "4"]
    assert re.findall(r'<td class="field-team_name"><p>([^<]*)</p></td>', html)[1] == "Team B"
    assert html.count(escape(match_admin.RAW_SEATS)) >= 3  # the action, events and state columns


@pytest.mark.parametrize("data", [{"seat": 3, "kind": "random"}, {"seat": 0, "kind": "wizard"}, {"seat": "x"}, {}])
def test_hand_to_bot_bad_input_changes_nothing(setup, data):
    client, match, _ = setup
    response = client.post(reverse("admin:matches_match_hand_to_bot", args=[match.pk]), data)
    assert response.status_code == 200 and response.context["form"].errors
    assert not Seat.objects.filter(match=match).exclude(bot_kind="").exists()


def test_filters_by_community_game_and_status(setup):
    client, match, _ = setup
    page = client.get(reverse("admin:matches_match_changelist"), {"status__exact": "finished"}).content.decode()
    assert "Alpha Cup" not in page
    page = client.get(reverse("admin:matches_match_changelist"), {"game": "hextopia", "tenant__id__exact": match.tenant_id}).content.decode()
    assert "Alpha Cup" in page


def test_the_admin_index_has_one_section_per_name(db, client, django_user_model):
    """Issue 8: "the superuser's admin index has no two sections of one name"."""
    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw-Root-12345")
    admin_sign_in(client, root)
    apps = client.get(reverse("admin:index")).context["app_list"]
    names = [app["name"] for app in apps]
    assert len(names) == len(set(names)), names


def test_the_match_pages_speak_the_moderators_language(setup):
    """Moderators run their community in their own language: the match page's columns,
    moderation links, hand-to-bot form and bot levels are in French for a French browser."""
    client, match, _ = setup
    Seat.objects.filter(match=match, index=1).update(team=1)
    page = client.get(reverse("admin:matches_match_change", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    html = page.content.decode()
    for text in ("Annuler cette partie", "Confier une place à un bot", "istorique des coups", "Équipe B",
                 "Vue de spectateur", "caché jusqu’à la fin de la partie"):
        assert text in html, text
    assert "Abort this match" not in html and "Hand to a bot" not in html
    url = reverse("admin:matches_match_hand_to_bot", args=[match.pk])
    form = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").context["form"]
    assert form.fields["seat"].choices == [(0, "Place 1 : alice_a")]
    assert dict(form.fields["kind"].choices)["random"].startswith("Hasard : ")  # French spaces its colon
