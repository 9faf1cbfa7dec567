"""Suspension (``is_active=False``): no login, no session, no token, no acting."""
import pytest
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from accounts import services
from gameplatform.core.errors import ServiceError
from gameplatform.tenants import services as tenant_services
from gameplatform.tenants.models import Membership
from tests.conftest import clear_site_cache
from tests.tenants.factories import PASSWORD, make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    # Only this worker's keys: ``cache.clear()`` on Redis is FLUSHDB, which emptied the other
    # workers' throttle counters, queues and groups mid-test (a sign-in throttle test that
    # counted five failures then found none).
    clear_site_cache()
    yield
    clear_site_cache()


@pytest.fixture
def root():
    return make_user("root", is_superuser=True, is_staff=True)


def suspend(user, by):
    services.user_suspend(user=user, by=by)
    user.refresh_from_db()


def test_suspended_user_cannot_log_in(client, root):
    user = make_user("ada")
    suspend(user, root)
    response = client.post(reverse("account_login"), {"login": "ada", "password": PASSWORD})
    assert client.session.get("_auth_user_id") is None
    assert response.status_code == 302 and response["Location"] == reverse("account_inactive")


def test_open_session_stops_working_once_suspended(client, root):
    """Django's ModelBackend.get_user returns None for an inactive user on every request."""
    user = make_user("ada")
    client.post(reverse("account_login"), {"login": "ada", "password": PASSWORD})
    assert client.get(reverse("tenants:list")).status_code == 200
    suspend(user, root)
    response = client.get(reverse("tenants:list"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("account_login"))


def test_token_of_a_suspended_user_is_refused(root):
    user = make_user("ada")
    token = Token.objects.create(user=user)
    request = RequestFactory().get("/api/v1/matches/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert TokenAuthentication().authenticate(request)[0] == user
    suspend(user, root)
    with pytest.raises(AuthenticationFailed):
        TokenAuthentication().authenticate(request)


def test_suspended_user_cannot_act(root):
    tenant = make_tenant("open")
    user = make_user("ada")
    make_member(user, tenant)
    suspend(user, root)
    with pytest.raises(ServiceError) as info:
        tenant_services.membership_require(user=user, tenant=tenant)
    assert (info.value.code, info.value.status) == ("not_member", 403)


def test_unsuspend_restores_login(client, root):
    user = make_user("ada")
    suspend(user, root)
    services.user_unsuspend(user=user, by=root)
    client.post(reverse("account_login"), {"login": "ada", "password": PASSWORD})
    assert client.session.get("_auth_user_id") == str(user.pk)


# --- who may suspend whom ------------------------------------------------------------------------
@pytest.fixture
def communities():
    a, b = make_tenant("a"), make_tenant("b")
    return a, b, make_moderator("moda", a)


def refused(**kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        services.user_suspend(**kwargs)
    assert info.value.status == 403
    return info.value


def test_moderator_suspends_a_member_of_only_their_communities(communities):
    a, _, mod = communities
    member = make_user()
    make_member(member, a)
    suspend(member, mod)
    assert not member.is_active


def test_moderator_cannot_reach_into_other_communities(communities):
    a, b, mod = communities
    both = make_user()
    make_member(both, a)
    make_member(both, b)
    assert refused(user=both, by=mod).message == services.SUSPEND_OUTSIDE
    only_b = make_user()
    make_member(only_b, b)
    assert refused(user=only_b, by=mod).message == services.SUSPEND_OUTSIDE
    loner = make_user()
    assert refused(user=loner, by=mod).message == services.SUSPEND_OUTSIDE
    assert all(u.is_active for u in (both, only_b, loner))


def test_staff_self_and_players_are_protected(communities, root):
    a, _, mod = communities
    other_mod = make_moderator("modb", a)
    assert refused(user=other_mod, by=mod).message == services.SUSPEND_STAFF
    assert refused(user=root, by=mod).message == services.SUSPEND_STAFF
    assert refused(user=mod, by=mod).message == services.SUSPEND_SELF
    assert refused(user=root, by=root).message == services.SUSPEND_SELF
    player = make_user()
    make_member(player, a)
    victim = make_user()
    make_member(victim, a)
    assert refused(user=victim, by=player).message == services.SUSPEND_NOT_ALLOWED
    Membership.objects.filter(user=mod).update(role=Membership.Role.PLAYER)
    assert refused(user=victim, by=mod).message == services.SUSPEND_NOT_ALLOWED


def test_superuser_suspends_anyone_else(communities, root):
    _, _, mod = communities
    suspend(mod, root)
    assert not mod.is_active


@pytest.mark.django_db(transaction=True)
async def test_websocket_session_of_a_suspended_user_is_anonymous():
    """Channels' AuthMiddleware resolves the session user with the same backend check."""
    from asgiref.sync import sync_to_async
    from channels.auth import get_user as channels_get_user
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    def make_session():
        user = make_user("ada")
        root = make_user("root", is_superuser=True, is_staff=True)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        return user, root, SessionStore(session_key=session.session_key)

    user, root, session = await sync_to_async(make_session)()
    assert (await channels_get_user({"session": session})).pk == user.pk
    await sync_to_async(services.user_suspend)(user=user, by=root)
    assert not (await channels_get_user({"session": session})).is_authenticated
