"""Start-up checks of the game contract: every registered game has its Django app and the web
files its engine's ``ui`` declares (``games.protocol.GameUI``).

Registered by ``MatchesConfig.ready``; ``manage.py check`` and every server start run them. An
error names the game and what is missing, e.g. ``hexal: board template "hexal/board.html" not
found``.
"""
from __future__ import annotations

from django.apps import apps
from django.contrib.staticfiles import finders
from django.core.checks import Error, register
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games import registry
from games.protocol import EngineBase

GENERIC_HAND = "matches/actions_generic.html"
GENERIC_PLAY = "js/generic_play.js"
GENERIC_REPLAY = "js/generic_replay.js"


@register()
def check_games(app_configs=None, **kwargs) -> list[Error]:
    """``games.E001`` engine not importable or not an ``EngineBase``; ``E002`` app not
    installed; ``E003`` a declared template missing; ``E004`` a declared static file missing."""
    errors: list[Error] = []
    for slug in registry.slugs():
        try:
            engine = registry.get_engine(slug)
        except Exception as exc:  # an import error of one game must not hide the others'
            errors.append(Error(f"{slug}: engine {registry.package_of(slug)}.engine.ENGINE cannot be loaded: {exc}",
                                id="games.E001"))
            continue
        if not isinstance(engine, EngineBase) or engine.slug != slug:
            errors.append(Error(f"{slug}: ENGINE must be an EngineBase whose slug is {slug!r}", id="games.E001"))
            continue
        if not apps.is_installed(registry.package_of(slug)):
            errors.append(Error(f"{slug}: Django app {registry.package_of(slug)} is not installed",
                                hint="INSTALLED_APPS takes the games from games.registry.app_names()",
                                id="games.E002"))
        ui = engine.ui
        for what, name in (("board template", ui.board_template), ("hand template", ui.hand_template),
                           ("rules template", ui.rules_template), ("keys template", ui.keys_template)):
            if name is None:
                continue
            try:
                get_template(name)
            except TemplateDoesNotExist:
                errors.append(Error(f'{slug}: {what} "{name}" not found',
                                    hint=f"put it in {registry.package_of(slug).replace('.', '/')}/templates/",
                                    id="games.E003"))
        for what, name in (("play module", ui.play_module), ("replay module", ui.replay_module),
                           ("stylesheet", ui.stylesheet)):
            if name is not None and finders.find(name) is None:
                errors.append(Error(f'{slug}: {what} "{name}" not found',
                                    hint=f"put it in {registry.package_of(slug).replace('.', '/')}/static/",
                                    id="games.E004"))
    return errors
