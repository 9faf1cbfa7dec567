"""Issue 27, point 1: "Start a community: any signed-in person with a confirmed e-mail address
starts one from the site (name, address checked for reserved, taken and look-alike names,
description, open or invite-only, language, the games it offers). They become its owner.
Limits an operator can set: communities per person (default 3), a site-wide switch that
reserves creation to staff. Tested for duplicates, reserved and confusable names, and that
creating one shows nothing of another." (``tenants.services.community_create``, on PostgreSQL.)"""
import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.tenants import creation
from gameplatform.tenants.models import AuditEntry, Membership, Tenant
from gameplatform.tenants.services import community_create
from tests.tenants.community_support import make_confirmed_user, start
from tests.tenants.factories import make_tenant, make_user

pytestmark = pytest.mark.django_db

CYRILLIC_O = "\u041e"  # О
CYRILLIC_A = "\u0430"  # а


def refused(code, field=None, **kwargs):
    """Runs ``start`` and returns the ServiceError, checking its code and field and that
    nothing was written."""
    before = (Tenant.objects.count(), Membership.objects.count(), AuditEntry.unscoped.count())
    with pytest.raises(ServiceError) as info:
        start(**kwargs)
    assert info.value.code == code, info.value.message
    assert info.value.field == field
    assert (Tenant.objects.count(), Membership.objects.count(), AuditEntry.unscoped.count()) == before
    return info.value


def test_the_founder_becomes_owner_with_an_address_and_an_audit_entry(settings):
    """"They become its owner"; the address is a subdomain of the site's domain."""
    settings.COMMUNITY_BASE_DOMAIN = "play.example.org"
    ann = make_confirmed_user("ann")
    tenant = start(ann, "Owls", name="  Night Owls  ", description="Late games.\nAll welcome.",
                   is_open=False, language="sv", games=["hexal", "hextopia", "hexal"])
    assert (tenant.slug, tenant.name, tenant.domain) == ("owls", "Night Owls", "owls.play.example.org")
    assert (tenant.description, tenant.is_open, tenant.language) == ("Late games.\nAll welcome.", False, "sv")
    assert tenant.games == ["hextopia", "hexal"]  # the registry's order, each once
    assert tenant.created_by == ann
    assert Membership.objects.get(tenant=tenant).user == ann
    assert Membership.objects.get(tenant=tenant).role == Membership.Role.OWNER
    [entry] = AuditEntry.objects.for_tenant(tenant)
    assert (entry.action, entry.actor, entry.target) == (AuditEntry.Action.CREATE, ann, ann)
    assert entry.details["slug"] == "owls"


def test_every_game_ticked_is_the_same_as_none():
    from games.registry import slugs

    tenant = start(make_confirmed_user(), "all-games", games=list(slugs()))
    assert tenant.games == []


def test_the_email_must_be_confirmed():
    """"any signed-in person with a confirmed e-mail address"."""
    error = refused("email_unconfirmed", "email", user=make_user("nomail"), slug="mine", email_confirmed=False)
    assert error.status == 403


def test_signed_out_or_suspended_people_cannot_start_one():
    from django.contrib.auth.models import AnonymousUser

    refused("not_signed_in", user=AnonymousUser(), slug="anon")
    refused("not_signed_in", user=make_confirmed_user("gone", is_active=False), slug="gone")


def test_the_staff_switch(settings):
    """"a site-wide switch that reserves creation to staff"."""
    settings.COMMUNITY_CREATION = "staff"
    assert refused("creation_staff_only", user=make_confirmed_user("pat"), slug="pats").status == 403
    assert start(make_confirmed_user("stella", is_staff=True), "stellas").slug == "stellas"


def test_communities_per_person(settings):
    """"communities per person (default 3)": closed ones do not count; superusers have none."""
    assert settings.COMMUNITIES_PER_PERSON == 3
    ann = make_confirmed_user("ann")
    first = start(ann, "one")
    start(ann, "two")
    start(ann, "three")
    error = refused("too_many_communities", user=ann, slug="four")
    assert error.status == 409 and "3" in error.message
    # Being a player elsewhere does not count; a closed community does not either.
    first.closed_at = timezone.now()
    first.save()
    assert start(ann, "four").slug == "four"
    settings.COMMUNITIES_PER_PERSON = 0
    refused("too_many_communities", user=make_confirmed_user("bo"), slug="bos")
    root = make_confirmed_user("root-user", is_superuser=True, is_staff=True)
    assert start(root, "roots").slug == "roots"


