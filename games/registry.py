"""Slug -> engine lookup, pure Python (no Django), shared by the platform, bots, benches and tests.

``get_engine("hextopia")`` returns the engine instance; ``all_engines()`` lists them in catalogue
order. Raises ``UnknownGame`` for a slug that is not registered.
"""
from __future__ import annotations

import importlib

from games.protocol import Engine

# slug -> "module:attribute" of the engine instance; imported lazily so a tool that needs one
# game does not pay for all of them.
_ENGINES: dict[str, str] = {
    "hextopia": "games.hextopia.engine:ENGINE",
    "hexfolk": "games.hexfolk.engine:ENGINE",
}
_cache: dict[str, Engine] = {}


class UnknownGame(LookupError):
    """No engine is registered under that slug."""


def get_engine(slug: str) -> Engine:
    """The engine registered under ``slug``; raises ``UnknownGame``."""
    try:
        return _cache[slug]
    except KeyError:
        pass
    try:
        target = _ENGINES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {slug!r}") from None
    module, attr = target.split(":")
    engine = getattr(importlib.import_module(module), attr)
    _cache[slug] = engine
    return engine


def all_engines() -> list[Engine]:
    """Every registered engine, in catalogue order."""
    return [get_engine(slug) for slug in _ENGINES]


def slugs() -> list[str]:
    """The registered slugs, in catalogue order."""
    return list(_ENGINES)
