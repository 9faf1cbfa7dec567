"""The translation catalogues under ``locale/`` (``LOCALE_PATHS``): compile and check.

``locale/<lang>/LC_MESSAGES/django.po`` (Python and templates) and ``djangojs.po`` (the ES
modules, served by ``JavaScriptCatalog`` at ``/jsi18n/``) are the sources, kept in git and
refreshed by ``make messages``; the ``.mo`` files are built from them with polib (pure
Python: a machine without GNU gettext runs the site) and are not committed.
"""
from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings

DOMAINS = ("django", "djangojs")


def translated_languages() -> list[str]:
    """The codes of ``LANGUAGES`` that have catalogues: every one but the source, English."""
    return [code for code, _ in settings.LANGUAGES if code != "en"]


def po_files() -> list[Path]:
    """Every ``.po`` file of every ``LOCALE_PATHS`` entry, sorted."""
    return sorted(p for root in settings.LOCALE_PATHS for p in Path(root).glob("*/LC_MESSAGES/*.po"))


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


def msgids(po_path: Path) -> set[str]:
    """The live (not obsolete) msgids of ``po_path``, with their context as ``ctx\\x04id``."""
    out = set()
    for entry in polib.pofile(str(po_path)):
        if not entry.obsolete:
            out.add(f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid)
    return out
