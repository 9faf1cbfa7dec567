"""Sign-up, email confirmation, login, logout and password reset through allauth, with the
Django client and the outbox (the console backend prints the same mails in development)."""
import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.tenants.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "another-Horse-battery-7"


def link_in(message, path_start: str) -> str:
    """The site path in ``message`` beginning with ``path_start``."""
    match = re.search(rf"https?://[^/\s]+({re.escape(path_start)}\S+)", message.body)
    assert match, message.body
    return match.group(1)


def signed_in_user(client):
    return client.session.get("_auth_user_id")


def test_confirmation_mail_is_printed_by_the_console_backend(client, settings, capsys):
    """Development: the console backend prints the mail, link included."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    client.post(
        reverse("account_signup"),
        {"email": "cy@example.org", "username": "cy", "password1": PASSWORD, "password2": PASSWORD},
    )
    printed = capsys.readouterr().out
    assert "To: cy@example.org" in printed and "/accounts/confirm-email/" in printed


def test_sign_up_confirm_email_log_out_log_in(client):
    page = client.get(reverse("account_signup"))
    assert page.status_code == 200 and b'class="site-header"' in page.content

    response = client.post(
        reverse("account_signup"),
        {"email": "ada@example.org", "username": "ada", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="ada")
    assert signed_in_user(client) == str(user.pk)
    address = EmailAddress.objects.get(user=user)
    assert address.email == "ada@example.org" and not address.verified

    assert len(mail.outbox) == 1
    confirm_path = link_in(mail.outbox[0], "/accounts/confirm-email/")
    assert client.get(confirm_path).status_code == 200
    assert client.post(confirm_path).status_code == 302
    address.refresh_from_db()
    assert address.verified

    assert client.post(reverse("account_logout")).status_code == 302
    assert signed_in_user(client) is None

    response = client.post(reverse("account_login"), {"login": "ada", "password": PASSWORD})
    assert response.status_code == 302 and signed_in_user(client) == str(user.pk)
    client.post(reverse("account_logout"))
    client.post(reverse("account_login"), {"login": "ada@example.org", "password": PASSWORD})
    assert signed_in_user(client) == str(user.pk)


def test_sign_up_rejects_bad_input_without_crashing(client):
    make_user("taken")
    response = client.post(
        reverse("account_signup"),
        {"email": "not-an-email", "username": "taken", "password1": "123", "password2": "456"},
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert set(form.errors) == {"email", "username", "password1"}
    assert get_user_model().objects.count() == 1 and not mail.outbox


def test_wrong_password_does_not_log_in(client):
    make_user("ada")
    response = client.post(reverse("account_login"), {"login": "ada", "password": "wrong-password"})
    assert response.status_code == 200 and signed_in_user(client) is None
    assert response.context["form"].errors


def test_mandatory_verification_blocks_login_until_confirmed(client, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    client.post(
        reverse("account_signup"),
        {"email": "bo@example.org", "username": "bo", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert signed_in_user(client) is None
    response = client.post(reverse("account_login"), {"login": "bo", "password": PASSWORD})
    assert signed_in_user(client) is None and response.status_code == 302
    confirm_path = link_in(mail.outbox[-1], "/accounts/confirm-email/")
    client.post(confirm_path)
    client.post(reverse("account_login"), {"login": "bo", "password": PASSWORD})
    assert signed_in_user(client) is not None


def test_password_reset_by_mail(client):
    user = make_user("ada")
    response = client.post(reverse("account_reset_password"), {"email": "ada@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ada@example.org"]
    reset_path = link_in(mail.outbox[0], "/accounts/password/reset/key/")

    # allauth moves the key into the session and redirects to the form.
    response = client.get(reset_path)
    form_path = response["Location"] if response.status_code == 302 else reset_path
    response = client.post(form_path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)

    client.post(reverse("account_login"), {"login": "ada", "password": NEW_PASSWORD})
    assert signed_in_user(client) == str(user.pk)


def test_password_reset_for_unknown_address_reveals_nothing(client):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert all("/accounts/password/reset/key/" not in m.body for m in mail.outbox)


@pytest.mark.parametrize(
    "name",
    ["account_login", "account_signup", "account_reset_password", "account_reset_password_done",
     "account_email_verification_sent", "account_inactive"],
)
def test_account_pages_render_in_the_site_layout(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    assert b'class="site-header"' in response.content and b"<title>" in response.content


def test_logout_page_renders_for_a_signed_in_user(client):
    client.force_login(make_user())
    response = client.get(reverse("account_logout"))
    assert response.status_code == 200 and b'class="site-header"' in response.content
    assert client.session.get("_auth_user_id")  # GET never logs out (ACCOUNT_LOGOUT_ON_GET off)


def test_mails_name_the_site_hexagora_not_example_com():
    """The sites framework's site is named by accounts/migrations/0002_site_name.py."""
    from django.contrib.sites.models import Site

    assert Site.objects.get_current().name == "Hexagora"


@pytest.mark.parametrize(("host", "name"), [("127.0.0.1:8001", "Hexagora"), ("owls.localhost:8001", "Hexagora · Night Owls")])
def test_mails_name_the_site_as_served_port_included(client, user_factory, mailoutbox, host, name, settings):
    """Issue 8: "emails name the site as served (the port too)"."""
    from gameplatform.tenants.models import Tenant

    settings.ALLOWED_HOSTS = ["*"]
    Tenant.objects.create(slug="owls", name="Night Owls", domain="owls.localhost", is_open=True)
    user = user_factory()
    response = client.post(reverse("account_reset_password"), {"email": user.email}, HTTP_HOST=host)
    assert response.status_code == 302
    mail = mailoutbox[-1]
    assert mail.subject.startswith(f"[{name}] ")
    assert f"http://{host}/" in mail.body
