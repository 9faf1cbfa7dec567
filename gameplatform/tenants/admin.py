"""Admin for communities, memberships and invitations, and the tenant scoping every
tenant-owned ModelAdmin shares (``TenantScopedAdminMixin``).

Who sees what: an active superuser sees and changes everything. A community moderator is an
active ``is_staff`` user with a ``moderator`` or ``owner`` Membership; in the admin they see
and change only rows of the tenants they moderate: querysets are filtered, foreign-key choices
limited, and another tenant's object by URL is "not found" (the admin redirects to its index
with a message, never showing the row).

Why permission overrides and not a "Community moderators" group: the right to moderate already
lives in Membership.role, per tenant; a group would be a second copy to keep in sync and would
grant model-wide permissions that still need per-tenant filtering. So the mixin's
``has_*_permission`` read memberships directly, and moderators hold no Django model
permissions: every admin that does not use the mixin (groups, tokens, sites, email
addresses) stays invisible to them.
"""
from django import forms
from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.phrases import labelled
from gameplatform.tenants.admin_actions import membership_act, run_each

from . import admin_audit, closing, services
from .models import AuditEntry, Invitation, Membership, Tenant
from .selectors import tenant_list_moderated

RESTORED_DONE = ngettext_lazy("Restored %(count)s community.", "Restored %(count)s communities.", "count")

BANNED_ROW_KEPT = "A banned member's row is the ban: lift the ban first."


def _moderate(modeladmin, request, queryset, kind: str) -> None:
    """Ban, unban or time out the selected members (``tenants.admin_actions.membership_act``:
    services that check who may, and write the audit log)."""
    membership_act(modeladmin, request, queryset, kind)


def moderated_tenant_ids(request) -> frozenset[int]:
    """Ids of the tenants ``request.user`` moderates (cached on the request); empty for users
    who are not active staff."""
    cached = getattr(request, "_moderated_tenant_ids", None)
    if cached is None:
        user = request.user
        if user.is_active and user.is_staff:
            cached = frozenset(tenant_list_moderated(user=user).values_list("pk", flat=True))
        else:
            cached = frozenset()
        request._moderated_tenant_ids = cached
    return cached


def is_superuser(request) -> bool:
    """An active superuser: sees every tenant."""
    return request.user.is_active and request.user.is_superuser


class TenantScopedAdminMixin:
    """Limits a ModelAdmin (or inline) to the tenants the signed-in moderator moderates.

    ``tenant_path``: lookup from the model to its tenant id, e.g. ``"tenant"``,
    ``"match__tenant"``, ``"pk"`` for Tenant itself. Subclasses with a many-valued path
    (users, via memberships) override ``scope_queryset`` and ``object_tenant_ids``.
    Superusers fall through to Django's normal behaviour. Moderators get view, add, change
    and delete on rows of their tenants; a subclass narrows that with ``moderator_can_*``.
    """

    tenant_path = "tenant"
    moderator_can_add = True
    moderator_can_change = True
    moderator_can_delete = True

    # --- scoping ------------------------------------------------------------------------------
    def scope_queryset(self, qs: QuerySet, tenant_ids: frozenset[int]) -> QuerySet:
        """``qs`` limited to rows of ``tenant_ids``."""
        return qs.filter(**{f"{self.tenant_path}__in": tenant_ids})

    def object_tenant_ids(self, obj) -> set:
        """The tenant ids ``obj`` belongs to (one for a tenant-owned row)."""
        value = obj
        for part in self.tenant_path.split("__"):
            value = getattr(value, "pk" if part == "pk" else part, None)
            if value is None:
                return set()
        return {value.pk if isinstance(value, Tenant) else value}

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if is_superuser(request):
            return qs
        return self.scope_queryset(qs, moderated_tenant_ids(request))

    def in_scope(self, request, obj) -> bool:
        """True when ``obj`` belongs to a tenant the user moderates (superusers: always)."""
        if is_superuser(request):
            return True
        owners = self.object_tenant_ids(obj)
        return bool(owners) and owners <= moderated_tenant_ids(request)

    # --- permissions --------------------------------------------------------------------------
    def _moderator_may(self, request, obj, allowed: bool) -> bool:
        if not allowed or not moderated_tenant_ids(request):
            return False
        return obj is None or self.in_scope(request, obj)

    def has_module_permission(self, request):
        if is_superuser(request):
            return super().has_module_permission(request)
        return bool(moderated_tenant_ids(request))

    def has_view_permission(self, request, obj=None):
        if is_superuser(request):
            return super().has_view_permission(request, obj)
        return self._moderator_may(request, obj, True)

    def has_add_permission(self, request, *args):
        if is_superuser(request):
            return super().has_add_permission(request, *args)
        return self._moderator_may(request, None, self.moderator_can_add)

    def has_change_permission(self, request, obj=None):
        if is_superuser(request):
            return super().has_change_permission(request, obj)
        return self._moderator_may(request, obj, self.moderator_can_change)

    def has_delete_permission(self, request, obj=None):
        if is_superuser(request):
            return super().has_delete_permission(request, obj)
        return self._moderator_may(request, obj, self.moderator_can_delete)

    # --- foreign-key choices ------------------------------------------------------------------
    def get_field_queryset(self, db, db_field, request):
        """Choices for a foreign key: for a moderator, what the related model's own (scoped)
        admin would list, so no other tenant's rows can be picked or named."""
        if not is_superuser(request):
            related_admin = self.admin_site._registry.get(db_field.remote_field.model)
            if isinstance(related_admin, TenantScopedAdminMixin):
                return related_admin.get_queryset(request).using(db)
        return super().get_field_queryset(db, db_field, request)


