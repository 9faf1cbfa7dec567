"""Hextopia engine (pure Python, no Django): ``ENGINE`` is the instance the registry serves."""
from games.hextopia.engine.engine import HextopiaEngine

ENGINE = HextopiaEngine()

__all__ = ["ENGINE", "HextopiaEngine"]
