"""Hexcrement engine (pure Python, no Django): ``ENGINE`` is the instance the registry serves."""
from games.hexcrement.engine.engine import HexcrementEngine

ENGINE = HexcrementEngine()

__all__ = ["ENGINE", "HexcrementEngine"]
