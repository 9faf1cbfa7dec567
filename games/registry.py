"""The one list of games, pure Python (no Django), shared by the platform, bots, benches and tests.

A game is the package ``games.<package>``: its engine is ``games.<package>.engine.ENGINE`` (an
``EngineBase``), its Django app is the package itself (settings take ``app_names()``). Adding a
game is adding its folder and one line to ``GAMES``. ``get_engine("hextopia")`` returns the
engine instance; ``all_engines()`` lists them in catalogue order. Raises ``UnknownGame`` for a
slug that is not registered.
"""
from __future__ import annotations

import importlib

from games.protocol import EngineBase

# slug -> package under games/, in catalogue order. Engines are imported lazily so a tool
# that needs one game does not pay for all of them.
GAMES: dict[str, str] = {
    "hextopia": "games.hextopia",
    "hexcrement": "games.hexcrement",
    "hexal": "games.hexal",
    "hexfolk": "games.hexfolk",
    "hexboard-words": "games.hexboard_words",
}
_cache: dict[str, EngineBase] = {}


class UnknownGame(LookupError):
    """No engine is registered under that slug."""


def get_engine(slug: str) -> EngineBase:
    """The engine registered under ``slug``; raises ``UnknownGame``."""
    try:
        return _cache[slug]
    except (KeyError, TypeError):
        pass
    try:
        package = GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {slug!r}") from None
    engine = importlib.import_module(f"{package}.engine").ENGINE
    _cache[slug] = engine
    return engine


def all_engines() -> list[EngineBase]:
    """Every registered engine, in catalogue order."""
    return [get_engine(slug) for slug in GAMES]


def warm_up_engines() -> None:
    """Every registered engine's ``warm_up`` (at a server process's start)."""
    for engine in all_engines():
        engine.warm_up()


def slugs() -> list[str]:
    """The registered slugs, in catalogue order."""
    return list(GAMES)


def app_names() -> list[str]:
    """The Django apps of the registered games (``INSTALLED_APPS`` takes them from here)."""
    return list(GAMES.values())


def package_of(slug: str) -> str:
    """The package of game ``slug`` (``"games.hexboard_words"``); raises ``UnknownGame``."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {slug!r}") from None


def app_label_of(slug: str) -> str:
    """The Django app label of game ``slug``: the package's last part."""
    return package_of(slug).rsplit(".", 1)[1]
