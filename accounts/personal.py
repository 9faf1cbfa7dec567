"""The account's part of a person's own data (issue 27, point 5): the "profile" section of
"Download my data" (``core.personal``)."""
from __future__ import annotations

from allauth.account.models import EmailAddress

from .selectors import user_mfa_enabled


def profile_section(user) -> dict:
    """``{"username", "display_name", "first_name", "last_name", "email", "email_addresses":
    [{"email", "verified", "primary"}], "date_joined", "last_login", "two_factor"}``."""
    addresses = EmailAddress.objects.filter(user=user).order_by("-primary", "email")
    return {
        "username": user.username,
        "display_name": user.display_name,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "email_addresses": [{"email": a.email, "verified": a.verified, "primary": a.primary} for a in addresses],
        "date_joined": user.date_joined.isoformat(),
        "last_login": user.last_login.isoformat() if user.last_login else None,
        "two_factor": user_mfa_enabled(user=user),
    }
