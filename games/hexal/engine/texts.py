"""Hexal's view texts (``games.texts``): phase line, seat summaries, seat colour names and the
cards named in them. ``makemessages`` gathers these constants (``i18n.collect``); the card
words take the contexts of the game's ES modules (``cards.js``)."""
from games.hexal.engine.cards import COLOURS as _CARD_COLOURS
from games.hexal.engine.cards import SHAPES as _SHAPES
from games.texts import InContext, Plural, gettext_noop

SEAT_COLOUR_NAMES = {c: gettext_noop(c) for c in
                     ("teal", "magenta", "brown", "indigo", "olive", "slate", "pink", "black")}
CARD_COLOURS = {c: InContext("Hexal colour", c) for c in _CARD_COLOURS}
STAR_COLOURS = {c: InContext("Hexal star colour", c) for c in _CARD_COLOURS}  # a feminine noun in French
SHAPES = {s: InContext("Hexal shape", s) for s in _SHAPES}
CARD = gettext_noop("{colour} {shape} {number}")
NAMES_TARGET_OR_DRAW = gettext_noop("{who} names a target card, or discards and draws.")
NAMES_TARGET_OR_PASS = gettext_noop("{who} names a target card, or passes.")
PLACES_AROUND = gettext_noop("{who} places cards around the {card}.")
WHY_PASSES = gettext_noop("the deck is empty and every player passed in a row")
WHY_SCORE = gettext_noop("the round is finished after a player reached {target} points")
OVER_ONE_WINS = gettext_noop("Game over ({why}): {winner} wins.")
OVER_WIN = gettext_noop("Game over ({why}): {winners} win.")
CARDS = Plural("{n} card", "{n} cards")
POINTS = Plural("{n} point", "{n} points")
STACK = gettext_noop("stack {n}")

# The result table's score column (EngineBase.score_column).
SCORE_LABEL = gettext_noop("Total points")
