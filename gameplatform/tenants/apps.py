from django.apps import AppConfig


class TenantsConfig(AppConfig):
    name = "gameplatform.tenants"
    label = "tenants"
