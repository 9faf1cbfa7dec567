"""Read-side queries for tenants (communities), memberships and invitations."""
import datetime

from django.conf import settings
from django.db.models import Case, Q, QuerySet, Value, When
from django.http.request import split_domain_port
from django.utils import timezone

from games import registry

from .models import Invitation, Membership, Tenant

# Hosts that serve the default tenant when no Tenant.domain claims them (development, tests).
DEFAULT_TENANT_HOSTS = ("localhost", "127.0.0.1", "::1", "testserver")

MODERATING_ROLES = (Membership.Role.MODERATOR, Membership.Role.OWNER)


def _is_active_user(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False) and user.is_active


def normalize_host(host: str) -> str:
    """``host`` lower-cased, without port, brackets or trailing dot: ``"Play.EXAMPLE.org:8000"``
    -> ``"play.example.org"``, ``"[::1]:8000"`` -> ``"::1"``."""
    host = (host or "").strip().lower()
    if host.startswith("["):  # IPv6 literal, maybe with a port: [::1]:8000
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def tenant_default() -> Tenant:
    """The default tenant (``settings.DEFAULT_TENANT_SLUG``), created on first use so a fresh
    database serves pages."""
    tenant, _ = Tenant.objects.get_or_create(
        slug=settings.DEFAULT_TENANT_SLUG, defaults={"name": "Hexagora", "is_open": True}
    )
    return tenant


def tenant_for_host(host: str) -> Tenant | None:
    """The tenant serving ``host`` (any case, port allowed), or None for an unknown host.

    Order: the Tenant whose ``domain`` is the host; else the default tenant when the host is
    one of ``settings.TENANT_DEFAULT_HOSTS`` (localhost, 127.0.0.1, ::1, testserver); else None.
    """
    host = normalize_host(host)
    if not host:
        return None
    tenant = Tenant.objects.filter(domain=host).first()
    if tenant is not None:
        return tenant
    default_hosts = {normalize_host(h) for h in getattr(settings, "TENANT_DEFAULT_HOSTS", DEFAULT_TENANT_HOSTS)}
    if host in default_hosts:
        return tenant_default()
    return None


def membership_get(*, user, tenant) -> Membership | None:
    """The user's membership in ``tenant`` or None (anonymous or inactive users: None)."""
    if not _is_active_user(user) or tenant is None:
        return None
    return Membership.objects.filter(user=user, tenant=tenant).first()


def membership_list_active(*, tenant) -> QuerySet[Membership]:
    """The memberships of ``tenant``'s active members: the ONE definition of "in the
    community" for what others see of it (leaderboards, profiles, member lists, invitations).
    Active: the account is active and the member is not banned (``banned_at`` unset; a banned
    member keeps the row, which is the ban). Unbanning brings them back everywhere."""
    return Membership.objects.filter(tenant=tenant, banned_at__isnull=True, user__is_active=True)


def active_member_ids(*, tenant) -> QuerySet:
    """The user ids of ``tenant``'s active members (``membership_list_active``), as a subquery:
    ``qs.filter(user_id__in=active_member_ids(tenant=t))``."""
    return membership_list_active(tenant=tenant).values("user_id")


def membership_list_for_user(*, user) -> QuerySet[Membership]:
    """The user's memberships with their tenants, by community name (none when signed out)."""
    if not _is_active_user(user):
        return Membership.objects.none()
    return Membership.objects.filter(user=user).select_related("tenant").order_by("tenant__name")


def tenant_list_joinable(*, user) -> QuerySet[Tenant]:
    """Open tenants the user does not belong to yet (all open tenants when signed out)."""
    qs = Tenant.objects.filter(is_open=True)
    if _is_active_user(user):
        qs = qs.exclude(memberships__user=user)
    return qs.order_by("name")


def tenant_list_moderated(*, user) -> QuerySet[Tenant]:
    """Tenants the user may moderate: every tenant for an active superuser, else those where
    the user's role is moderator or owner and they are not banned; none for anonymous or
    inactive users."""
    if not _is_active_user(user):
        return Tenant.objects.none()
    if user.is_superuser:
        return Tenant.objects.all()
    return Tenant.objects.filter(
        memberships__user=user, memberships__role__in=MODERATING_ROLES, memberships__banned_at__isnull=True
    ).distinct()


def user_can_moderate(*, user, tenant) -> bool:
    """True when ``user`` is an active superuser or a moderator/owner of ``tenant`` who is
    not banned from it."""
    if not _is_active_user(user) or tenant is None:
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(
        user=user, tenant=tenant, role__in=MODERATING_ROLES, banned_at__isnull=True
    ).exists()


