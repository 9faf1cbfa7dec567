"""``manage.py startgame``: the skeleton of a new game passes the conformance suite as it is."""
import importlib
import shutil
import sys

import pytest
from django.core.management import CommandError, call_command

import games
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
                "games/pile_up/engine/__init__.py", "games/pile_up/engine/engine.py", "games/pile_up/engine/texts.py",
                "tests/games/pile_up/__init__.py", "tests/games/pile_up/test_rules.py", "bench/pile_up_engine.py"):
        assert (skeleton / rel).is_file(), rel
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
