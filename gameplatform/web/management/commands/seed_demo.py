"""``manage.py seed_demo``: everything a newcomer needs to see the site at work, idempotent.

Creates what is missing and leaves what exists alone:

- the default community (``settings.DEFAULT_TENANT_SLUG``, no domain, so localhost serves it)
  named "Hexagora Demo", and the invite-only "Night Owls" on ``owls.localhost`` with one
  invitation code, to show tenancy;
- accounts: ``admin`` (superuser, owner of both), ``moderator`` (moderator of the demo
  community, so staff in the admin), players ``alice`` and ``bob`` (bob also in Night Owls,
  joined with an invitation code). Each password is drawn at
  random when the account is created and printed once; later runs say how to reset it.
  ``admin`` and ``moderator`` get no authenticator app: the admin asks them to enrol one at
  their first visit (two-factor sign-in is required there, ``accounts.mfa``);
- the global Hextopia rule variants "Classic" and "With JOKERs" (``{"jokers": true}``);
- three bot-only Hextopia matches played to the end through the real services
  (``match_create``, ``seat_assign_bot``, ``match_start``, ``match_play_out``), so the lobby
  has finished matches and replays from the first visit.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from gameplatform.bots.services import match_play_out
from gameplatform.matches import services
from gameplatform.matches.models import Match, RuleVariant
from gameplatform.tenants import services as tenant_services
from gameplatform.tenants.models import Invitation, Membership, Tenant
from games.registry import UnknownGame, get_engine

DEMO_NAME = "Hexagora Demo"
OWLS_SLUG = "night-owls"
OWLS_NAME = "Night Owls"
OWLS_DOMAIN = "owls.localhost"
GAME = "hextopia"
ADMIN = "admin"
MODERATOR = "moderator"
PLAYERS = ("alice", "bob")
OWLS_PLAYER = "bob"  # also in Night Owls: one account, several communities
EMAIL_DOMAIN = "example.com"  # reserved for examples: mail to it goes nowhere
VARIANTS = (
    ("Classic", "The rules as written: no JOKERs.", {}),
    ("With JOKERs", "Both JOKERs in the deck: a JOKER sends a piece IN-PLAY back to its START.", {"jokers": True}),
)
# A bot-only Hextopia game takes a few hundred actions; this bound only stops a runaway loop.
MAX_ACTIONS = 5000
# match_play_out stops early if something else moved the match on (a Celery worker running
# beside the seeding with REDIS_URL set); it is then called again.
PLAY_OUT_ATTEMPTS = 5

MSG_EXISTS = "{username}: exists (reset its password with: python manage.py changepassword {username})"
MSG_LOOKALIKE = (
    "{username}: cannot be created: the existing account(s) {others} look like it (accounts.names); "
    "rename them in the admin and run seed_demo again"
)
MSG_MFA = (
    "Two-factor sign-in: {admins} set up an authenticator app at their first visit to the admin "
    "(a code from it at every sign-in after that)."
)
MSG_NOT_FINISHED = "match {pk} ({title}) is still {status} after seeding; a Celery worker will finish it"
MSG_NO_ENGINE = "seed_demo needs the {game} engine; it is not registered"


@dataclass(frozen=True)
class DemoMatch:
    """One demo match: its title (how reruns recognise it), bots per seat, teams, variant."""

    title: str
    bots: tuple[str, ...]
    team_layout: str = "none"
    variant: str | None = None


DEMO_MATCHES = (
    DemoMatch("Demo: heuristic bot vs random bot", ("heuristic", "random"), variant="Classic"),
    DemoMatch("Demo: two bots with JOKERs", ("heuristic", "heuristic"), variant="With JOKERs"),
    DemoMatch("Demo: bots in teams, 2v2", ("heuristic",) * 4, team_layout="2v2"),
)


class Command(BaseCommand):
    help = "Create demo communities, accounts, rule variants and finished bot matches (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--port", type=int, default=8000, help="port shown in the printed addresses (default 8000)"
        )

    def handle(self, *args, port: int, **options):
        try:
            get_engine(GAME)
        except UnknownGame:
            raise CommandError(MSG_NO_ENGINE.format(game=GAME)) from None
        started = time.monotonic()
        out = self.stdout

        demo, created = Tenant.objects.get_or_create(
            slug=settings.DEFAULT_TENANT_SLUG, defaults={"name": DEMO_NAME, "is_open": True}
        )
        out.write(f'Community "{demo.name}" (open) at http://127.0.0.1:{port}/: {_state(created)}')
        owls, created = Tenant.objects.get_or_create(
            slug=OWLS_SLUG, defaults={"name": OWLS_NAME, "is_open": False, "domain": OWLS_DOMAIN}
        )
        where = f"http://{owls.domain}:{port}/" if owls.domain else f"/communities/{owls.slug}/"
        out.write(f'Community "{owls.name}" (invite-only) at {where}: {_state(created)}')

        out.write("Accounts:")
        users = {name: self._user(name, superuser=name == ADMIN) for name in (ADMIN, MODERATOR, *PLAYERS)}
        admin = users[ADMIN]
        self._member(admin, demo, Membership.Role.OWNER)
        self._member(admin, owls, Membership.Role.OWNER)
        self._member(users[MODERATOR], demo, Membership.Role.MODERATOR)
        out.write(MSG_MFA.format(admins=f"{ADMIN} and {MODERATOR}"))
        for name in PLAYERS:
            self._member(users[name], demo, Membership.Role.PLAYER)
        owl = users[OWLS_PLAYER]
        if not Membership.objects.filter(user=owl, tenant=owls).exists():
            # The way a person gets into an invite-only community: a moderator's code.
            code = tenant_services.invitation_create(tenant=owls, by=admin).code
            tenant_services.membership_join_by_invite(user=owl, code=code)
        invitation = Invitation.objects.filter(tenant=owls, used_at__isnull=True).order_by("pk").first()
        if invitation is None:
            invitation = tenant_services.invitation_create(tenant=owls, by=admin)
        out.write(f'Invitation code for "{owls.name}": {invitation.code}')

        variants = {}
        for name, description, preset in VARIANTS:
            variants[name], _ = RuleVariant.objects.get_or_create(
                tenant=None, game=GAME, name=name, defaults={"description": description, "options": preset}
            )
        out.write(f"Hextopia rule variants: {', '.join(variants)}")

        finished = [self._demo_match(spec, tenant=demo, creator=admin, variants=variants) for spec in DEMO_MATCHES]
        out.write(
            f"Finished bot matches: {sum(finished)} of {len(DEMO_MATCHES)} "
            f"(seeded in {time.monotonic() - started:.1f} s)"
        )

    def _user(self, username: str, *, superuser: bool = False):
        """The account ``username``, created with a random password (printed) if missing."""
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        if user is not None:
            self.stdout.write(f"  {MSG_EXISTS.format(username=username)}")
            return user
        password = secrets.token_urlsafe(12)
        make = User.objects.create_superuser if superuser else User.objects.create_user
        try:
            user = make(username=username, email=f"{username}@{EMAIL_DOMAIN}", password=password)
        except ValidationError:  # accounts.names: another account's name looks like it
            others = ", ".join(User(username=username).username_lookalikes().values_list("username", flat=True))
            raise CommandError(MSG_LOOKALIKE.format(username=username, others=others)) from None
        role = "superuser" if superuser else "account"
        self.stdout.write(self.style.SUCCESS(f"  {username} / {password}") + f"   (new {role})")
        return user

    def _member(self, user, tenant, role: str) -> None:
        """Makes ``user`` a member of ``tenant`` with ``role`` unless already a member (an
        existing membership keeps the role a moderator may have changed since)."""
        membership, created = Membership.objects.get_or_create(
            user=user, tenant=tenant, defaults={"role": Membership.Role.PLAYER}
        )
        if created and role != Membership.Role.PLAYER:
            # The service also gives moderators is_staff, so they can open the admin.
            tenant_services.membership_set_role(membership=membership, role=role, by=None)

    def _demo_match(self, spec: DemoMatch, *, tenant, creator, variants) -> bool:
        """Creates (if needed), starts and plays out one demo match; True once it is finished."""
        match = (
            Match.objects.for_tenant(tenant).filter(title=spec.title)
            .exclude(status=Match.Status.ABORTED).order_by("-pk").first()
        )
        if match is None:
            variant = variants.get(spec.variant)
            match = services.match_create(
                tenant=tenant, user=creator, game=GAME, seats=len(spec.bots), team_layout=spec.team_layout,
                variant_id=variant.pk if variant else None, title=spec.title,
            )
        if match.status == Match.Status.OPEN:
            for index, kind in enumerate(spec.bots):
                services.seat_assign_bot(tenant=tenant, user=creator, match_id=match.pk, seat_index=index, kind=kind)
            services.match_start(tenant=tenant, user=creator, match_id=match.pk)
        for _ in range(PLAY_OUT_ATTEMPTS):
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE:
                break
            # One transaction for the whole game: each action's own becomes a savepoint, so
            # SQLite syncs to disk once rather than a few hundred times.
            with transaction.atomic():
                match_play_out(match_id=match.pk, max_actions=MAX_ACTIONS)
        match.refresh_from_db()
        if match.status != Match.Status.FINISHED:
            self.stderr.write(MSG_NOT_FINISHED.format(pk=match.pk, title=spec.title, status=match.status))
            return False
        return True


def _state(created: bool) -> str:
    return "created" if created else "exists"
