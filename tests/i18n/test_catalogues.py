"""The catalogues (issue 13, point 7): every message of the site has a French and a Swedish
translation, none fuzzy, and the .po files hold exactly what ``makemessages`` extracts from
the code today (so a new message without its translation fails here)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from gameplatform.i18n import catalogues

ROOT = Path(settings.BASE_DIR)
# What makemessages reads: the site's code (as in IGNORED of the makemessages command).
SOURCES = ["manage.py", "gameplatform", "games", "accounts", "templates", "static", "locale"]


def test_every_language_has_both_catalogues():
    for code in catalogues.translated_languages():
        for domain in catalogues.DOMAINS:
            assert (ROOT / "locale" / code / "LC_MESSAGES" / f"{domain}.po").is_file(), (code, domain)


@pytest.mark.parametrize("po_path", catalogues.po_files(), ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_every_message_is_translated_and_none_is_fuzzy(po_path):
    missing = catalogues.untranslated(po_path)
    assert not missing, f"{len(missing)} message(s) of {po_path} lack a translation or are fuzzy: {missing[:20]}"


def test_french_and_swedish_have_the_same_messages():
    for domain in catalogues.DOMAINS:
        fr, sv = (catalogues.msgids(ROOT / "locale" / code / "LC_MESSAGES" / f"{domain}.po") for code in ("fr", "sv"))
        assert fr == sv, (domain, sorted(fr ^ sv)[:20])


def test_the_catalogues_are_up_to_date_with_the_code(tmp_path):
    """``manage.py makemessages`` run on a copy of the tree adds and drops nothing."""
    if shutil.which("xgettext") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have GNU gettext (xgettext): .ci/run installs it")
        pytest.skip("GNU gettext (xgettext) is not installed: apt install gettext (CI installs it)")
    copy = tmp_path / "site"
    copy.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy2(source, copy / name)
    run = subprocess.run([sys.executable, "manage.py", "makemessages", "--verbosity", "0"], cwd=copy,
                         capture_output=True, text=True, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DJANGO_SETTINGS_MODULE": "gameplatform.settings"})
    assert run.returncode == 0, run.stdout + run.stderr
    generated = copy / "gameplatform" / "i18n" / "engine_messages.py"
    assert generated.read_text() == (ROOT / "gameplatform" / "i18n" / "engine_messages.py").read_text(), (
        "gameplatform/i18n/engine_messages.py is stale: run make messages")
    for code in catalogues.translated_languages():
        for domain in catalogues.DOMAINS:
            relative = Path("locale") / code / "LC_MESSAGES" / f"{domain}.po"
            now, fresh = catalogues.msgids(ROOT / relative), catalogues.msgids(copy / relative)
            added, dropped = sorted(fresh - now), sorted(now - fresh)
            assert not added and not dropped, (
                f"{relative} is not up to date with the code (run make messages and translate): "
                f"new {added[:15]}, gone {dropped[:15]}")
