"""The engine registry: slug lookup, the catalogue, unknown games."""
from __future__ import annotations

import pytest

from games.protocol import Engine
from games.registry import UnknownGame, all_engines, get_engine, slugs


def test_get_engine_returns_the_registered_instance():
    engine = get_engine("hextopia")
    from games.hextopia.engine import ENGINE

    assert engine is ENGINE and get_engine("hextopia") is engine
    assert isinstance(engine, Engine)
    assert (engine.slug, engine.name, engine.min_seats, engine.max_seats) == ("hextopia", "Hextopia", 2, 6)


def test_all_engines_follow_the_catalogue_order():
    engines = all_engines()
    assert [e.slug for e in engines] == slugs()
    assert "hextopia" in slugs()
    for engine in engines:
        assert isinstance(engine, Engine) and "random" in engine.bots()


@pytest.mark.parametrize("slug", ["chess", "", "HEXTOPIA", None, 3, ("hextopia",)])
def test_unknown_game(slug):
    with pytest.raises(UnknownGame):
        get_engine(slug)
