"""HexBoard Words' view texts (``games.texts``): phase line, seat summaries, colour names.
``makemessages`` gathers these constants (``i18n.collect``)."""
from games.hexboard_words.engine.constants import COLOURS as _COLOURS
from games.texts import Plural, gettext_noop

COLOUR_NAMES = {name: gettext_noop(name) for _, name in _COLOURS}
TO_PLAY = gettext_noop("{who} to play: match a letter, complete a word-card or steal a word")
OVER_CARDS = gettext_noop("Game over: {names} made and kept {target} word-cards")
OVER_BAG = gettext_noop("Game over: the bag is empty and a full round made no word; most word-cards: {names}")
WORD_CARDS = Plural("{n} word-card", "{n} word-cards")
TEAM = gettext_noop("team {team}: {n}")

# The result table's score column (EngineBase.score_column).
SCORE_LABEL = gettext_noop("Word-cards held")
SCORE_NOTE = gettext_noop("The first to hold enough word-cards wins (with a partner, the team); the others rank by word-cards held, the most first (a team by its total).")
