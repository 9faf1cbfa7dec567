"""The ES modules' catalogue (``/jsi18n/``, ``javascript-catalog``)."""
from __future__ import annotations

from django.apps import apps
from django.views.i18n import JavaScriptCatalog

from games.registry import app_names

# The djangojs catalogue in the request's language (static/js/i18n.js reads it): the platform's
# (locale/, LOCALE_PATHS, always read) and every registered game's (games/<package>/locale/);
# not the other installed apps' (the admin's pages load their own). Installed ones only: a game
# a test registers for itself (tests/conftest.py race_engine) must not stick in this view when
# the URLconf happens to be first imported during that test.
javascript_catalog = JavaScriptCatalog.as_view(packages=[name for name in app_names() if apps.is_installed(name)])
