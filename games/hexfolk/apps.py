"""Django side of Hexfolk: the board and player templates, the static module and the lobby's
words for the map option. The rules live in the pure engine (``games.hexfolk.engine``)."""
from django.apps import AppConfig

STANDARD_LABEL = "Standard island: 19, 30 or 44 hexes by player count"
MAP_LABEL = "{name}: {hexes} hexes, {low}-{high} players"


def map_labels() -> dict[str, str]:
    """Map option value -> label naming its size and recommended player counts, e.g.
    ``{"lagoon": "Small lagoon: 12 hexes, 2-3 players"}`` (from the map files)."""
    from games.hexfolk.engine.board import load_map, map_slugs
    from games.hexfolk.engine.rules import STANDARD_MAP

    labels = {STANDARD_MAP: STANDARD_LABEL}
    for slug in map_slugs():
        spec = load_map(slug)
        labels.setdefault(slug, MAP_LABEL.format(name=spec.name, hexes=len(spec.hexes),
                                                 low=spec.players[0], high=spec.players[1]))
    return labels


class HexfolkConfig(AppConfig):
    """Hexfolk's app: templates ``hexfolk/board.html`` and ``hexfolk/hand.html``, static
    ``hexfolk/*.js``."""

    name = "games.hexfolk"
    label = "hexfolk"
    verbose_name = "Hexfolk"

    def option_value_labels(self) -> dict[str, dict[str, str]]:
        """Labels of enum option values for the lobby form: ``{"map": {slug: label}}``."""
        return {"map": map_labels()}
