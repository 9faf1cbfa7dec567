"""Hexcrement's view texts (``games.texts``): phase line, seat summaries, colour names.
``makemessages`` gathers these constants (``i18n.collect``)."""
from games.hexcrement.engine.cards import COLOURS as _COLOURS
from games.texts import Plural, gettext_noop

COLOUR_NAMES = {c: gettext_noop(c) for c in _COLOURS}
ROLLS = gettext_noop("{who} rolls")
MOVES_FORWARD = Plural("{who} moves {n} step forward", "{who} moves {n} steps forward")
MOVES_PERPENDICULAR = Plural("{who} moves {n} cell perpendicular", "{who} moves {n} cells perpendicular")
CHOOSES_PLAYER = gettext_noop("{who} chooses a player for {card}")
CHOOSES_GIFT = gettext_noop("{who} chooses what to give and to whom")
CHOOSES_MORPH = gettext_noop("{who} chooses a face-down card to swap with MORPH")
CHOOSES_PEEK = gettext_noop("{who} chooses a face-down card to PEEK at")
CHOOSES_MUD = gettext_noop("{who} chooses a card to drop in the MUD")
CHOOSES_ODOUR = gettext_noop("{who} chooses which nearest card to follow")
FIGHTS = gettext_noop("{who} fights or spends a SWIPE")
CHOOSES_TAKE = gettext_noop("{who} chooses a dung card to take")
WITH_DASH = gettext_noop("{phase} (DASH: an extra turn, one die)")
OVER_HOME = gettext_noop("Game over: {who} is home with the dung")
OVER_LIMIT = gettext_noop("Game over: the {rounds}-round limit")
DUNG = gettext_noop("{n} dung")
SWIPES = Plural("{n} swipe", "{n} swipes")
CLOCKWISE = gettext_noop("clockwise")
ANTICLOCKWISE = gettext_noop("anticlockwise")

# The result table's score column (EngineBase.score_column).
SCORE_LABEL = gettext_noop("Dung cards carried")
SCORE_NOTE = gettext_noop("The first beetle home with the dung it needs wins; the others rank by the dung cards they carry, the most first.")
