"""Community pages: list, join open, join by code, invitations. Errors are messages, never 500."""
import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from gameplatform.tenants import services, views
from gameplatform.tenants.models import Invitation, Membership
from tests.tenants.factories import make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db


def texts(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def world():
    open_a = make_tenant("open-a", name="Open A")
    open_b = make_tenant("open-b", name="Open B")
    club = make_tenant("club", is_open=False, name="Secret Club")
    return open_a, open_b, club


def test_anonymous_is_sent_to_login(client):
    response = client.get(reverse("tenants:list"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_list_shows_my_communities_and_open_ones_only(client, world):
    open_a, open_b, club = world
    user = make_user()
    make_member(user, open_a, Membership.Role.MODERATOR)
    client.force_login(user)
    response = client.get(reverse("tenants:list"))
    assert response.status_code == 200
    assert [m.tenant for m in response.context["memberships"]] == [open_a]
    joinable = list(response.context["joinable"])  # also the default tenant, made on first use
    assert open_b in joinable and open_a not in joinable and club not in joinable
    assert b"Secret Club" not in response.content
    assert b'class="site-header"' in response.content  # inside the site layout


def test_a_banned_member_sees_the_ban_beside_the_community(client, world):
    """A banned member keeps the row (so joining again is refused), and the list says why the
    community's pages are closed to them."""
    open_a, open_b, _ = world
    user = make_user()
    Membership.objects.create(user=user, tenant=open_a, banned_at=timezone.now())
    make_member(user, open_b)
    client.force_login(user)
    content = client.get(reverse("tenants:list")).content.decode()
    rows = {m.tenant.name: m for m in client.get(reverse("tenants:list")).context["memberships"]}
    assert set(rows) == {"Open A", "Open B"}
    a = content.index(">Open A<")
    assert "Banned" in content[a:content.index("</li>", a)]
    assert content.count("Banned") == 1


def test_join_open_community(client, world):
    open_a, _, _ = world
    user = make_user()
    client.force_login(user)
    response = client.post(reverse("tenants:join", args=["open-a"]), follow=True)
    assert Membership.objects.get(user=user).tenant == open_a
    assert views.JOINED.format(name="Open A") in texts(response)
    again = client.post(reverse("tenants:join", args=["open-a"]))
    assert again.status_code == 302
    assert Membership.objects.filter(user=user).count() == 1


def test_invite_only_community_is_not_revealed_to_outsiders(client, world):
    client.force_login(make_user())
    assert client.get(reverse("tenants:detail", args=["club"])).status_code == 404
    assert client.post(reverse("tenants:join", args=["club"])).status_code == 404
    assert client.post(reverse("tenants:invitation_create", args=["club"])).status_code == 404
    assert client.get(reverse("tenants:detail", args=["no-such"])).status_code == 404
    assert not Membership.objects.exists() and not Invitation.objects.exists()


def test_join_by_code(client, world):
    _, _, club = world
    mod = make_moderator("mod", club)
    code = services.invitation_create(tenant=club, by=mod).code
    user = make_user()
    client.force_login(user)
    page = client.get(reverse("tenants:join_invite") + f"?code={code}")
    assert page.status_code == 200 and code.encode() in page.content
    response = client.post(reverse("tenants:join_invite"), {"code": code})
    assert response.status_code == 302 and response["Location"] == reverse("tenants:detail", args=["club"])
    assert Membership.objects.get(user=user).tenant == club
    detail = client.get(reverse("tenants:detail", args=["club"]))
    assert detail.status_code == 200 and b"Secret Club" in detail.content


@pytest.mark.parametrize(
    "data, status, message",
    [
        ({"code": "wrong-code"}, 404, services.INVITE_NOT_FOUND),
        ({"code": ""}, 400, views.CODE_REQUIRED),
        ({}, 400, views.CODE_REQUIRED),
        ({"code": "x" * 200}, 400, views.CODE_REQUIRED),
    ],
)
def test_bad_code_is_a_message_not_a_crash(client, world, data, status, message):
    client.force_login(make_user())
    response = client.post(reverse("tenants:join_invite"), data)
    assert response.status_code == status
    assert message.encode() in response.content
    assert not Membership.objects.exists()


def test_used_code_is_refused(client, world):
    _, _, club = world
    mod = make_moderator("mod", club)
    code = services.invitation_create(tenant=club, by=mod).code
    services.membership_join_by_invite(user=make_user(), code=code)
    client.force_login(make_user())
    response = client.post(reverse("tenants:join_invite"), {"code": code})
    assert response.status_code == 409 and services.INVITE_USED.encode() in response.content


def test_moderator_creates_and_revokes_invitations(client, world):
    _, _, club = world
    mod = make_moderator("mod", club)
    client.force_login(mod)
    response = client.post(reverse("tenants:invitation_create", args=["club"]), follow=True)
    invitation = Invitation.objects.get(tenant=club)
    assert views.INVITATION_CREATED.format(name="Secret Club", code=invitation.code) in texts(response)
    assert invitation.code.encode() in response.content  # listed with its link
    response = client.post(reverse("tenants:invitation_revoke", args=["club", invitation.pk]), follow=True)
    assert not Invitation.objects.exists()
    assert views.INVITATION_REVOKED.format(code=invitation.code) in texts(response)


def test_player_cannot_create_invitations(client, world):
    _, _, club = world
    player = make_user()
    make_member(player, club)
    client.force_login(player)
    response = client.post(reverse("tenants:invitation_create", args=["club"]), follow=True)
    assert response.status_code == 200
    assert services.NOT_MODERATOR in texts(response)
    assert not Invitation.objects.exists()
    assert b"New invitation code" not in client.get(reverse("tenants:detail", args=["club"])).content


def test_other_tenants_invitation_cannot_be_revoked(client, world):
    open_a, _, club = world
    mod_a = make_moderator("moda", open_a)
    invitation = services.invitation_create(tenant=club, by=make_moderator("modc", club))
    client.force_login(mod_a)
    assert client.post(reverse("tenants:invitation_revoke", args=["open-a", invitation.pk])).status_code == 404
    assert Invitation.objects.filter(pk=invitation.pk).exists()


def test_post_only_pages_refuse_get(client, world):
    client.force_login(make_user())
    assert client.get(reverse("tenants:join", args=["open-a"])).status_code == 405
    assert client.get(reverse("tenants:invitation_create", args=["open-a"])).status_code == 405


@pytest.mark.parametrize(("host", "expected"), [("127.0.0.1:8000", "http://owls.localhost:8000/"),
                                                ("localhost", "http://owls.localhost/")])
def test_a_communitys_own_address_keeps_the_port_in_development(client, host, expected, settings):
    """Issue 8: "links to a community's host keep the port in development"."""
    settings.ALLOWED_HOSTS = ["*"]
    owls = make_tenant("owls", name="Night Owls", domain="owls.localhost")
    user = make_user("ada")
    make_member(user, owls)
    client.force_login(user)
    page = client.get(reverse("tenants:detail", args=["owls"]), HTTP_HOST=host).content.decode()
    assert f'href="{expected}"' in page