class TenantScopedInlineMixin(TenantScopedAdminMixin):
    """The mixin for inlines: Django passes the *parent* object to an inline's permission
    checks, and the parent change view is already scoped, so only the tenant set matters."""

    def _moderator_may(self, request, obj, allowed: bool) -> bool:
        return allowed and bool(moderated_tenant_ids(request))


class MembershipForm(forms.ModelForm):
    """Checks a role change (or a new membership) with ``services.membership_check_manage``:
    only owners touch owner rows, and a tenant keeps its last owner."""

    class Meta:
        model = Membership
        fields = ["user", "tenant", "role"]

    def clean(self):
        cleaned = super().clean()
        request = getattr(self, "request", None)
        role = cleaned.get("role")
        if request is None or role is None:
            return cleaned
        target = self.instance
        if not target.pk:
            tenant = cleaned.get("tenant")
            if tenant is None and target.tenant_id is not None:  # inline: the parent tenant
                tenant = Tenant.objects.get(pk=target.tenant_id)
            if tenant is None:
                return cleaned
            # A new row: check as if an existing player were being given ``role``.
            target = Membership(tenant=tenant, role=Membership.Role.PLAYER)
        else:
            target = Membership.objects.select_related("tenant").get(pk=target.pk)
        try:
            services.membership_check_manage(by=request.user, membership=target, new_role=role)
        except ServiceError as exc:
            field = "role" if exc.code in ("owner_only", "last_owner", "invalid_role") else None
            self.add_error(field, exc.message)
        return cleaned


def _form_with_request(form_class, request):
    """``form_class`` (a form or formset class) with ``request`` attached, so its ``clean``
    can check who acts."""
    return type(form_class.__name__, (form_class,), {"request": request})


class MembershipInlineFormSet(forms.BaseInlineFormSet):
    """Checks removed rows with ``membership_check_manage`` and that a tenant which had an
    owner still has one after all the rows' changes together."""

    request = None

    def clean(self):
        super().clean()
        if self.request is None or any(self.errors):
            return
        deleted = [f for f in self.deleted_forms if f.instance.pk]
        for form in deleted:
            current = Membership.objects.select_related("tenant", "user").get(pk=form.instance.pk)
            try:
                services.membership_check_manage(by=self.request.user, membership=current, new_role=None)
            except ServiceError as exc:
                raise forms.ValidationError(labelled(current.user, exc.message))
        if self.instance.pk and Membership.objects.filter(
            tenant=self.instance, role=Membership.Role.OWNER
        ).exists():
            kept = [
                f for f in self.forms if f not in self.deleted_forms and (f.instance.pk or f.has_changed())
            ]
            if not any(f.cleaned_data.get("role") == Membership.Role.OWNER for f in kept):
                raise forms.ValidationError(gettext(services.LAST_OWNER))


