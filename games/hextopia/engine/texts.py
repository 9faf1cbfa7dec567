"""Hextopia's view texts (``games.texts``): phase line, seat summaries, colour names and the
labels of ``moves``. ``makemessages`` gathers these constants (``i18n.collect``)."""
from games.texts import Plural, gettext_noop

COLOUR_NAMES = {c: gettext_noop(c) for c in ("red", "blue", "green", "yellow", "purple", "orange")}
GAME_OVER = gettext_noop("Game over")
DEAL_HAND = gettext_noop("Deal {deal}, hand {hand}")
CARDS = Plural("{n} card", "{n} cards")
IN_HEXTOPIA = gettext_noop("{n}/{pieces} in HEXTOPIA")
SITTING_OUT = gettext_noop("sitting out")
DEALER = gettext_noop("dealer")
PIECE = gettext_noop("{colour} piece {n}")
AT_HOME = gettext_noop("HOME")
AT_START = gettext_noop("START")
IN_HEXTOPIA_SLOT = gettext_noop("HEXTOPIA {n}")
ON_SPACE = gettext_noop("space {n}")
EXCHANGE = gettext_noop("{card}: exchange {piece} ({place}) with {other} ({other_place})")
JOKER_SEND = gettext_noop("JOKER: send {piece} from {place} back to its START")
ENTER = gettext_noop("{card}: move {piece} from HOME to START")
MOVE = gettext_noop("{card}: move {piece} from {place} to {to}")
MOVE_BACK = gettext_noop("{card}: move {piece} back from {place} to {to}")
AND_CAPTURE = gettext_noop("{move} and send {piece} HOME")
DISCARD = gettext_noop("Discard {card}")
SIT_OUT = gettext_noop("Discard your whole hand and sit out until the next hand")

# The result table's score column (EngineBase.score_column).
SCORE_LABEL = gettext_noop("Progress of the pieces")
SCORE_NOTE = gettext_noop("The first to bring all four pieces into HEXTOPIA wins (with a partner, the team); the others rank by their progress, the most first (a team by its total).")
