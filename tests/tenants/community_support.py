"""Builders of the issue-27 community tests: a person whose e-mail address is confirmed
(allauth's verified primary ``EmailAddress``) and the arguments of ``community_create``."""
from allauth.account.models import EmailAddress

from tests.tenants.factories import make_user


def make_confirmed_user(username=None, **fields):
    """An active user whose primary e-mail address is confirmed."""
    user = make_user(username, **fields)
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    return user


_TITLE = object()


def start(user, slug, name=_TITLE, **kwargs):
    """``community_create`` with a confirmed address and defaults for what is not given."""
    from gameplatform.tenants.services import community_create

    kwargs.setdefault("email_confirmed", True)
    return community_create(user=user, name=slug.replace("-", " ").title() if name is _TITLE else name, slug=slug, **kwargs)