def test_duplicates_are_refused():
    """"Tested for duplicates": the same slug (in any case or width) or a domain in use."""
    start(make_confirmed_user("ann"), "owls", name="Night Owls")
    bob = make_confirmed_user("bob")
    assert refused("slug_taken", "slug", user=bob, slug="owls", name="Other").status == 409
    refused("slug_taken", "slug", user=bob, slug="OWLS", name="Other")
    refused("slug_taken", "slug", user=bob, slug="\uff4f\uff57\uff4c\uff53", name="Other")  # full-width ｏｗｌｓ
    refused("name_lookalike", "name", user=bob, slug="larks", name="Night Owls")
    make_tenant("club", domain="gamma.localhost")  # a domain an operator gave by hand
    refused("slug_taken", "slug", user=bob, slug="gamma", name="Gamma")


@pytest.mark.parametrize("name", [
    f"Night {CYRILLIC_O}wls",  # Cyrillic О
    "\uff2e\uff29\uff27\uff28\uff34 \uff2f\uff37\uff2c\uff33",  # full-width ＮＩＧＨＴ ＯＷＬＳ
    "night owls",  # case
    "NIGHT OWLS",
    "Night 0wls",  # a digit for a letter
    "NIght Owls",  # a capital I for an l... and case
])
def test_look_alike_names_are_refused(name):
    """"checked for ... look-alike names" (UTS #39 skeletons, as usernames)."""
    start(make_confirmed_user("ann"), "owls", name="Night Owls")
    refused("name_lookalike", "name", user=make_confirmed_user("bob"), slug="larks", name=name)


@pytest.mark.parametrize(("slug", "code"), [
    ("0wls", "slug_lookalike"),  # a digit for a letter
    ("owis", None),  # i is not l: allowed
    ("owl5", None),
])
def test_look_alike_slugs_are_refused(slug, code):
    start(make_confirmed_user("ann"), "owls", name="Night Owls")
    bob = make_confirmed_user("bob")
    if code is None:
        assert start(bob, slug, name="Larks").slug == slug
    else:
        refused(code, "slug", user=bob, slug=slug, name="Larks")


@pytest.mark.parametrize("slug", ["admin", "api", "www", "static", "media", "ws", "accounts", "communities",
                                  "help", "join", "new", "leaderboards", "ADMIN", "adrnin", "\uff41\uff50\uff49"])
def test_reserved_slugs_are_refused(slug):
    """"checked for reserved ... names": the site's own pages and host names."""
    refused("slug_reserved", "slug", user=make_confirmed_user(), slug=slug, name="Anything")


@pytest.mark.parametrize("slug", ["ab", "a" * 41, "-owls", "owls-", "ow--ls", "ow ls", "ow_ls", "ow.ls",
                                  f"{CYRILLIC_A}bc", "", None, 12, "owls\x00"])
def test_invalid_slugs_are_refused(slug):
    error = refused("slug_invalid", "slug", user=make_confirmed_user(), slug=slug, name="Anything")
    assert error.status == 400


@pytest.mark.parametrize(("field", "value", "code"), [
    ("name", "", "name_invalid"),
    ("name", "   ", "name_invalid"),
    ("name", "x" * 81, "name_invalid"),
    ("name", "two\nlines", "name_invalid"),
    ("name", None, "name_invalid"),
    ("description", "x" * 2001, "description_invalid"),
    ("description", "nul\x00", "description_invalid"),
    ("description", ["list"], "description_invalid"),
    ("is_open", "yes", "is_open_invalid"),
    ("language", "de", "language_invalid"),
    ("language", 3, "language_invalid"),
    ("games", ["chess"], "unknown_game"),
    ("games", "hextopia", "games_invalid"),
    ("games", [1], "games_invalid"),
])
def test_bad_input_is_a_400_naming_the_field(field, value, code):
    """Bad input never crashes and never changes state: a clear 4xx naming the field."""
    kwargs = {"name": "Fine Name", "slug": "fine", field: value}
    error = refused(code, "games" if field == "games" else field, user=make_confirmed_user(), **kwargs)
    assert error.status == 400


def test_creating_one_shows_nothing_of_another(client):
    """"creating one shows nothing of another": the new community starts with its founder
    only, no match, no invitation, and no audit entry of any other community."""
    from tests.tenants.factories import make_hextopia_match, make_member

    old = make_tenant("old-club", name="Old Club")
    someone = make_user("someone")
    make_member(someone, old)
    make_hextopia_match(old, [someone, None, None, None], title="Old secret match")
    tenant = start(make_confirmed_user("ann"), "fresh")
    assert [m.user.username for m in Membership.objects.filter(tenant=tenant)] == ["ann"]
    from gameplatform.matches.models import Match

    assert not Match.objects.for_tenant(tenant).exists()
    assert not tenant.invitations.exists()
    assert AuditEntry.objects.for_tenant(tenant).count() == 1


def test_the_service_is_the_one_in_services():
    assert community_create is creation.community_create
