"""The start-up check of the game contract (gameplatform/matches/checks.py): a registered game
without its app, its board template or its ES modules fails, naming what is missing."""
import dataclasses

from gameplatform.matches.checks import check_games
from games import registry


def test_the_registered_games_pass():
    assert check_games() == []


def test_a_missing_template_or_module_is_named(monkeypatch):
    engine = registry.get_engine("hextopia")
    ui = dataclasses.replace(engine.ui, board_template="hextopia/nope.html", play_module="hextopia/nope.js")
    monkeypatch.setattr(type(engine), "ui", ui)
    errors = {e.id: e.msg for e in check_games()}
    assert errors["games.E003"] == 'hextopia: board template "hextopia/nope.html" not found'
    assert errors["games.E004"] == 'hextopia: play module "hextopia/nope.js" not found'


def test_a_game_whose_app_is_not_installed_fails(race_engine):
    """The test game "race" is registered (tests.fake_game) but not an installed app."""
    errors = [e for e in check_games() if e.id == "games.E002"]
    assert [e.msg for e in errors] == ["race: Django app tests.fake_game is not installed"]


def test_an_engine_that_cannot_load_is_named(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "ghost", "games.ghost")
    errors = [e for e in check_games() if e.id == "games.E001"]
    assert len(errors) == 1 and errors[0].msg.startswith("ghost: engine games.ghost.engine.ENGINE cannot be loaded")
