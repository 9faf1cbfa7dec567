"""What a person's client is shown (games/protocol.py ``client_legal_actions``) and the
hourglass as the game's own turn time (``clock_seconds``)."""
import json

from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.legal import MATCH_TEMPLATE, STEAL_TEMPLATE
from games.protocol import EngineBase
from tests.games.hexboard_words.helpers import position

FRESH = [("act", "ac."), ("dog", "..."), ("sun", "..."), ("pen", "..."), ("red", "..."), ("hat", "...")]


def shapes(actions):
    return sorted((a["type"], tuple(sorted(a))) for a in actions)


def test_the_client_gets_templates_not_the_answers():
    """Issue 11, point 6: "a steal composer (choose a word and board tiles, arrange the
    letters ...)": the player finds steals and completions; the list a person's client is
    shown names neither a steal's word nor the card a board letter completes."""
    rich = position(board="ert", slots=FRESH, held=[[], [("ace", "act")]])  # t completes "act"; act -> cater
    legal = ENGINE.legal_actions(rich, 0)
    assert {"type": "steal", "target": "act", "word": "cater"} in legal
    assert {"type": "match", "slot": 0, "position": 2, "letter": "t"} in legal
    shown = ENGINE.client_legal_actions(rich, 0)
    assert shown == [{"type": "end_turn"}, MATCH_TEMPLATE, STEAL_TEMPLATE]
    text = json.dumps(shown)
    assert "cater" not in text and '"t"' not in text and "act" not in text
    # The same list where no steal exists and nothing completes: it tells nothing either way.
    poor = position(board="qzx", slots=FRESH, held=[[], [("ace", "act")]])
    assert not [a for a in ENGINE.legal_actions(poor, 0) if a["type"] != "end_turn"]
    assert ENGINE.client_legal_actions(poor, 0) == shown


def test_every_legal_action_fits_a_template_shown():
    st = position(board="ertsa", slots=FRESH, held=[[], [("ace", "act")]])
    shown = shapes(ENGINE.client_legal_actions(st, 0))
    assert set(shapes(ENGINE.legal_actions(st, 0))) <= set(shown)


def test_templates_only_where_the_move_could_apply():
    """No steal template without an opponent's word or a board tile; nothing for a seat that
    is not to act (the contract's ``[]``)."""
    st = position(board="ert", slots=FRESH, held=[[("ace", "act")], []])  # only our own word
    assert ENGINE.client_legal_actions(st, 0) == [{"type": "end_turn"}, MATCH_TEMPLATE]
    assert ENGINE.client_legal_actions(st, 1) == []
    empty = position(board="", slots=FRESH, held=[[], [("ace", "act")]])
    assert ENGINE.client_legal_actions(empty, 0) == [{"type": "end_turn"}]


def test_the_hourglass_is_the_turn_time():
    """Rule 3B "Set the hourglass timer to begin your turn"; the interpretation: "the turn
    clock (default 60 s, 30-180 s in the lobby)". The option replaces the lobby's time."""
    assert ENGINE.clock_seconds(ENGINE.validate_options({})) == 60
    assert ENGINE.clock_seconds(ENGINE.validate_options({"turn_seconds": 90})) == 90
    assert ENGINE.clock_seconds({}) == 60 and ENGINE.clock_seconds({"turn_seconds": True}) == 60
    assert EngineBase().clock_seconds({"turn_seconds": 90}) is None  # other games: the lobby's