class MembershipInline(TenantScopedInlineMixin, admin.TabularInline):
    """Members of a tenant, on the tenant's page."""

    model = Membership
    form = MembershipForm
    formset = MembershipInlineFormSet
    fields = ["user", "role", "joined_at"]
    readonly_fields = ["joined_at"]
    autocomplete_fields = ["user"]
    extra = 0

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.form = _form_with_request(formset.form, request)
        return _form_with_request(formset, request)


@admin.register(Tenant)
class TenantAdmin(TenantScopedAdminMixin, admin.ModelAdmin):
    """Communities. Moderators edit their own community's name and openness; creating,
    deleting, and changing slug or domain (site addresses) are for superusers."""

    tenant_path = "pk"
    moderator_can_add = False
    moderator_can_delete = False
    list_display = ["name", "slug", "domain", "is_open", "member_count", "created_at"]
    list_filter = ["is_open"]
    search_fields = ["name", "slug", "domain"]
    inlines = [MembershipInline]
    actions = ["restore_communities"]

    # Issue 27: handing over and closing go through their services (the console,
    # tenants.closing), never a raw field edit; the games and the default clock are checked there too.
    SERVICE_FIELDS = ["created_by", "ownership_offered_to", "ownership_offered_at", "closing_at", "closes_at",
                      "closed_at", "purge_at"]

    def get_readonly_fields(self, request, obj=None):
        if is_superuser(request):
            return ["created_at", *self.SERVICE_FIELDS]
        return ["slug", "domain", "created_at", "games", "default_clock", *self.SERVICE_FIELDS]

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not is_superuser(request):
            actions.pop("restore_communities", None)
        return actions

    @admin.action(description=_("Restore the selected closing or closed communities"))
    def restore_communities(self, request, queryset):
        """Site staff restore communities before their purge (``closing.community_restore``:
        audit entry ``restore``); each refusal is shown."""
        run_each(self, request, list(queryset), lambda t: closing.community_restore(tenant=t, by=request.user),
                 RESTORED_DONE)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(member_total=Count("memberships"))

    @admin.display(description="Members", ordering="member_total")
    def member_count(self, obj):
        return obj.member_total

    def save_model(self, request, obj, form, change):
        if change:
            admin_audit.record_settings_form(by=request.user, form=form)
        super().save_model(request, obj, form, change)

    def save_formset(self, request, form, formset, change):
        if formset.model is Membership:
            for row in formset.forms:
                if row in formset.deleted_forms:
                    if row.instance.pk:
                        admin_audit.record_removal(by=request.user, membership=row.instance)
                elif row.has_changed():
                    admin_audit.record_role_form(by=request.user, form=row)
        super().save_formset(request, form, formset, change)
        if formset.model is Membership:
            _grant_staff_to_moderators(Membership.objects.filter(tenant=form.instance))


def _grant_staff_to_moderators(memberships: QuerySet) -> None:
    """Gives ``is_staff`` to users whose role (set in the admin) lets them moderate, as
    ``services.membership_set_role`` does, so they can open the admin."""
    for m in memberships.filter(role__in=[Membership.Role.MODERATOR, Membership.Role.OWNER]).select_related("user"):
        if not m.user.is_staff:
            m.user.is_staff = True
            m.user.save(update_fields=["is_staff"])


