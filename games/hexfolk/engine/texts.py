"""Hexfolk's view texts (``games.texts``): phase line, seat summaries, colour names.
``makemessages`` gathers these constants (``i18n.collect``)."""
from games.hexfolk.engine.rules import PHASE_TEXT as _PHASES
from games.hexfolk.engine.rules import SEAT_COLOURS as _COLOURS
from games.texts import Plural, gettext_noop

PHASE_TEXT = {phase: gettext_noop(words) for phase, words in _PHASES.items()}
COLOUR_NAMES = {name: gettext_noop(name) for name, _ in _COLOURS}
CARDS = Plural("{n} card", "{n} cards")
DEV = gettext_noop("{n} dev")
POINTS = Plural("{n} point", "{n} points")
KNIGHTS = Plural("{n} knight", "{n} knights")
ROAD = gettext_noop("road {n}")
LONGEST_ROAD = gettext_noop("Longest Road")
LARGEST_ARMY = gettext_noop("Largest Army")
MUST_DISCARD = gettext_noop("must discard {n}")


def _map_names() -> dict[str, str]:
    from games.hexfolk.engine.board import load_map, map_slugs  # the map files, read once
    return {slug: load_map(slug).name for slug in map_slugs()}


MAP_NAMES = _map_names()  # the view's "map": {"name"}

# The result table's score column (EngineBase.score_column).
SCORE_LABEL = gettext_noop("Victory points")
