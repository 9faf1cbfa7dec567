from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People"  # allauth's app is "Accounts": one name per admin section

    def ready(self):
        from allauth.account.signals import password_reset

        from gameplatform.core.personal import export_section_register

        from . import personal

        # "Download my data" (issue 27, point 5) starts with the profile.
        export_section_register("profile", personal.profile_section)

        from . import throttle

        def clear_counters(sender, request, user, **kwargs):
            throttle.account_counters_clear(user)

        password_reset.connect(clear_counters, dispatch_uid="accounts.throttle.password_reset", weak=False)

        from . import mfa

        mfa.connect()
