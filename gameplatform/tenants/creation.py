"""Starting a community from the site (issue 27, point 1): ``community_create``.

Anyone signed in with a confirmed e-mail address starts one (or only staff, with
``settings.COMMUNITY_CREATION = "staff"``), up to ``settings.COMMUNITIES_PER_PERSON`` communities
owned and not closed. The community is served at ``<slug>.<settings.COMMUNITY_BASE_DOMAIN>``
(``community_domain``) and at ``/communities/<slug>/``; its founder is its owner.

Names that could pass for another community's are refused: the slug and the name are compared
with every existing community's by their UTS #39 confusable skeletons
(``gameplatform.core.confusables``, the same rule as usernames), so ``Night Оwls`` (Cyrillic О),
``ＮＩＧＨＴ ＯＷＬＳ`` (full-width), ``night owls`` or the slug ``0wls`` are refused beside
"Night Owls" / ``owls``. Creation is serialized (a row lock on the founder's account is not
enough across founders: ``_creation_lock`` locks the default community's row), so two
look-alike communities started at the same moment cannot both be made.
"""
from __future__ import annotations

import re

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as N_

from gameplatform.core import confusables
from gameplatform.core.errors import ServiceError
from games import registry

from .audit import audit_record
from .models import RESERVED_SLUGS, AuditEntry, Membership, Tenant
from .selectors import tenant_default