@admin.register(Membership)
class MembershipAdmin(TenantScopedAdminMixin, admin.ModelAdmin):
    """Who belongs to which community, with what role."""

    form = MembershipForm
    list_display = ["user", "tenant", "role", "joined_at", "banned_at", "timeout_until"]
    list_select_related = ["user", "tenant"]
    list_filter = [("tenant", admin.RelatedOnlyFieldListFilter), "role", ("banned_at", admin.EmptyFieldListFilter)]
    search_fields = ["user__username", "user__display_name"]
    autocomplete_fields = ["user"]
    # The vacation fields are the member's own (players.services.vacation_set keeps them); a
    # ban and a time-out change only through the actions below (chat.services, audit log).
    readonly_fields = ["joined_at", "vacation_until", "vacation_started", "vacation_days_used", "vacation_year",
                       "banned_at", "timeout_until"]
    actions = ["ban", "unban", "timeout_1h", "timeout_24h"]

    @admin.action(description=_("Ban from the community"))
    def ban(self, request, queryset):
        _moderate(self, request, queryset, "ban")

    @admin.action(description=_("Lift the ban"))
    def unban(self, request, queryset):
        _moderate(self, request, queryset, "unban")

    @admin.action(description=_("Time out of the chat for 1 hour"))
    def timeout_1h(self, request, queryset):
        _moderate(self, request, queryset, "1h")

    @admin.action(description=_("Time out of the chat for 24 hours"))
    def timeout_24h(self, request, queryset):
        _moderate(self, request, queryset, "24h")

    def get_form(self, request, obj=None, change=False, **kwargs):
        return _form_with_request(super().get_form(request, obj, change, **kwargs), request)

    def has_delete_permission(self, request, obj=None):
        if not super().has_delete_permission(request, obj):
            return False
        if obj is None:
            return True
        if obj.banned_at is not None:
            return False  # deleting the row would let an open community re-admit them
        try:
            services.membership_check_manage(by=request.user, membership=obj, new_role=None)
        except ServiceError:
            return False
        return True

    def delete_queryset(self, request, queryset):
        # Bulk "delete selected": drop the rows this user may not remove (owners, last owner,
        # banned members: their row is the ban).
        for membership in queryset.select_related("tenant", "user"):
            if membership.banned_at is not None:
                messages.error(request, labelled(membership.user, BANNED_ROW_KEPT))
                continue
            try:
                services.membership_check_manage(by=request.user, membership=membership, new_role=None)
            except ServiceError as exc:
                messages.error(request, labelled(membership.user, exc.message))
                continue
            admin_audit.record_removal(by=request.user, membership=membership)
            membership.delete()

    def delete_model(self, request, obj):
        admin_audit.record_removal(by=request.user, membership=obj)
        super().delete_model(request, obj)

    def save_model(self, request, obj, form, change):
        if change:
            admin_audit.record_role_form(by=request.user, form=form)
        super().save_model(request, obj, form, change)
        _grant_staff_to_moderators(Membership.objects.filter(pk=obj.pk))


@admin.register(Invitation)
class InvitationAdmin(TenantScopedAdminMixin, admin.ModelAdmin):
    """Single-use invitation codes. Add one by choosing the community; the code is made for
    you. Used codes stay as the record of who came in with them."""

    moderator_can_change = False
    list_display = ["code", "tenant", "created_by", "created_at", "used_by", "used_at"]
    list_select_related = ["tenant", "created_by", "used_by"]
    list_filter = [("tenant", admin.RelatedOnlyFieldListFilter), ("used_at", admin.EmptyFieldListFilter)]
    search_fields = ["code"]
    fields = ["tenant", "code", "created_by", "created_at", "used_by", "used_at"]
    readonly_fields = ["code", "created_by", "created_at", "used_by", "used_at"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None:  # an invitation's community never changes
            return ["tenant", *self.readonly_fields]
        return self.readonly_fields

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if not change:
            admin_audit.record_invitation(by=request.user, invitation=obj, made=True)

    def delete_model(self, request, obj):
        admin_audit.record_invitation(by=request.user, invitation=obj, made=False)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for invitation in queryset.select_related("tenant"):
            admin_audit.record_invitation(by=request.user, invitation=invitation, made=False)
        super().delete_queryset(request, queryset)


class ReadOnlyScoped(TenantScopedAdminMixin):
    """Scoped, and nobody (superusers included) adds, edits or really deletes a row."""

    moderator_can_add = False
    moderator_can_change = False
    moderator_can_delete = False

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyScoped, admin.ModelAdmin):
    """The audit log (issue 27, point 3): every moderation and ownership action, read-only for
    everyone, superusers included; a moderator or owner sees their communities' rows only."""

    list_display = ["created_at", "actor", "action", "target", "subject", "reason", "until", "tenant"]
    list_filter = ["action", ("tenant", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["actor", "target", "tenant"]
    search_fields = ["actor__username", "target__username", "reason", "subject"]
    fields = ["tenant", "created_at", "actor", "action", "target", "subject", "reason", "until", "details"]
    readonly_fields = fields
