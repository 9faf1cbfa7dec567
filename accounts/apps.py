from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People"  # allauth's app is "Accounts": one name per admin section

    def ready(self):
        from allauth.account.signals import password_reset

        from . import throttle

        def clear_counters(sender, request, user, **kwargs):
            throttle.account_counters_clear(user)

        password_reset.connect(clear_counters, dispatch_uid="accounts.throttle.password_reset", weak=False)
