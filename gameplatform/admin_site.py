"""The admin site: Django's, with the admin's own password change under the sign-in throttle
(``accounts.forms.ThrottledAdminPasswordChangeForm``). Installed as ``AdminConfig`` in
``INSTALLED_APPS`` in place of ``django.contrib.admin``; ``admin.site`` is this site."""
from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.urls import reverse


class AdminSite(admin.AdminSite):
    def password_change(self, request, extra_context=None):
        from django.contrib.auth.views import PasswordChangeView

        from accounts.forms import ThrottledAdminPasswordChangeForm

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