def membership_list(*, tenant) -> QuerySet[Membership]:
    """Active members of ``tenant`` (``membership_list_active``: banned and suspended people
    drop out) with their users, owners first then by username."""
    rank = Case(
        When(role=Membership.Role.OWNER, then=Value(0)),
        When(role=Membership.Role.MODERATOR, then=Value(1)),
        default=Value(2),
    )
    return (
        membership_list_active(tenant=tenant)
        .select_related("user")
        .annotate(role_rank=rank)
        .order_by("role_rank", "user__username")
    )


def invitation_list_unused(*, tenant) -> QuerySet[Invitation]:
    """Invitations of ``tenant`` not used yet, newest first."""
    return (
        Invitation.objects.filter(tenant=tenant, used_at__isnull=True)
        .select_related("created_by")
        .order_by("-created_at", "-pk")
    )


def tenant_site_url(*, tenant, request) -> str | None:
    """The address of ``tenant``'s own site as seen from ``request``: its domain with the
    request's scheme and port ("http://owls.localhost:8000/" in development), or None when it
    has no domain of its own."""
    if not tenant.domain:
        return None
    _, port = split_domain_port(request.get_host())  # the port the visitor used, if any
    return f"{request.scheme}://{tenant.domain}{':' + port if port else ''}/"


def vacation_days_left(*, membership: Membership, today: datetime.date | None = None) -> int:
    """Vacation days the member may still take this calendar year in the membership's
    community: ``tenant.vacation_days_per_year`` minus the days of earlier vacations this year
    and the whole of a vacation set this year (running or planned); never below 0."""
    today = today or timezone.localdate()
    used = membership.vacation_days_used if membership.vacation_year == today.year else 0
    start, until = membership.vacation_started, membership.vacation_until
    if start is not None and until is not None and start.year == today.year:
        used += (until - start).days + 1
    return max(membership.tenant.vacation_days_per_year - used, 0)


def on_vacation(*, membership: Membership, today: datetime.date | None = None) -> bool:
    """True while the member's vacation runs: ``vacation_started <= today <= vacation_until``
    (for the clocks, which pause correspondence deadlines then)."""
    today = today or timezone.localdate()
    start, until = membership.vacation_started, membership.vacation_until
    return start is not None and until is not None and start <= today <= until


def tenant_search(*, user, q: str = "", language: str = "", game: str = "") -> QuerySet[Tenant]:
    """Communities one may find (issue 27, point 6): the open ones, and the invite-only ones
    ``user`` belongs to (not banned), never a closed one (``closed_at`` set); by name. Filters,
    each optional: ``q`` in the name or slug (any case), ``language`` the community's language,
    ``game`` a game it offers (one that offers every game, ``games`` empty, matches any)."""
    qs = Tenant.objects.filter(closed_at__isnull=True)
    visible = Q(is_open=True)
    if _is_active_user(user):
        visible |= Q(pk__in=Membership.objects.filter(user=user, banned_at__isnull=True).values("tenant_id"))
    qs = qs.filter(visible)
    if q:
        qs = qs.filter(Q(name__icontains=q) | Q(slug__icontains=q.lower()))
    if language:
        qs = qs.filter(language=language)
    if game:
        # In Python: SQLite (embedded mode) has no JSON containment; a few thousand rows at most.
        offering = [pk for pk, games in qs.values_list("pk", "games") if not games or game in games]
        qs = qs.filter(pk__in=offering)
    return qs.order_by("name", "pk")


def tenant_visible(*, user, tenant) -> bool:
    """Whether ``user`` may see ``tenant``'s page: an open community, one they belong to
    (banned members see that they are), or any for an active superuser; an invite-only
    community is hidden from everyone else (a 404, its existence not revealed)."""
    if tenant.is_open:
        return True
    if not _is_active_user(user):
        return False
    return user.is_superuser or Membership.objects.filter(user=user, tenant=tenant).exists()


def tenant_game_slugs(*, tenant) -> list[str]:
    """The registry slugs of the games ``tenant`` offers, in the registry's order: its
    ``games``, or every game of the site when it names none (a game no longer installed is
    left out)."""
    known = registry.slugs()
    chosen = tenant.games if tenant is not None and isinstance(tenant.games, list) else []
    offered = [slug for slug in known if slug in chosen]
    return offered if chosen else known


def tenant_base_url(*, tenant, request) -> str | None:
    """Where ``tenant``'s own pages (lobby, matches, leaderboards) are, as seen from
    ``request``, without the final slash: "" when the request is on its host already (links
    stay relative), its domain with the request's scheme and port, ``settings.SITE_URL`` for the
    default community, else None (a community without an address of its own)."""
    if getattr(request, "tenant", None) is not None and request.tenant.pk == tenant.pk:
        return ""
    site = tenant_site_url(tenant=tenant, request=request)
    if site is not None:
        return site.rstrip("/")
    if tenant.slug == settings.DEFAULT_TENANT_SLUG:
        return settings.SITE_URL.rstrip("/")
    return None
