"""Issue 27, points 1 and 6, on the site: /communities/new/ starts a community (the same rules
as the service, refusals on the form, never a 500); a community's page shows a newcomer its
description, language, games (rules, leaderboards), members and moderators (owners first), open
and live matches and how to join; /communities/ finds open communities by name, language and
game; the lobby at a community's address offers only its games. Every new page is tried
across communities by a person who owns one and plays in another (point 7)."""
import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership, Tenant
from tests.tenants.community_support import make_confirmed_user, start
from tests.tenants.factories import make_hextopia_match, make_member, make_tenant, make_user

pytestmark = pytest.mark.django_db

NEW = "/communities/new/"


def texts(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def form_data(**overrides):
    data = {"name": "Night Owls", "slug": "owls", "description": "We play late.", "is_open": "open",
            "language": "fr", "games": ["hextopia", "hexal"]}
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


# --- start a community (point 1) ----------------------------------------------------------------


def test_the_list_links_to_the_start_page_and_anonymous_people_sign_in_first(client):
    assert client.get(NEW).status_code == 302
    client.force_login(make_user())
    page = client.get(reverse("tenants:list")).content.decode()
    assert f'href="{NEW}"' in page and "Start a community" in page


def test_the_start_page_shows_the_address_it_will_have(client):
    """"The page shows the address the community will have"."""
    client.force_login(make_confirmed_user())
    page = client.get(NEW, HTTP_HOST="127.0.0.1:8000")
    assert page.status_code == 200
    assert "http://SLUG.localhost:8000/" in page.content.decode()
    assert b'id="email-needed"' not in page.content


def test_a_person_with_a_confirmed_address_starts_one_and_lands_on_its_page(client):
    """"After creation: redirect to the community's page with a success message that gives
    its address"."""
    ann = make_confirmed_user("ann")
    client.force_login(ann)
    response = client.post(NEW, form_data(), HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 302 and response["Location"] == "/communities/owls/"
    tenant = Tenant.objects.get(slug="owls")
    assert (tenant.domain, tenant.language, tenant.games, tenant.is_open) == (
        "owls.localhost", "fr", ["hextopia", "hexal"], True)
    assert Membership.objects.get(tenant=tenant, user=ann).role == "owner"
    assert any("http://owls.localhost:8000/" in text for text in texts(response))


def test_an_unconfirmed_address_is_refused_on_the_page(client):
    client.force_login(make_user("nomail"))
    page = client.get(NEW)
    assert b'id="email-needed"' in page.content
    response = client.post(NEW, form_data())
    assert response.status_code == 403
    assert "Confirm your e-mail address first" in response.content.decode()
    assert not Tenant.objects.filter(slug="owls").exists()


@pytest.mark.parametrize(("overrides", "status", "field"), [
    ({"slug": "admin"}, 400, "slug"),
    ({"slug": "a b"}, 400, "slug"),
    ({"name": "Hexagora"}, 409, "name"),  # the default community's name
    ({"name": "HEXAGORA"}, 409, "name"),
    ({"slug": "hexag0ra"}, 409, "slug"),
    ({"games": ["chess"]}, 400, "games"),
    ({"language": "xx"}, 400, "language"),
    ({"name": ""}, 400, "name"),
    ({"name": "x" * 500}, 400, "name"),
    ({"is_open": "maybe"}, 400, "is_open"),
])
def test_refusals_show_on_the_form_and_change_nothing(client, tenant, overrides, status, field):
    """Bad input never crashes and never changes state: a clear 4xx naming the field."""
    client.force_login(make_confirmed_user())
    before = Tenant.objects.count()
    response = client.post(NEW, form_data(**overrides))
    assert response.status_code == status
    assert response.context["form"].errors.get(field), response.context["form"].errors
    assert Tenant.objects.count() == before


def test_garbage_posts_are_a_400_never_a_500(client):
    client.force_login(make_confirmed_user())
    for data in ({}, {"name": "\x00"}, {"slug": "o" * 5000}, {"games": "x" * 5000}):
        assert client.post(NEW, data).status_code == 400


def test_the_per_person_limit_and_staff_switch_on_the_page(client, settings):
    ann = make_confirmed_user("ann")
    settings.COMMUNITIES_PER_PERSON = 1
    start(ann, "first")
    client.force_login(ann)
    response = client.post(NEW, form_data())
    assert response.status_code == 409 and response.context["form"].non_field_errors()
    settings.COMMUNITY_CREATION = "staff"
    client.force_login(make_confirmed_user("bob"))
    assert client.post(NEW, form_data()).status_code == 403


# --- a community's page (point 6) ----------------------------------------------------------------


@pytest.fixture
def owls():
    """"Night Owls", started by ann (owner), with a moderator, a player, an open and a live
    match; and another community with its own match and member."""
    ann = make_confirmed_user("ann")
    owls = start(ann, "owls", name="Night Owls", description="We play late.", language="sv",
                 games=["hextopia"])
    mod, player = make_user("modest"), make_user("zed")
    make_member(mod, owls, Membership.Role.MODERATOR)
    make_member(player, owls)
    make_hextopia_match(owls, [ann, None, None, None], status=Match.Status.OPEN, title="Owls open table")
    make_hextopia_match(owls, [mod, player, ann, None], title="Owls live table")
    other = make_tenant("larks", name="Early Larks", domain="larks.localhost")
    lark = make_user("lark-only")
    make_member(lark, other)
    make_hextopia_match(other, [lark, None, None, None], status=Match.Status.OPEN, title="Larks secret table")
    return owls, other


def test_the_page_tells_a_newcomer_what_the_community_is(client, owls):
    """"the community's home shows its description, its games, members and moderators, open
    and live matches, leaderboards"; an open community shows its Join button."""
    community, _ = owls
    client.force_login(make_user("newcomer"))
    page = client.get("/communities/owls/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "We play late." in html and "Svenska" in html
    assert 'href="/games/hextopia/rules/"' in html and "/games/hexal/rules/" not in html
    assert 'href="http://owls.localhost/leaderboards/hextopia/"' in html
    # Owners first, then moderators, then players.
    members = html[html.index('id="members-h"'):]
    assert members.index("ann") < members.index("modest") < members.index("zed")
    assert "Owls open table" in html and "Owls live table" in html
    assert f'href="http://owls.localhost/matches/{Match.unscoped.get(title="Owls open table").pk}/"' in html
    assert f'action="{reverse("tenants:join", args=["owls"])}"' in html
    # Nothing of another community.
    assert "Larks secret table" not in html and "lark-only" not in html


def test_the_page_of_the_community_one_is_on_links_relatively(client, owls):
    client.force_login(make_user("newcomer"))
    html = client.get("/communities/owls/", HTTP_HOST="owls.localhost").content.decode()
    assert 'href="/leaderboards/hextopia/"' in html


def test_an_invite_only_community_is_hidden_from_outsiders(client, owls):
    """"An invite-only community is 404 to non-members", and never found in the list."""
    community, _ = owls
    community.is_open = False
    community.save()
    client.force_login(make_user("outsider"))
    assert client.get("/communities/owls/").status_code == 404
    assert b"Night Owls" not in client.get("/communities/?q=owls").content
    client.force_login(Membership.objects.get(tenant=community, role="player").user)
    assert client.get("/communities/owls/").status_code == 200


def test_a_superuser_sees_the_code_form_of_an_invite_only_community(client, owls):
    community, _ = owls
    community.is_open = False
    community.save()
    client.force_login(make_user("root", is_superuser=True, is_staff=True))
    html = client.get("/communities/owls/").content.decode()
    assert f'action="{reverse("tenants:join_invite")}"' in html


def test_the_lobby_at_the_communitys_address_offers_only_its_games(client, owls):
    """"The lobby at a community's address only offers that community's games"; "a match of a
    game not offered is refused with a clear error (field game)"."""
    community, _ = owls
    client.force_login(Membership.objects.get(tenant=community, role="player").user)
    lobby = client.get("/", HTTP_HOST="owls.localhost")
    assert lobby.status_code == 200
    assert [slug for slug, _ in lobby.context["form"].fields["game"].choices] == ["hextopia"]
    html = lobby.content.decode()
    assert "We play late." in html and 'href="/communities/owls/"' in html
    assert "Larks secret table" not in html
    refused = client.post("/matches/new/", {"game": "hexal", "seats": 2, "team_layout": "none"},
                          HTTP_HOST="owls.localhost")
    assert refused.status_code == 400 and refused.context["form"].errors.get("game")
    assert not Match.objects.for_tenant(community).filter(game="hexal").exists()


def test_the_match_service_refuses_a_game_not_offered(owls):
    from gameplatform.core.errors import ServiceError
    from gameplatform.matches import services

    community, _ = owls
    ann = community.created_by
    with pytest.raises(ServiceError) as info:
        services.match_create(tenant=community, user=ann, game="hexal", seats=2)
    assert (info.value.code, info.value.field, info.value.status) == ("game_not_offered", "game", 400)
    assert services.match_create(tenant=community, user=ann, game="hextopia", seats=2).game == "hextopia"


# --- finding communities (point 6) ---------------------------------------------------------------


@pytest.fixture
def directory():
    from django.utils import timezone

    make_tenant("chess-club", name="Chess Club")
    Tenant.objects.filter(slug="chess-club").update(language="fr", games=["hexal"])
    make_tenant("hex-fans", name="Hex Fans")
    Tenant.objects.filter(slug="hex-fans").update(language="sv", games=[])
    make_tenant("closed-club", name="Closed Club")
    Tenant.objects.filter(slug="closed-club").update(closed_at=timezone.now())
    make_tenant("secret-club", name="Secret Club", is_open=False)


def names(response):
    return {c.name for c in response.context["joinable"]}


@pytest.mark.parametrize(("query", "expected"), [
    ("q=club", {"Chess Club"}),  # never the closed one, never the invite-only one
    ("q=CLUB", {"Chess Club"}),
    ("q=hex-f", {"Hex Fans"}),  # the slug too
    ("language=fr", {"Chess Club"}),
    ("language=sv", {"Hex Fans"}),
    ("game=hexal", {"Chess Club", "Hex Fans", "Hexagora"}),  # every game counts
    ("game=hextopia", {"Hex Fans", "Hexagora"}),
    ("q=club&language=sv", set()),
    ("language=xx&game=nope", {"Chess Club", "Hex Fans", "Hexagora"}),  # unknown filters are dropped
])
def test_find_open_communities_by_name_language_and_game(client, tenant, directory, query, expected):
    """"the communities list lets people find open communities by name, language and game"."""
    client.force_login(make_user())
    response = client.get(f"/communities/?{query}")
    assert response.status_code == 200
    assert names(response) == expected


def test_results_are_paginated(client, tenant):
    for n in range(25):
        make_tenant(f"club-{n:02d}", name=f"Club {n:02d}")
    client.force_login(make_user())
    first = client.get("/communities/?q=club")
    assert len(first.context["joinable"]) == 20
    assert "page=2" in first.content.decode() and "q=club" in first.content.decode()
    second = client.get("/communities/?q=club&page=2")
    assert names(second) == {f"Club {n}" for n in range(20, 25)}
    assert client.get("/communities/?page=999&q=club").status_code == 200  # past the end: the last page


# --- across communities (point 7) ----------------------------------------------------------------


def test_an_owner_of_one_community_is_only_a_player_in_another(client, owls):
    """"an owner or moderator can never act on another community (tested with a person who is
    owner of one and player in another)": on the other's page, no moderator's tools; its lobby
    offers its own games; invitations there are refused."""
    community, other = owls
    ann = community.created_by
    make_member(ann, other)
    client.force_login(ann)
    page = client.get("/communities/larks/")
    assert page.status_code == 200 and page.context["can_moderate"] is False
    assert page.context["invitations"] is None
    assert client.post(reverse("tenants:invitation_create", args=["larks"])).status_code == 302
    assert not other.invitations.exists()
    # Her own community's page shows her the tools.
    assert client.get("/communities/owls/").context["can_moderate"] is True
    lobby = client.get("/", HTTP_HOST="larks.localhost")
    assert "Owls open table" not in lobby.content.decode()
    assert "Larks secret table" in lobby.content.decode()


def test_a_new_communitys_page_and_lobby_show_nothing_of_another(client, owls):
    """"creating one shows nothing of another"."""
    bob = make_confirmed_user("bob")
    client.force_login(bob)
    assert client.post(NEW, form_data(slug="fresh", name="Fresh Start")).status_code == 302
    page = client.get("/communities/fresh/").content.decode()
    lobby = client.get("/", HTTP_HOST="fresh.localhost").content.decode()
    for html in (page, lobby):
        for foreign in ("Owls open table", "Owls live table", "Larks secret table", "modest", "zed", "lark-only"):
            assert foreign not in html
    assert list(client.get("/communities/fresh/").context["members"].values_list("user__username", flat=True)) == ["bob"]


# --- in the three languages ----------------------------------------------------------------------


@pytest.mark.parametrize(("language", "words"), [
    ("fr", ("Créer une communauté", "Trouver une communauté ouverte", "À propos", "Classement", "Qui peut rejoindre")),
    ("sv", ("Starta en gemenskap", "Hitta en öppen gemenskap", "Om", "Topplista", "Vem får gå med")),
])
def test_the_pages_speak_french_and_swedish(client, owls, language, words):
    """Every text goes through gettext and is translated: the start page, the list and a
    community's page show none of their English texts in French or Swedish."""
    english = ("Start a community", "Find an open community", "No description yet", "Leaderboard", "Who may join",
               "Open: anyone signed in may join", "free seat", "Its address:", "every game of the site")
    client.force_login(make_confirmed_user())
    client.cookies["django_language"] = language
    html = "".join(client.get(path).content.decode() for path in (NEW, "/communities/", "/communities/owls/"))
    for word in words:
        assert word in html
    for text in english:
        assert text not in html
