from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People"  # allauth's app is "Accounts": one name per admin section
