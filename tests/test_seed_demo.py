"""``manage.py seed_demo``: the demo a newcomer's ``make run`` shows, created once, through the
real services, and left alone by later runs."""
import io
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings

from accounts.models import User
from gameplatform.matches.models import Match, MoveRecord, RuleVariant, Seat
from gameplatform.tenants.models import Invitation, Membership, Tenant
from gameplatform.web.management.commands import seed_demo

pytestmark = pytest.mark.django_db

CREATED = re.compile(r"^\s+(\w+) / (\S+)\s+\(new (?:superuser|account)\)$", re.M)


def run_seed(*args) -> str:
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out, stderr=out)
    return out.getvalue()


def counts() -> dict:
    return {
        "users": User.objects.count(),
        "tenants": Tenant.objects.count(),
        "memberships": Membership.objects.count(),
        "invitations": Invitation.objects.count(),
        "variants": RuleVariant.objects.count(),
        "matches": Match.unscoped.count(),
        "moves": MoveRecord.objects.count(),
    }


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker):
    """Seeds once for the module (a few seconds of bot play) and runs it a second time.
    Yields (first output, second output, counts after the first, counts after the second)."""
    # The same fast hasher as conftest's autouse fixture, which a module fixture runs before.
    fast_hashing = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast_hashing:
        with transaction.atomic():
            first = run_seed("--port", "8123")
            after_first = counts()
            second = run_seed()
            after_second = counts()
            yield first, second, after_first, after_second
            transaction.set_rollback(True)


def test_first_run_prints_each_new_account_with_a_working_random_password(seeded):
    first, *_ = seeded
    printed = dict(CREATED.findall(first))
    assert set(printed) == {"admin", "moderator", "alice", "bob"}
    assert len(set(printed.values())) == 4  # drawn at random, one each
    for username, password in printed.items():
        assert User.objects.get(username=username).check_password(password)
    admin = User.objects.get(username="admin")
    assert admin.is_superuser and admin.is_staff
    # The moderator can open the admin (their community only); players cannot. Both enrol an
    # authenticator app at their first visit there: none is made for them.
    assert User.objects.get(username="moderator").is_staff
    assert "Two-factor sign-in: admin and moderator set up an authenticator app" in first
    from allauth.mfa.models import Authenticator

    assert not Authenticator.objects.exists()
    assert not User.objects.filter(username__in=["alice", "bob"], is_staff=True).exists()


def test_second_run_changes_nothing_and_says_how_to_reset_a_password(seeded):
    first, second, after_first, after_second = seeded
    assert after_second == after_first
    assert CREATED.findall(second) == []
    assert "admin: exists (reset its password with: python manage.py changepassword admin)" in second
    # bob came into Night Owls with a code; another, unused, is shown again on every run.
    used, unused = Invitation.objects.order_by("pk")
    assert used.used_by.username == "bob"
    code = unused.code
    assert f'Invitation code for "Night Owls": {code}' in first
    assert f'Invitation code for "Night Owls": {code}' in second


def test_communities_show_tenancy(seeded):
    first, *_ = seeded
    demo = Tenant.objects.get(slug=settings.DEFAULT_TENANT_SLUG)
    assert (demo.name, demo.domain, demo.is_open) == ("Hexagora Demo", None, True)
    owls = Tenant.objects.get(slug="night-owls")
    assert (owls.name, owls.domain, owls.is_open) == ("Night Owls", "owls.localhost", False)
    assert "http://owls.localhost:8123/" in first
    roles = {(m.user.username, m.tenant.slug): m.role for m in Membership.objects.select_related("user", "tenant")}
    assert roles == {
        ("admin", demo.slug): "owner",
        ("admin", "night-owls"): "owner",
        ("moderator", demo.slug): "moderator",
        ("alice", demo.slug): "player",
        ("bob", demo.slug): "player",
        ("bob", "night-owls"): "player",
    }


def test_global_hextopia_variants(seeded):
    presets = {v.name: (v.tenant_id, v.game, v.options) for v in RuleVariant.objects.all()}
    assert presets == {
        "Classic": (None, "hextopia", {}),
        "With JOKERs": (None, "hextopia", {"jokers": True}),
    }


def test_three_bot_matches_played_to_the_end_and_replayable(seeded, assert_replay_matches):
    matches = list(Match.unscoped.filter(tenant__slug=settings.DEFAULT_TENANT_SLUG).order_by("pk"))
    assert [m.title for m in matches] == [spec.title for spec in seed_demo.DEMO_MATCHES]
    for match, spec in zip(matches, seed_demo.DEMO_MATCHES, strict=True):
        assert match.status == Match.Status.FINISHED
        assert match.result["winners"]
        seats = list(Seat.objects.filter(match=match).order_by("index"))
        assert [s.bot_kind for s in seats] == list(spec.bots)
        assert all(s.user_id is None for s in seats)
        assert MoveRecord.objects.filter(match=match, actor=MoveRecord.Actor.BOT).count() == match.moves.count() > 0
        assert_replay_matches(match)
    jokers = next(m for m in matches if m.variant and m.variant.name == "With JOKERs")
    assert jokers.options["jokers"] is True
    teams = next(m for m in matches if "2v2" in m.title)
    assert [s.team for s in Seat.objects.filter(match=teams).order_by("index")] == [0, 1, 0, 1]
