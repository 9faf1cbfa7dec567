"""Admin for accounts, scoped like every tenant-owned admin.

Superusers get Django's full UserAdmin plus suspend/unsuspend. A community moderator sees,
read-only, only the accounts that belong to a community they moderate, without email,
password or permission fields (changing a member's email would let them take the account over
by password reset), and the memberships shown are only those of their communities. They may
suspend or restore a member whose every community they moderate (``accounts.services``).
"""
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import ngettext

from gameplatform.matches.errors import ServiceError
from gameplatform.tenants.admin import (
    TenantScopedAdminMixin,
    TenantScopedInlineMixin,
    is_superuser,
    moderated_tenant_ids,
)
from gameplatform.tenants.models import Membership, Tenant

from . import services
from .models import User

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
    )
    list_display = ["username", "display_name", "email", "is_active", "is_staff", "date_joined"]
    list_filter = ["is_active", "is_staff", "is_superuser", CommunityFilter]
    search_fields = ["username", "display_name", "first_name", "last_name", "email"]
    inlines = [UserMembershipInline]
    actions = ["suspend", "unsuspend"]

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

    def _set_active(self, request, queryset, service, verb: str):
        done = 0
        for user in queryset:
            try:
                service(user=user, by=request.user)
            except ServiceError as exc:
                self.message_user(request, f"{user.username}: {exc.message}", messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(
                request,
                ngettext("%(n)d account %(verb)s.", "%(n)d accounts %(verb)s.", done) % {"n": done, "verb": verb},
                messages.SUCCESS,
            )

    @admin.action(description="Suspend the selected accounts (no login, no play)", permissions=["suspend"])
    def suspend(self, request, queryset):
        self._set_active(request, queryset, services.user_suspend, "suspended")

    @admin.action(description="Restore the selected suspended accounts", permissions=["suspend"])
    def unsuspend(self, request, queryset):
        self._set_active(request, queryset, services.user_unsuspend, "restored")
