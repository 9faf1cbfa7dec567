"""Hexal Classic engine (pure Python, no Django): ``ENGINE`` is the instance the platform uses."""
from games.hexal.engine.engine import HexalEngine

ENGINE = HexalEngine()

__all__ = ["ENGINE", "HexalEngine"]
