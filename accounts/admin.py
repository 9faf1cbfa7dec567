"""Admin for accounts, scoped like every tenant-owned admin.

Usernames typed here follow accounts.names like sign-up's: stored in NFKC (Django's
``UsernameField``), one script (the field's validator), and no look-alike of another account
(``User.validate_unique``, run by the add and change forms): a refused name is an error on the
username field.

Superusers get Django's full UserAdmin plus suspend/unsuspend. A community moderator sees,
read-only, only the accounts that belong to a community they moderate, without email,
password or permission fields (changing a member's email would let them take the account over
by password reset), and the memberships shown are only those of their communities. They may
suspend or restore a member whose every community they moderate (``accounts.services``).

Two-factor sign-in (``accounts.mfa``): superusers see whether each account has it (a column,
a filter and a line on the account's page) and may reset it for a person who lost their
authenticator app and recovery codes (``services.user_mfa_reset``); each reset is noted in the
account's admin history (Django's ``LogEntry``) and mailed to its owner. allauth's own
"Authenticators" admin is removed: it would show the secrets of the authenticator apps.
"""
from allauth.mfa.models import Authenticator
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils.translation import gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.phrases import labelled
from gameplatform.tenants.admin import (
    TenantScopedAdminMixin,
    TenantScopedInlineMixin,
    is_superuser,
    moderated_tenant_ids,
)
from gameplatform.tenants.models import Membership, Tenant

from . import selectors, services
from .models import User

MFA_RESET_NOTE = "Two-factor sign-in reset: authenticator app and recovery codes removed."
# What a suspension action did, by the count of accounts (whole sentences: the verb agrees).
SUSPENDED = ngettext_lazy("%(n)d account suspended.", "%(n)d accounts suspended.", "n")
RESTORED = ngettext_lazy("%(n)d account restored.", "%(n)d accounts restored.", "n")

if admin.site.is_registered(Authenticator):
    admin.site.unregister(Authenticator)

MODERATOR_FIELDSETS = (
    (None, {"fields": ("username", "display_name")}),
    ("Status", {"fields": ("is_active", "date_joined", "last_login")}),
)


class UserMembershipInline(TenantScopedInlineMixin, admin.TabularInline):
    """The account's communities (a moderator sees only theirs); edited on the tenant page."""

    model = Membership
    fields = ["tenant", "role", "joined_at"]
    readonly_fields = ["tenant", "role", "joined_at"]
    extra = 0
    verbose_name_plural = "communities"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class CommunityFilter(admin.SimpleListFilter):
    """Accounts by community, listing only the communities the user may see."""

    title = "community"
    parameter_name = "community"

    def lookups(self, request, model_admin):
        qs = Tenant.objects.all() if is_superuser(request) else Tenant.objects.filter(
            pk__in=moderated_tenant_ids(request)
        )
        return [(str(t.pk), t.name) for t in qs.order_by("name")]

    def queryset(self, request, queryset):
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(memberships__tenant_id=int(value)).distinct()
        return queryset


class TwoFactorFilter(admin.SimpleListFilter):
    """Accounts with or without an authenticator app (superusers only)."""

    title = "two-factor sign-in"
    parameter_name = "two_factor"

    def lookups(self, request, model_admin):
        return [("on", "On"), ("off", "Off")]

    def queryset(self, request, queryset):
        if self.value() in ("on", "off"):
            return queryset.filter(has_totp=self.value() == "on")
        return queryset


