"""HexBoard Words engine (pure Python, no Django): ``ENGINE`` is the instance the registry serves."""
from games.hexboard_words.engine.engine import HexBoardWordsEngine

ENGINE = HexBoardWordsEngine()

__all__ = ["ENGINE", "HexBoardWordsEngine"]
