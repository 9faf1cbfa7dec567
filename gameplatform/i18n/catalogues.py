"""The translation catalogues: compile and check.

Two kinds of owner: the platform, whose catalogues are under ``locale/`` (``LOCALE_PATHS``),
and each registered game, whose catalogues are under ``games/<package>/locale/`` (its Django
app's folder, where Django looks for an installed app's translations). In each,
``<lang>/LC_MESSAGES/django.po`` (Python and templates) and ``djangojs.po`` (the ES modules,
served by ``JavaScriptCatalog`` at ``/jsi18n/``; a game without texts in its modules has none)
are the sources, kept in git and refreshed by ``make messages``; the ``.mo`` files are built
from them with polib (pure Python: a machine without GNU gettext runs the site) and are not
committed. Django merges them: ``locale/`` first, then the installed apps in
``INSTALLED_APPS`` order, so a msgid two catalogues hold must read the same in both.
"""
from __future__ import annotations

from pathlib import Path

import polib
from django.apps import apps
from django.conf import settings

from games.registry import app_label_of, slugs

DOMAINS = ("django", "djangojs")
PLATFORM = "platform"


def translated_languages() -> list[str]:
    """The codes of ``LANGUAGES`` that have catalogues: every one but the source, English."""
    return [code for code, _ in settings.LANGUAGES if code != "en"]


def game_locale_dirs() -> dict[str, Path]:
    """``{slug: games/<package>/locale}`` for every registered game, in catalogue order (the
    folder may not exist yet)."""
    return {slug: Path(apps.get_app_config(app_label_of(slug)).path).resolve() / "locale" for slug in slugs()}


def locale_dirs() -> dict[str, Path]:
    """Every owner's catalogue folder: ``{"platform": locale/, <slug>: games/<package>/locale}``."""
    return {PLATFORM: Path(settings.LOCALE_PATHS[0]).resolve(), **game_locale_dirs()}


def po_files() -> list[Path]:
    """Every ``.po`` file of every owner (``locale_dirs``) and ``LOCALE_PATHS`` entry, sorted."""
    roots = {*map(Path, settings.LOCALE_PATHS), *locale_dirs().values()}
    return sorted(p for root in roots for p in root.glob("*/LC_MESSAGES/*.po"))


def owner_of(po_path: Path) -> str:
    """``"platform"`` or the slug of the game whose catalogue ``po_path`` is."""
    folder = Path(po_path).resolve().parents[2]
    return next((owner for owner, root in locale_dirs().items() if root == folder), PLATFORM)


def compile_catalogues(force: bool = False) -> list[Path]:
    """Writes ``X.mo`` beside each ``X.po`` that is newer than it (all of them when
    ``force``); returns the ``.mo`` paths written. Fuzzy entries are left out, as msgfmt does."""
    written = []
    for po_path in po_files():
        mo_path = po_path.with_suffix(".mo")
        if not force and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        written.append(mo_path)
    return written


def untranslated(po_path: Path) -> list[str]:
    """The msgids of ``po_path`` that lack a translation (an empty ``msgstr``, or an empty
    plural form) or are marked fuzzy; obsolete entries do not count."""
    missing = []
    for entry in polib.pofile(str(po_path)):
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags or not entry.translated():
            missing.append(entry.msgid)
    return missing


def _key(entry: polib.POEntry) -> str:
    """An entry's msgid as Django's catalogue keys it: with its context as ``ctx\\x04id``."""
    return f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid


def msgids(po_path: Path) -> set[str]:
    """The live (not obsolete) msgids of ``po_path``, with their context as ``ctx\\x04id``."""
    return {_key(entry) for entry in polib.pofile(str(po_path)) if not entry.obsolete}


def translations(po_path: Path) -> dict[str, str | tuple[str, ...]]:
    """The live translated entries of ``po_path``: ``{msgid (``ctx\\x04id`` with a context):
    msgstr}``, a plural's forms as a tuple."""
    return {_key(entry): tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
            if entry.msgid_plural else entry.msgstr
            for entry in polib.pofile(str(po_path))
            if not entry.obsolete and "fuzzy" not in entry.flags and entry.translated()}
