"""Two-factor sign-in in the admin (accounts/admin.py, ``services.user_mfa_reset``): site
administrators see who has it and reset it for a person locked out (lost phone and codes),
with a note in the account's history and a mail to its owner; moderators can do neither;
allauth's own "Authenticators" admin (which would show the secrets) is gone."""
from __future__ import annotations

import pytest
from allauth.mfa.models import Authenticator
from django.contrib.admin.models import LogEntry
from django.core import mail
from django.test import Client

from accounts import services
from accounts.admin import MFA_RESET_NOTE
from gameplatform.core.errors import ServiceError
from tests.conftest import PASSWORD
from tests.mfa import admin_sign_in, enrol

pytestmark = pytest.mark.django_db
CHANGELIST = "/admin/accounts/user/"


@pytest.fixture
def root(user_factory):
    user = user_factory("root", is_staff=True, is_superuser=True)
    return user


@pytest.fixture
def root_client(root):
    client = Client()
    admin_sign_in(client, root)
    return client


@pytest.fixture
def locked_out(user_factory):
    """A moderator who lost their phone and their recovery codes."""
    user = user_factory("lost", role="moderator", is_staff=True)
    enrol(user)
    return user


def reset(client, *users):
    return client.post(CHANGELIST, {"action": "reset_two_factor", "_selected_action": [u.pk for u in users]}, follow=True)


def test_site_administrators_see_who_has_two_factor_sign_in(root_client, locked_out, member):
    page = root_client.get(CHANGELIST).content.decode()
    assert "2FA" in page and "reset_two_factor" in page
    on = root_client.get(CHANGELIST + "?two_factor=on").context["cl"].result_list
    off = root_client.get(CHANGELIST + "?two_factor=off").context["cl"].result_list
    assert {u.username for u in on} == {"lost", "root"} and "alice" in {u.username for u in off}
    detail = root_client.get(f"{CHANGELIST}{locked_out.pk}/change/").content.decode()
    assert "On since" in detail and "10 recovery codes left" in detail and "Required for this account" in detail
    assert "Off." in root_client.get(f"{CHANGELIST}{member.pk}/change/").content.decode()


def test_a_reset_lets_a_locked_out_moderator_in_to_enrol_again(root_client, root, locked_out):
    response = reset(root_client, locked_out)
    assert "Two-factor sign-in reset for 1 account" in response.content.decode()
    assert not Authenticator.objects.filter(user=locked_out).exists()
    note = LogEntry.objects.get(object_id=str(locked_out.pk), user=root)
    assert note.get_change_message() == MFA_RESET_NOTE
    [notice] = mail.outbox
    assert notice.to == [locked_out.email] and "site administrator turned off" in notice.body
    assert "/accounts/password/reset/" in notice.body

    client = Client()
    response = client.post("/accounts/login/", {"login": locked_out.username, "password": PASSWORD})
    assert response["Location"] == "/"  # the password alone signs in again ...
    assert client.get("/admin/")["Location"] == "/accounts/2fa/totp/activate/"  # ... and the admin asks to enrol


def test_nobody_resets_their_own_and_an_account_without_it_is_said_so(root_client, root, member):
    response = reset(root_client, root, member)
    page = response.content.decode()
    assert "You cannot reset your own two-factor sign-in here" in page
    assert "This account has no two-factor sign-in to reset." in page
    assert Authenticator.objects.filter(user=root).exists()
    assert not LogEntry.objects.filter(change_message=MFA_RESET_NOTE).exists()


def test_moderators_can_neither_see_nor_reset_it(user_factory, locked_out, tenant):
    mod = user_factory("mod", role="moderator", is_staff=True)
    client = Client()
    admin_sign_in(client, mod)
    page = client.get(CHANGELIST).content.decode()
    assert "reset_two_factor" not in page and "2FA" not in page
    reset(client, locked_out)
    assert Authenticator.objects.filter(user=locked_out).exists()
    with pytest.raises(ServiceError) as refused:
        services.user_mfa_reset(user=locked_out, by=mod)
    assert refused.value.status == 403


def test_allauths_authenticator_admin_is_not_there(root_client, locked_out):
    assert root_client.get("/admin/mfa/authenticator/").status_code == 404
    assert "mfa" not in {app["app_label"] for app in root_client.get("/admin/").context["app_list"]}
