"""Bad input (issue 3, "Bad input"): every refusal names the rule and leaves the state as it
was."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.apply import _SHAPES
from games.protocol import IllegalAction
from tests.budget import examples
from tests.games.hexfolk.helpers import give, give_dev, main_phase, new_game, pre_roll


def refused(st, seat, action, rule):
    before = ENGINE.encode(st)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(st, seat, action)
    assert (err.value.code, err.value.message) == (rule.code, rule.message)
    assert ENGINE.encode(st) == before


@pytest.mark.parametrize("action, rule", [
    ({}, E.NOT_AN_ACTION),
    ("roll", E.NOT_AN_ACTION),
    ({"type": "fly"}, E.NOT_AN_ACTION),
    ({"type": ["roll"]}, E.NOT_AN_ACTION),
    ({"type": "end_turn", "x": 1}, E.BAD_KEYS),
    ({"type": "build_road"}, E.BAD_KEYS),
    ({"type": "build_road", "edge": [0, 40]}, E.BAD_EDGE),
    ({"type": "build_road", "edge": "0-1"}, E.BAD_EDGE),
    ({"type": "build_road", "edge": [0, True]}, E.BAD_EDGE),
    ({"type": "build_settlement", "node": 999}, E.BAD_NODE),
    ({"type": "build_city", "node": "3"}, E.BAD_NODE),
    ({"type": "bank_trade", "give": "gold", "get": "ore"}, E.BAD_RESOURCE),
    ({"type": "bank_trade", "give": "ore", "get": "ore"}, E.SAME_RESOURCE),
    ({"type": "play_monopoly", "resource": 3}, E.BAD_RESOURCE),
    ({"type": "roll"}, E.ALREADY_ROLLED),
    ({"type": "discard", "cards": {"ore": 1}}, E.NO_DISCARD_OWED),
    ({"type": "move_robber", "hex": 3}, E.NOT_NOW),
    ({"type": "accept_trade"}, E.NOT_NOW),
    ({"type": "play_knight"}, E.NO_SUCH_CARD),
    ({"type": "build_city", "node": 3}, E.NO_CITIES_LEFT),
])
def test_malformed_and_out_of_phase_actions(action, rule):
    """Each gets an error naming the rule; nothing changes."""
    st = main_phase(2)
    st = st.clone()
    st.cities_left = [0, 4]
    refused(st, 0, action, rule)


def test_out_of_turn():
    """Rules: "During your turn you have three ways" (only the player whose turn it is acts)."""
    st = give(main_phase(2), 1, ore=4)
    refused(st, 1, {"type": "bank_trade", "give": "ore", "get": "wool"}, E.NOT_YOUR_TURN)
    refused(st, 5, {"type": "end_turn"}, E.NOT_YOUR_TURN)
    refused(st, "0", {"type": "end_turn"}, E.NOT_YOUR_TURN)


def test_build_before_the_roll():
    """Rules: "A turn has three parts, which you play in this order. 1. Roll the dice"."""
    st = pre_roll(give(main_phase(2), 0, lumber=1, brick=1))
    refused(st, 0, {"type": "build_road", "edge": [0, 1]}, E.ROLL_FIRST)
    refused(st, 0, {"type": "end_turn"}, E.ROLL_FIRST)


def test_trade_with_cards_not_held():
    """A trade with resources the player lacks is refused."""
    st = main_phase(2)
    refused(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "get": {"wool": 1}}, E.NOT_IN_HAND)
    refused(st, 0, {"type": "bank_trade", "give": "ore", "get": "wool"}, E.NOT_IN_HAND)


def test_card_bought_this_turn():
    """Rules: "never one that you bought during the same turn"."""
    st = give_dev(main_phase(2), 0, "monopoly").clone()
    st.dev_new = [0, 0, 0, 0, 1]
    refused(st, 0, {"type": "play_monopoly", "resource": "ore"}, E.CARD_BOUGHT_THIS_TURN)


def test_every_rule_has_distinct_words():
    rules = [v for v in vars(E).values() if isinstance(v, E.Rule)]
    messages = [r.message for r in rules]
    assert len(set(messages)) == len(messages)


JSONISH = hs.recursive(
    hs.none() | hs.booleans() | hs.integers(-3, 200) | hs.sampled_from(["ore", "wool", "x", ""]),
    lambda inner: hs.lists(inner, max_size=4) | hs.dictionaries(
        hs.sampled_from(["ore", "wool", "grain", "lumber", "brick", "gold"]), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["node", "edge", "hex", "victim", "cards", "count", "resources", "resource", "give", "get",
          "rate", "to", "with", "x"]


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=hs.sampled_from(sorted(_SHAPES) + ["play_victory_point", "nope"]),
       fields=hs.dictionaries(hs.sampled_from(FIELDS), JSONISH, max_size=4),
       seat=hs.integers(-1, 3), phase_state=hs.sampled_from(["main", "trade", "discard", "setup"]))
def test_garbage_never_crashes(kind, fields, seat, phase_state):
    """Bad input never crashes and never changes state (DEVELOPERS.md)."""
    st = give(main_phase(3), 0, ore=4, wool=2)
    st = give(st, 1, ore=9)
    if phase_state == "trade":
        st, _ = ENGINE.apply(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    elif phase_state == "discard":
        st = st.clone()
        st.phase = "discard"
        st.discard_owed = [0, 4, 0]
    elif phase_state == "setup":
        st = new_game(3)
    before = ENGINE.encode(st)
    try:
        ENGINE.apply(st, seat, {"type": kind, **fields})
    except IllegalAction:
        pass
    assert ENGINE.encode(st) == before
    ENGINE.legal_actions(st, seat)
