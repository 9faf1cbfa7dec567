"""allauth's adapter for Hexagora: mails name the site as it was served, allauth's rate
limits and notification mails use the site's one client address (``gameplatform.core.clientip``),
and a username chosen at sign-up is stored in NFKC and may not look like another account's
(``accounts.names``).

allauth fills ``current_site`` from the Sites framework, a single fixed row; a mail sent from
``owls.localhost:8001`` would then name ``127.0.0.1:8000``. Here the site is the host the
request came on, port included, and its name says which community ("Hexagora · Night Owls").
"""
from __future__ import annotations

from dataclasses import dataclass

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django import forms
from django.core.validators import MaxLengthValidator

from gameplatform.core.clientip import client_ip

from .models import User
from .names import LOOKALIKE, LOOKALIKE_MESSAGE, username_normalize

SITE_NAME = "Hexagora"


@dataclass(frozen=True)
class ServedSite:
    """What a mail template reads as ``current_site``: ``name`` and ``domain`` (host:port)."""

    name: str
    domain: str


def served_site(request) -> ServedSite:
    """The site of ``request``: its host with the port, named after the community served."""
    tenant = getattr(request, "tenant", None)
    name = f"{SITE_NAME} · {tenant.name}" if tenant is not None and tenant.name != SITE_NAME else SITE_NAME
    return ServedSite(name=name, domain=request.get_host())


class AccountAdapter(DefaultAccountAdapter):
    def pre_authenticate(self, request, **credentials) -> None:
        """Nothing: every password check is counted by ``accounts.throttle`` (through
        ``authenticate()``). allauth's ``login_failed`` rate limit is shared with its
        second-factor forms, where it stays on (``settings.ACCOUNT_RATE_LIMITS``)."""

    def get_client_ip(self, request) -> str:
        """The client address as the sign-in throttle counts it (trusted proxies only)."""
        return client_ip(request)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks (the field's validators, one script among them; a name taken in any
        case) on the NFKC form, which is what is stored; then, unless ``shallow``, refuses a
        look-alike of an existing account (``LOOKALIKE_MESSAGE``, shown on the username field)."""
        username = username_normalize(username)
        MaxLengthValidator(User._meta.get_field("username").max_length)(username)  # NFKC may lengthen it
        username = super().clean_username(username, shallow=shallow)
        if not shallow and User(username=username).username_lookalikes().exists():
            raise forms.ValidationError(LOOKALIKE_MESSAGE, code=LOOKALIKE)
        return username

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """As allauth's, with ``current_site`` the site as served."""
        request = allauth_context.request
        if request is not None:
            context = {**context, "current_site": served_site(request)}
        super().send_mail(template_prefix, email, context)

    def format_email_subject(self, subject: str) -> str:
        """"[Hexagora · Night Owls] ..."."""
        request = allauth_context.request
        name = served_site(request).name if request is not None else SITE_NAME
        return f"[{name}] {subject}"
