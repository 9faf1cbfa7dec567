"""Django side of HexBoard Words: templates ``hexboard_words/board.html``, ``hand.html`` and
``rules.html`` and the static ES modules ``hexboard_words/*.js`` (declared in the engine's
``ui``). The rules live in the pure engine (``games.hexboard_words.engine``)."""
from django.apps import AppConfig


class HexboardWordsConfig(AppConfig):
    name = "games.hexboard_words"
    label = "hexboard_words"
    verbose_name = "HexBoard Words"