NAME_MAX = Tenant._meta.get_field("name").max_length
DESCRIPTION_MAX = 2000
SLUG_MIN, SLUG_MAX = 3, 40
# A host-name label: lower-case letters, digits and inner hyphens.
SLUG_PATTERN = re.compile(r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")

EMAIL_UNCONFIRMED = N_("Confirm your e-mail address first (Settings, E-mail addresses): then you can start a community.")
STAFF_ONLY = N_("On this site only the site's staff can start a community.")
TOO_MANY = N_("You already own as many communities as one person may (%(limit)s): close or hand one over first.")
NAME_INVALID = N_("Give the community a name of 1 to 80 characters.")
NAME_LOOKALIKE = N_("This name looks like the name of an existing community (the same letters in another "
                    "case, font or alphabet). Choose a name that cannot be mistaken for another.")
SLUG_INVALID = N_("The address must be 3 to 40 characters: lower-case letters a-z, digits and hyphens "
                  "(not at the start or end).")
SLUG_RESERVED = N_("This address is kept for the site itself; choose another.")
SLUG_TAKEN = N_("Another community already has this address.")
SLUG_LOOKALIKE = N_("This address looks like the address of an existing community; choose one that cannot "
                    "be mistaken for another.")
DESCRIPTION_INVALID = N_("The description is text of at most 2000 characters.")
OPEN_INVALID = N_("Choose open or invite-only.")
LANGUAGE_INVALID = N_("Choose one of the site's languages.")
GAMES_INVALID = N_("Choose games among the site's games (none: every game).")


def community_domain(slug: str) -> str:
    """The host a community started from the site is served at: ``<slug>.<base domain>``."""
    return f"{slug}.{settings.COMMUNITY_BASE_DOMAIN}"


def _text(value, *, limit: int, allow_empty: bool, lines: bool = False) -> str | None:
    """``value`` stripped, or None when it is not text the database stores (no NUL, no lone
    surrogate, no control character but, with ``lines``, newlines and tabs) within ``limit``
    characters."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if (not value and not allow_empty) or len(value) > limit:
        return None
    if any((ord(c) < 32 or ord(c) == 127) and not (lines and c in "\n\r\t") for c in value):
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value


def slug_normalize(slug) -> str:
    """The slug as typed, in NFKC, stripped and lower-cased (``ＯＷＬＳ`` -> ``owls``); "" for
    anything but text."""
    if not isinstance(slug, str):
        return ""
    return confusables.normalize(slug).strip().lower()


def _check_allowed(*, user, email_confirmed: bool) -> None:
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        raise ServiceError("not_signed_in", N_("Sign in to start a community."), 403)
    if settings.COMMUNITY_CREATION == "staff" and not user.is_staff:
        raise ServiceError("creation_staff_only", STAFF_ONLY, 403)
    if email_confirmed is not True:
        raise ServiceError("email_unconfirmed", EMAIL_UNCONFIRMED, 403, field="email")


def _check_limit(user) -> None:
    if user.is_superuser:
        return
    limit = settings.COMMUNITIES_PER_PERSON
    owned = Membership.objects.filter(user=user, role=Membership.Role.OWNER, tenant__closed_at__isnull=True).count()
    if owned >= limit:
        raise ServiceError("too_many_communities", gettext(TOO_MANY) % {"limit": limit}, 409)


def _clean_slug(slug) -> str:
    slug = slug_normalize(slug)
    if slug in RESERVED_SLUGS:  # before the length: "ws" is the site's, not merely short
        raise ServiceError("slug_reserved", SLUG_RESERVED, 400, field="slug")
    if not SLUG_MIN <= len(slug) <= SLUG_MAX or not SLUG_PATTERN.match(slug) or "--" in slug:
        raise ServiceError("slug_invalid", SLUG_INVALID, 400, field="slug")
    reserved = {s for word in RESERVED_SLUGS for s in confusables.skeletons(word)}
    if confusables.skeletons(slug) & reserved:
        raise ServiceError("slug_reserved", SLUG_RESERVED, 400, field="slug")
    return slug


def _clean_games(games) -> list[str]:
    if games is None:
        return []
    if not isinstance(games, list | tuple) or not all(isinstance(g, str) for g in games):
        raise ServiceError("games_invalid", GAMES_INVALID, 400, field="games")
    known = registry.slugs()
    if any(g not in known for g in games):
        raise ServiceError("unknown_game", GAMES_INVALID, 400, field="games")
    # The registry's order, each once; every game chosen is the same as none.
    chosen = [g for g in known if g in games]
    return [] if len(chosen) == len(known) else chosen


def _check_lookalikes(*, slug: str, name: str) -> None:
    """Refuses a slug or name taken or looking like an existing community's (module docstring).
    Every community is compared: a few thousand short strings, once per creation."""
    domain = community_domain(slug)
    if Tenant.objects.filter(slug=slug).exists() or Tenant.objects.filter(domain=domain).exists():
        raise ServiceError("slug_taken", SLUG_TAKEN, 409, field="slug")
    slug_keys, name_keys = confusables.skeletons(slug), confusables.skeletons(name)
    for other_slug, other_name in Tenant.objects.values_list("slug", "name").iterator():
        if confusables.skeletons(other_slug) & slug_keys:
            raise ServiceError("slug_lookalike", SLUG_LOOKALIKE, 409, field="slug")
        if confusables.skeletons(other_name) & name_keys:
            raise ServiceError("name_lookalike", NAME_LOOKALIKE, 409, field="name")


def _creation_lock() -> None:
    """One creation at a time site-wide (the look-alike check reads every community): a row
    lock on the default community, held to the end of the transaction."""
    Tenant.objects.select_for_update().filter(pk=tenant_default().pk).first()


def community_create(*, user, name, slug, description="", is_open=True, language=None, games=None,
                     email_confirmed: bool) -> Tenant:
    """Starts a community; ``user`` becomes its owner (issue 27, point 1).

    ``name``: 1-80 characters; ``slug``: its address, 3-40 of a-z, 0-9 and inner hyphens (typed
    in any case or width: ``OWLS`` is ``owls``); ``description``: up to 2000 characters;
    ``is_open``: anyone may join, else invite-only; ``language``: one of
    ``settings.LANGUAGES`` (default: the site's); ``games``: registry slugs (empty or None:
    every game); ``email_confirmed``: whether the founder's primary e-mail address is confirmed
    (``accounts.selectors.user_email_confirmed``; this layer may not read accounts).

    Writes the ``Tenant`` (``domain`` ``community_domain(slug)``, ``created_by``), the owner's
    ``Membership`` and an ``AuditEntry`` ``create``, in one transaction. Raises
    ``ServiceError``: 403 ``not_signed_in``, ``creation_staff_only`` (``COMMUNITY_CREATION``
    is "staff"), ``email_unconfirmed`` (field ``email``); 409 ``too_many_communities`` (owner of
    ``COMMUNITIES_PER_PERSON`` communities not closed; superusers have no limit); 400
    ``name_invalid`` (``name``), ``slug_invalid`` / ``slug_reserved`` (``slug``),
    ``description_invalid``, ``is_open_invalid``, ``language_invalid``, ``games_invalid`` /
    ``unknown_game`` (``games``); 409 ``slug_taken``, ``slug_lookalike`` (``slug``),
    ``name_lookalike`` (``name``). A refusal writes nothing.
    """
    _check_allowed(user=user, email_confirmed=email_confirmed)
    clean_name = _text(name, limit=NAME_MAX, allow_empty=False)
    if clean_name is None:
        raise ServiceError("name_invalid", NAME_INVALID, 400, field="name")
    clean_slug = _clean_slug(slug)
    clean_description = _text(description if description is not None else "", limit=DESCRIPTION_MAX,
                              allow_empty=True, lines=True)
    if clean_description is None:
        raise ServiceError("description_invalid", DESCRIPTION_INVALID, 400, field="description")
    if not isinstance(is_open, bool):
        raise ServiceError("is_open_invalid", OPEN_INVALID, 400, field="is_open")
    language = settings.LANGUAGE_CODE if language in (None, "") else language
    if language not in dict(settings.LANGUAGES):
        raise ServiceError("language_invalid", LANGUAGE_INVALID, 400, field="language")
    clean_games = _clean_games(games)
    with transaction.atomic():
        _creation_lock()
        _check_limit(user)
        _check_lookalikes(slug=clean_slug, name=clean_name)
        tenant = Tenant.objects.create(
            slug=clean_slug, name=clean_name, domain=community_domain(clean_slug), description=clean_description,
            is_open=is_open, language=language, games=clean_games, created_by=user,
        )
        Membership.objects.create(user=user, tenant=tenant, role=Membership.Role.OWNER)
        audit_record(tenant=tenant, actor=user, action=AuditEntry.Action.CREATE, target=user,
                     subject=f"community:{tenant.pk}",
                     details={"slug": tenant.slug, "name": tenant.name, "is_open": is_open, "games": clean_games})
    return tenant
