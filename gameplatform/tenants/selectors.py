"""Read-side queries for tenants (communities), memberships and invitations."""
from django.conf import settings
from django.db.models import Case, QuerySet, Value, When
from django.http.request import split_domain_port

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
