"""``ENGINE`` of the test game, where the registry looks for it."""
from tests.fake_engine import ENGINE

__all__ = ["ENGINE"]