@admin.register(User)
class UserAdmin(TenantScopedAdminMixin, DjangoUserAdmin):
    """Accounts, with suspend/unsuspend actions (``is_active``)."""

    moderator_can_add = False
    moderator_can_change = False
    moderator_can_delete = False
    fieldsets = (
        DjangoUserAdmin.fieldsets[0],
        ("Personal info", {"fields": ("display_name", "first_name", "last_name", "email")}),
        *DjangoUserAdmin.fieldsets[2:],
        ("Two-factor sign-in", {"fields": ("two_factor_status",)}),
    )
    list_display = ["username", "display_name", "email", "is_active", "is_staff", "two_factor", "date_joined"]
    # username_lookalike_kept: accounts whose name already looked like an older one's when
    # look-alike names were refused (accounts.names); a rename clears it.
    list_filter = ["is_active", "is_staff", "is_superuser", "username_lookalike_kept", TwoFactorFilter, CommunityFilter]
    search_fields = ["username", "display_name", "first_name", "last_name", "email"]
    readonly_fields = ["two_factor_status"]
    inlines = [UserMembershipInline]
    actions = ["suspend", "unsuspend", "reset_two_factor"]

    def get_queryset(self, request):
        totp = Authenticator.objects.filter(user_id=OuterRef("pk"), type=Authenticator.Type.TOTP)
        return super().get_queryset(request).annotate(has_totp=Exists(totp))

    @admin.display(description=_("2FA"), boolean=True, ordering="has_totp")
    def two_factor(self, obj) -> bool:
        return bool(getattr(obj, "has_totp", False))

    @admin.display(description=_("status"))
    def two_factor_status(self, obj) -> str:
        """"On since ..., last used ...; 7 recovery codes left." / "Off." (+ "Required..."), in
        the active language: each sentence whole in the catalogue."""
        if obj is None or obj.pk is None:
            return "-"
        mfa = selectors.user_mfa_summary(user=obj)
        required = gettext("Required for this account (staff, owner or moderator) before the admin.") \
            if mfa["required"] else ""
        if not mfa["enabled"]:
            return " ".join(filter(None, [gettext("Off."), required]))
        p = {"since": f"{mfa['since']:%Y-%m-%d}", "used": f"{mfa['last_used']:%Y-%m-%d %H:%M}" if mfa["last_used"] else ""}
        state = gettext("On since %(since)s, last used %(used)s UTC.") % p if p["used"] \
            else gettext("On since %(since)s, never used.") % p
        codes = mfa["recovery_codes_left"]
        left = ngettext("%(n)s recovery code left.", "%(n)s recovery codes left.", codes) % {"n": codes} \
            if codes is not None else ""
        return " ".join(filter(None, [state, left, required]))

    # --- scoping: an account is in scope through any of its memberships ----------------------
    def scope_queryset(self, qs, tenant_ids):
        return qs.filter(pk__in=Membership.objects.filter(tenant_id__in=tenant_ids).values("user_id"))

    def object_tenant_ids(self, obj) -> set:
        return set(obj.memberships.values_list("tenant_id", flat=True))

    def in_scope(self, request, obj) -> bool:
        if is_superuser(request):
            return True
        return bool(self.object_tenant_ids(obj) & moderated_tenant_ids(request))

    # --- what a moderator sees --------------------------------------------------------------
    def get_fieldsets(self, request, obj=None):
        if obj is not None and not is_superuser(request):
            return MODERATOR_FIELDSETS
        return super().get_fieldsets(request, obj)

    def get_list_display(self, request):
        if is_superuser(request):
            return self.list_display
        return ["username", "display_name", "is_active", "date_joined"]

    def get_list_filter(self, request):
        if is_superuser(request):
            return self.list_filter
        return ["is_active", CommunityFilter]

    def get_search_fields(self, request):
        if is_superuser(request):
            return self.search_fields
        return ["username", "display_name"]

    # --- suspension -------------------------------------------------------------------------
    def has_suspend_permission(self, request, obj=None):
        return is_superuser(request) or bool(moderated_tenant_ids(request))

    def _set_active(self, request, queryset, service, done_text):
        """Runs ``service`` on each account; ``done_text``: the report, a plural keyed "n"."""
        done = 0
        for user in queryset:
            try:
                service(user=user, by=request.user)
            except ServiceError as exc:
                self.message_user(request, labelled(user.username, exc.message), messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(
                request,
                done_text % {"n": done},
                messages.SUCCESS,
            )

    @admin.action(description=_("Suspend the selected accounts (no login, no play)"), permissions=["suspend"])
    def suspend(self, request, queryset):
        self._set_active(request, queryset, services.user_suspend, SUSPENDED)

    @admin.action(description=_("Restore the selected suspended accounts"), permissions=["suspend"])
    def unsuspend(self, request, queryset):
        self._set_active(request, queryset, services.user_unsuspend, RESTORED)

    # --- two-factor sign-in ------------------------------------------------------------------
    def has_mfa_reset_permission(self, request, obj=None):
        return is_superuser(request)

    @admin.action(
        description=_("Reset two-factor sign-in of the selected accounts (lost authenticator app and codes)"),
        permissions=["mfa_reset"],
    )
    def reset_two_factor(self, request, queryset):
        reset_url = request.build_absolute_uri(reverse("account_reset_password"))
        done = 0
        for user in queryset:
            try:
                services.user_mfa_reset(user=user, by=request.user, password_reset_url=reset_url)
            except ServiceError as exc:
                self.message_user(request, labelled(user.username, exc.message), messages.ERROR)
            else:
                self.log_change(request, user, MFA_RESET_NOTE)
                done += 1
        if done:
            self.message_user(
                request,
                ngettext(
                    "Two-factor sign-in reset for %(n)d account: it signs in with its password until it "
                    "sets it up again.",
                    "Two-factor sign-in reset for %(n)d accounts: they sign in with their password until "
                    "they set it up again.",
                    done,
                ) % {"n": done},
                messages.SUCCESS,
            )
