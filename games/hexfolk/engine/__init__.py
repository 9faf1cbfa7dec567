"""Hexfolk engine (pure Python, no Django): ``ENGINE`` is the instance the registry serves."""
from games.hexfolk.engine.engine import HexfolkEngine

ENGINE = HexfolkEngine()

__all__ = ["ENGINE", "HexfolkEngine"]
