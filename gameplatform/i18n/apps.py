from django.apps import AppConfig


class I18nConfig(AppConfig):
    name = "gameplatform.i18n"
    label = "hexagora_i18n"
    verbose_name = "Languages"
