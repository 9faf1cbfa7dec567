"""The admin site: Django's, behind the site's sign-in and its second factor.

- ``login``: never the admin's own password form (a password alone would sign in there):
  allauth's ``secure_admin_login`` sends a visitor to the site's sign-in (``/accounts/login/``,
  which asks for the code of an account with an authenticator app) and answers 403 to a
  signed-in account that is not staff; signed-in staff go on to ``next``.
- every other admin view (``admin_view``) passes ``accounts.mfa.admin_gate`` first: staff
  without an authenticator app are sent to enrol, a session that did not pass the code is
  asked for one; ``has_permission`` says the same, so nothing in the admin shows before.
- the admin's own password change is under the sign-in throttle
  (``accounts.forms.ThrottledAdminPasswordChangeForm``).

Installed as ``AdminConfig`` in ``INSTALLED_APPS`` in place of ``django.contrib.admin``;
``admin.site`` is this site."""
from functools import update_wrapper

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


class AdminSite(admin.AdminSite):
    def has_permission(self, request):
        # Lazy: this module is loaded with the app registry (AdminConfig), before any model.
        from accounts import mfa

        return super().has_permission(request) and mfa.session_second_factor_passed(request)

    def admin_view(self, view, cacheable=False):
        inner = super().admin_view(view, cacheable)

        def gated(request, *args, **kwargs):
            from accounts import mfa  # lazy: loaded before the models (see has_permission)

            return mfa.admin_gate(request) or inner(request, *args, **kwargs)

        return update_wrapper(gated, inner)

    def login(self, request, extra_context=None):
        from allauth.account.decorators import secure_admin_login

        return secure_admin_login(self._onward)(request)

    def _onward(self, request):
        """Signed-in staff at the login page: on to ``next`` (the gate asks for what is
        missing there), or the admin's index."""
        target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
        if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
            target = reverse("admin:index", current_app=self.name)
        return HttpResponseRedirect(target)

    def password_change(self, request, extra_context=None):
        from django.contrib.auth.views import PasswordChangeView

        from accounts.forms import ThrottledAdminPasswordChangeForm  # lazy: loaded before the models

        defaults = {
            "form_class": ThrottledAdminPasswordChangeForm,
            "success_url": reverse("admin:password_change_done", current_app=self.name),
            "extra_context": {**self.each_context(request), **(extra_context or {})},
        }
        if self.password_change_template is not None:
            defaults["template_name"] = self.password_change_template
        request.current_app = self.name
        return PasswordChangeView.as_view(**defaults)(request)


class AdminConfig(DjangoAdminConfig):
    default_site = "gameplatform.admin_site.AdminSite"
