"""The catalogues (issue 13, point 7; issue 25, point 4): every message of the site has a French
and a Swedish translation, none fuzzy, and the .po files hold exactly what ``makemessages``
extracts from the code today (so a new message without its translation fails here).

Every owner is checked: the platform (``locale/``) and each registered game
(``games/<package>/locale/``, its own texts only); the test ids name the owner, so
``-k <slug>`` selects a game's.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import resolve
from django.utils.translation import trans_real
from django.views.i18n import JavaScriptCatalog

from gameplatform.i18n import catalogues, collect
from games import registry

ROOT = Path(settings.BASE_DIR)
# What makemessages reads: the site's code (as in IGNORED of the makemessages command).
SOURCES = ["manage.py", "gameplatform", "games", "accounts", "templates", "static", "locale"]
OWNERS = list(catalogues.locale_dirs())
LANGUAGES = catalogues.translated_languages()


def po_id(po_path: Path) -> str:
    return f"{catalogues.owner_of(po_path)}/{po_path.parts[-3]}/{po_path.name}"


def owner_files(owner: str, code: str) -> list[Path]:
    return sorted((catalogues.locale_dirs()[owner] / code / "LC_MESSAGES").glob("*.po"))


def engine_messages_file(owner: str) -> Path:
    return collect.OUTPUT if owner == catalogues.PLATFORM else collect.game_output(owner)


@pytest.mark.parametrize("owner", OWNERS)
def test_every_owner_has_its_catalogues_in_its_own_folder(owner):
    """The platform has both domains in each language; a game has its ``django.po`` (its
    engine texts at least) and a ``djangojs.po`` when its ES modules have texts; the same
    files in every language."""
    folder = catalogues.locale_dirs()[owner]
    if owner == catalogues.PLATFORM:
        assert folder == (ROOT / "locale").resolve()
        wanted = {f"{domain}.po" for domain in catalogues.DOMAINS}
    else:
        assert folder == (ROOT.joinpath(*registry.package_of(owner).split(".")) / "locale").resolve()
        wanted = {"django.po"}
    names = {code: {p.name for p in owner_files(owner, code)} for code in LANGUAGES}
    for code in LANGUAGES:
        assert wanted <= names[code], (owner, code, names[code])
        assert names[code] == names[LANGUAGES[0]], names


def test_every_catalogue_is_where_django_reads_it():
    """``LOCALE_PATHS``: the platform's first (it wins over every other catalogue), then each
    game's, so a game's texts win over the other installed apps' catalogues."""
    assert [Path(p).resolve() for p in settings.LOCALE_PATHS] == list(catalogues.locale_dirs().values())


@pytest.mark.parametrize("po_path", catalogues.po_files(), ids=po_id)
def test_every_message_is_translated_and_none_is_fuzzy(po_path):
    missing = catalogues.untranslated(po_path)
    assert not missing, f"{len(missing)} message(s) of {po_path} lack a translation or are fuzzy: {missing[:20]}"


@pytest.mark.parametrize("owner", OWNERS)
def test_french_and_swedish_have_the_same_messages(owner):
    for name in {p.name for p in owner_files(owner, "fr")}:
        fr, sv = (catalogues.msgids(catalogues.locale_dirs()[owner] / code / "LC_MESSAGES" / name)
                  for code in ("fr", "sv"))
        assert fr == sv, (owner, name, sorted(fr ^ sv)[:20])


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_a_msgid_reads_the_same_in_every_catalogue_that_holds_it(owner, code):
    """gettext has one namespace per domain: where two catalogues translate a msgid, the first
    in ``LOCALE_PATHS`` wins for every page. So they must agree (or the text takes a context)."""
    for path in owner_files(owner, code):
        mine = catalogues.translations(path)
        for other in [o for o in OWNERS if o != owner]:
            theirs_path = catalogues.locale_dirs()[other] / code / "LC_MESSAGES" / path.name
            if not theirs_path.exists():
                continue
            theirs = catalogues.translations(theirs_path)
            differ = {m: (mine[m], theirs[m]) for m in mine.keys() & theirs.keys() if mine[m] != theirs[m]}
            assert not differ, f"{owner} and {other} translate these differently in {code}/{path.name}: {differ}"


