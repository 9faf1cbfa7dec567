"""``manage.py startgame``: the skeleton of a new game passes the conformance suite as it is, and,
in a copy of the project (``-m startgame``), the whole game and language suites."""
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.core.management import CommandError, call_command

import games
from games import registry
from games.conformance import check_engine


@pytest.fixture
def skeleton(tmp_path, monkeypatch):
    """``startgame "Pile Up"`` into a scratch project whose games/ joins the real package."""
    (tmp_path / "games").mkdir()
    from games import registry

    shutil.copy(registry.__file__, tmp_path / "games" / "registry.py")
    call_command("startgame", "Pile Up", root=str(tmp_path), stdout=open("/dev/null", "w"))
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path / "games")])
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("games.pile_up")]:
        del sys.modules[name]


def test_the_skeleton_has_every_part_and_its_registry_line(skeleton):
    for rel in ("games/pile_up/__init__.py", "games/pile_up/apps.py", "games/pile_up/RULES.md",
                "games/pile_up/engine/__init__.py", "games/pile_up/engine/engine.py", "games/pile_up/engine/errors.py",
                "games/pile_up/engine/texts.py", "games/pile_up/engine_messages.py",
                "games/pile_up/templates/pile_up/rules.html", "games/pile_up/templates/pile_up/rules.fr.html",
                "games/pile_up/templates/pile_up/rules.sv.html",
                "games/pile_up/locale/fr/LC_MESSAGES/django.po", "games/pile_up/locale/sv/LC_MESSAGES/django.po",
                "tests/games/pile_up/__init__.py", "tests/games/pile_up/test_rules.py", "bench/pile_up_engine.py"):
        assert (skeleton / rel).is_file(), rel
    assert not any("{{" in path.read_text() for path in skeleton.rglob("*") if path.is_file()), "a placeholder is left"
    assert '"pile-up": "games.pile_up",' in (skeleton / "games" / "registry.py").read_text()


def test_the_skeleton_engine_passes_the_conformance_suite(skeleton):
    engine = importlib.import_module("games.pile_up.engine").ENGINE
    assert (engine.slug, engine.name) == ("pile-up", "Pile Up")
    assert check_engine(engine) > 0


def test_startgame_refuses_to_overwrite_and_bad_slugs(skeleton):
    with pytest.raises(CommandError, match="refusing to overwrite"):
        call_command("startgame", "Pile Up", root=str(skeleton))
    with pytest.raises(CommandError, match="slug"):
        call_command("startgame", "Pile", slug="Bad Slug!", root=str(skeleton))


def test_the_skeleton_rule_tests_pass(skeleton):
    import importlib.util

    spec = importlib.util.spec_from_file_location("pile_up_rules", skeleton / "tests/games/pile_up/test_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [getattr(module, n) for n in dir(module) if n.startswith("test_")]
    assert len(tests) == 2
    for test in tests:
        test()


# --- a new game in a copy of the project: the game and language suites for it -----------------

# Not copied: the venv (the copy runs with this one), git, run-time and build output, the
# developer's .env (the copy's tests use SQLite and in-memory layers: nothing shared).
COPY_SKIPPED_AT_ROOT = {".venv", ".git", ".env", "var", "artifacts", "staticfiles", "node_modules"}
COPY_SKIPPED = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache", "*.mo",
                                      "packed")  # HexBoard Words' packs: built per machine