def _javascript_catalogue(code: str) -> dict:
    """What ``/jsi18n/`` serves in ``code``: the view the URL resolves to, with its packages."""
    view = JavaScriptCatalog(**resolve("/jsi18n/").func.view_initkwargs)
    paths = view.get_paths(view.packages) if view.packages else None
    view.translation = trans_real.DjangoTranslation(code, domain="djangojs", localedirs=paths)
    return view.get_catalog()


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_django_serves_every_entry_of_every_catalogue(owner, code):
    """Each translation of the owner's ``django.po`` is what Django's gettext gives in that
    language, and each of its ``djangojs.po`` what the JavaScript catalogue serves: no other
    catalogue (another game's, an installed app's such as the admin's) hides one."""
    folder = catalogues.locale_dirs()[owner] / code / "LC_MESSAGES"
    served = {"django": trans_real.translation(code)._catalog}
    if (folder / "djangojs.po").exists():
        served["djangojs"] = _javascript_catalogue(code)
    for domain, catalogue in served.items():
        wrong = {}
        for msgid, wanted in catalogues.translations(folder / f"{domain}.po").items():
            if isinstance(wanted, tuple):
                got = tuple(catalogue.get((msgid, i)) for i in range(len(wanted))) if domain == "django" \
                    else tuple(catalogue.get(msgid) or ())
            else:
                got = catalogue.get(msgid)
            if got != wanted:
                wrong[msgid] = (wanted, got)
        assert not wrong, f"{owner} {code}/{domain}.po: Django serves other translations: {list(wrong.items())[:10]}"


def makemessages_on_a_copy(home: Path, *args: str, change=None) -> Path:
    """A copy of the site's code in ``home/site`` (``change(copy)`` edits it) on which
    ``manage.py makemessages *args`` ran; skips without GNU gettext (fails in CI)."""
    if shutil.which("xgettext") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have GNU gettext (xgettext): .ci/run installs it")
        pytest.skip("GNU gettext (xgettext) is not installed: apt install gettext (CI installs it)")
    copy = home / "site"
    copy.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy2(source, copy / name)
    if change is not None:
        change(copy)
    run = subprocess.run([sys.executable, "manage.py", "makemessages", "--verbosity", "0", *args], cwd=copy,
                         capture_output=True, text=True, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(home), "DJANGO_SETTINGS_MODULE": "gameplatform.settings"})
    assert run.returncode == 0, run.stdout + run.stderr
    return copy


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Path:
    """The site's code after ``make messages`` (once for the module)."""
    return makemessages_on_a_copy(tmp_path_factory.mktemp("makemessages"))


def test_a_new_text_goes_to_its_games_catalogue_untranslated_never_guessed(tmp_path):
    """Issue 25: ``make messages`` once offered Hexfolk's "Placer une route" for a new game's
    "Place a stone or pass", marked fuzzy. A new text of a game goes to that game's catalogue
    only, with an empty translation for the translator, whatever its neighbours say."""
    new_texts = ['STONE = gettext_noop("Place a stone or pass")',
                 'PLACE = gettext_noop("Place a road!")',  # a hair from Hexfolk's "Place a road"
                 'OVER = gettext_noop("Game over!")']  # and from Hextopia's own "Game over"

    def add_texts(copy: Path) -> None:
        texts = copy / "games" / "hextopia" / "engine" / "texts.py"
        texts.write_text(texts.read_text() + "\n" + "\n".join(new_texts) + "\n")

    copy = makemessages_on_a_copy(tmp_path, "-l", "fr", "-d", "django", change=add_texts)
    hextopia = {e.msgid: e for e in polib.pofile(str(copy / "games/hextopia/locale/fr/LC_MESSAGES/django.po"))}
    for msgid in ("Place a stone or pass", "Place a road!", "Game over!"):
        entry = hextopia[msgid]
        assert entry.msgstr == "" and "fuzzy" not in entry.flags and not entry.previous_msgid, (msgid, entry)
    for owner in ("platform", "hexfolk"):
        folder = copy / catalogues.locale_dirs()[owner].relative_to(ROOT.resolve())
        assert "Place a stone or pass" not in catalogues.msgids(folder / "fr" / "LC_MESSAGES" / "django.po")


@pytest.mark.parametrize("owner", OWNERS)
def test_the_catalogues_are_up_to_date_with_the_code(owner, extracted):
    """``manage.py makemessages`` run on a copy of the tree changes no engine texts' module and
    adds and drops no msgid in the owner's catalogues (nor creates one it lacks)."""
    generated = engine_messages_file(owner)
    relative = generated.resolve().relative_to(ROOT.resolve())
    assert (extracted / relative).read_text() == generated.read_text(), f"{relative} is stale: run make messages"
    folder = catalogues.locale_dirs()[owner].relative_to(ROOT.resolve())
    for code in LANGUAGES:
        fresh_files = sorted(p.name for p in (extracted / folder / code / "LC_MESSAGES").glob("*.po"))
        assert fresh_files == [p.name for p in owner_files(owner, code)], (owner, code, fresh_files)
        for name in fresh_files:
            relative = folder / code / "LC_MESSAGES" / name
            now, fresh = catalogues.msgids(ROOT / relative), catalogues.msgids(extracted / relative)
            added, dropped = sorted(fresh - now), sorted(now - fresh)
            assert not added and not dropped, (
                f"{relative} is not up to date with the code (run make messages and translate): "
                f"new {added[:15]}, gone {dropped[:15]}")