NEW_GAME = ("Pile Up", "pile-up", "pile_up")
# What the new game must have passed there (module, test name with the game's id or none).
NEW_GAME_CASES = [
    ("tests.games.test_conformance", "test_engine_conforms_over_its_layouts_and_random_options[pile-up]"),
    ("tests.games.test_conformance", "test_metadata_is_declared[pile-up]"),
    ("tests.games.test_conformance", "test_bots_play_a_match_through_the_services[pile-up]"),
    ("tests.games.test_conformance", "test_the_match_and_replay_pages_render[pile-up]"),
    ("tests.games.test_no_django", "test_registry_and_engines_import_without_django"),
    ("tests.games.pile_up.test_rules", "test_a_turn_takes_one_to_three"),
    ("tests.games.pile_up.test_rules", "test_the_last_counter_wins"),
    ("tests.i18n.test_view_texts", "test_every_view_text_reaches_a_french_seat_in_french[pile-up]"),
    ("tests.i18n.test_rules_languages", "test_every_rules_page_has_its_translation[fr-pile-up]"),
    ("tests.i18n.test_rules_languages", "test_every_rules_page_has_its_translation[sv-pile-up]"),
    ("tests.i18n.test_catalogues", "test_every_owner_has_its_catalogues_in_its_own_folder[pile-up]"),
    ("tests.i18n.test_catalogues", "test_every_message_is_translated_and_none_is_fuzzy[pile-up/fr/django.po]"),
    ("tests.i18n.test_catalogues", "test_every_message_is_translated_and_none_is_fuzzy[pile-up/sv/django.po]"),
    ("tests.i18n.test_catalogues", "test_a_msgid_reads_the_same_in_every_catalogue_that_holds_it[fr-pile-up]"),
    ("tests.i18n.test_catalogues", "test_django_serves_every_entry_of_every_catalogue[sv-pile-up]"),
]
NEW_GAME_MINUTES = 10


def _copy_ignore(root: Path):
    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = set(COPY_SKIPPED(folder, names))
        return skipped | (COPY_SKIPPED_AT_ROOT & set(names) if Path(folder) == root else set())
    return ignore


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.mark.startgame
def test_a_new_game_passes_the_game_and_language_suites_in_a_copy_of_the_project(tmp_path):
    """Issue 25, point 4: "a new game is one folder and one registry line". In a copy of the
    project, ``manage.py startgame "Pile Up"`` changes no shared file but ``games/registry.py``
    (its line); then ``tests/games`` and ``tests/i18n`` run there in a pytest of their own, every
    test but the other games' cases: the conformance suite, the skeleton's rule tests, its view
    texts, its rules page in French and Swedish and its catalogues, all passing."""
    from django.conf import settings

    root = Path(settings.BASE_DIR)
    copy = tmp_path / "site"
    shutil.copytree(root, copy, ignore=_copy_ignore(root))
    (copy / "var").mkdir()
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8",
           **{k: os.environ[k] for k in ("CI",) if k in os.environ}}

    def run(*args: str, minutes: float = 1) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True,
                              timeout=minutes * 60)

    name, slug, package = NEW_GAME
    before = _tree(copy)
    made = run("manage.py", "startgame", name)
    assert made.returncode == 0, made.stdout + made.stderr
    after = _tree(copy)
    new = (f"games/{package}/", f"tests/games/{package}/", f"bench/{package}_")
    changed = {rel for rel in before.keys() | after.keys() if before.get(rel) != after.get(rel)}
    assert {rel for rel in changed if not rel.startswith(new)} == {"games/registry.py"}
    assert {rel for rel in changed if rel.startswith(new)} == {rel for rel in after if rel.startswith(new)}

    compiled = run("manage.py", "compilemessages")
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    others = " or ".join(sorted({*registry.slugs(), *(registry.app_label_of(s) for s in registry.slugs())}))
    report = tmp_path / "report.xml"
    suites = run("-m", "pytest", "tests/games", "tests/i18n", "-k", f"not ({others})", "-p", "no:cacheprovider",
                 "-q", f"--junitxml={report}", minutes=NEW_GAME_MINUTES)
    assert suites.returncode == 0, suites.stdout[-6000:] + suites.stderr[-2000:]
    cases = ElementTree.parse(report).getroot().iter("testcase")
    outcome = {(case.get("classname"), case.get("name")): [child.tag for child in case] for case in cases}
    missing = [case for case in NEW_GAME_CASES if case not in outcome]
    assert not missing, f"not run for {slug}: {missing}"
    not_passed = {case: outcome[case] for case in NEW_GAME_CASES if outcome[case]}
    assert not not_passed, not_passed
