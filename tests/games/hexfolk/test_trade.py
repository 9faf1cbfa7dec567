"""Trade (rules, "Trade"; interpretation, "Trading")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.rules import GENERIC_HARBOR, RESOURCE_INDEX
from games.hexfolk.engine.state import MAIN, TRADE
from games.protocol import IllegalAction
from tests.games.hexfolk.helpers import act, cards, give, main_phase, pre_roll, put_settlement

ORE = RESOURCE_INDEX["ore"]


def bank_trades(st, seat):
    return [a for a in ENGINE.legal_actions(st, seat) if a["type"] == "bank_trade"]


def test_bank_four_to_one():
    """Rules: "With the bank: 4 identical resources for 1 of your choice, at any time during
    your own turn." """
    st = give(main_phase(2), 0, ore=4)
    assert {"type": "bank_trade", "give": "ore", "get": "wool", "rate": 4} in bank_trades(st, 0)
    st, _ = act(st, 0, {"type": "bank_trade", "give": "ore", "get": "wool", "rate": 4})
    assert cards(st, 0) == {"wool": 1}
    short = give(main_phase(2), 0, ore=3)
    with pytest.raises(IllegalAction) as err:
        act(short, 0, {"type": "bank_trade", "give": "ore", "get": "wool"})
    assert err.value.message == E.NOT_IN_HAND.message


def harbor_node(st, kind):
    b = st.board
    for nodes, k in zip(b.topo.harbor_nodes, b.harbor_kind, strict=True):
        if k == kind:
            return nodes[0]
    raise AssertionError(kind)


def test_generic_harbor_three_to_one_and_special_two_to_one():
    """Rules: "Via harbors: With a settlement or city at a generic harbor you trade 3:1; at a
    special harbor, 2 cards of that type for 1 of your choice." Interpretation: "every rate you
    qualify for is offered"."""
    st = main_phase(2)
    st = put_settlement(st, 0, harbor_node(st, GENERIC_HARBOR))
    st = give(st, 0, wool=3)
    assert {"type": "bank_trade", "give": "wool", "get": "ore", "rate": 3} in bank_trades(st, 0)
    new, _ = act(st, 0, {"type": "bank_trade", "give": "wool", "get": "ore", "rate": 3})
    assert cards(new, 0) == {"ore": 1}
    st = main_phase(2)
    st = put_settlement(st, 0, harbor_node(st, ORE))
    st = give(st, 0, ore=2, wool=2)
    rates = {(a["give"], a["rate"]) for a in bank_trades(st, 0)}
    assert ("ore", 2) in rates and ("wool", 2) not in rates
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "bank_trade", "give": "wool", "get": "ore", "rate": 2})
    assert err.value.message == E.BANK_RATE.message


def test_no_trade_for_what_the_bank_lacks():
    """Interpretation: "no trade for what the bank lacks"."""
    st = give(main_phase(2), 0, ore=4)
    st = st.clone()
    st.hands[1][2] += st.bank[2]
    st.bank[2] = 0
    assert all(a["get"] != "wool" for a in bank_trades(st, 0))
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "bank_trade", "give": "ore", "get": "wool"})
    assert err.value.message == E.BANK_LACKS.message


def test_no_trade_before_the_roll():
    """Rules: "A turn has three parts, which you play in this order. 1. Roll the dice" before
    trade."""
    st = pre_roll(give(main_phase(2), 0, ore=4))
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "bank_trade", "give": "ore", "get": "wool"})
    assert err.value.message == E.ROLL_FIRST.message


def test_offer_accept_confirm_moves_cards_atomically():
    """Rules: "You put together an offer, for example 2 lumber for 1 ore. The others accept,
    decline or make a counter-offer." Interpretation: "the active player confirms with one
    acceptor; the resources move atomically"."""
    st = give(main_phase(3), 0, lumber=2)
    st = give(st, 1, ore=1)
    st = give(st, 2, ore=1)
    offer = {"type": "offer_trade", "give": {"lumber": 2}, "get": {"ore": 1}, "to": [1, 2]}
    st, _ = act(st, 0, offer)
    assert st.phase == TRADE and ENGINE.to_act(st) == (0, 1, 2)
    st, _ = act(st, 1, {"type": "accept_trade"})
    st, _ = act(st, 2, {"type": "decline_trade"})
    assert ENGINE.to_act(st) == (0,)
    assert {"type": "confirm_trade", "with": 1} in ENGINE.legal_actions(st, 0)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "confirm_trade", "with": 2})
    assert err.value.message == E.CONFIRM_WITH.message
    st, events = act(st, 0, {"type": "confirm_trade", "with": 1})
    assert cards(st, 0) == {"ore": 1} and cards(st, 1) == {"lumber": 2} and cards(st, 2) == {"ore": 1}
    assert st.phase == MAIN and st.trade is None and events[-1]["type"] == "trade_done"


def test_counter_offer_is_confirmed_on_its_own_terms():
    """Rules: "The others accept, decline or make a counter-offer. Any ratio is allowed, gifts
    too." """
    st = give(main_phase(2), 0, lumber=2, brick=1)
    st = give(st, 1, ore=2)
    st, _ = act(st, 0, {"type": "offer_trade", "give": {"lumber": 2}, "get": {"ore": 1}})
    st, _ = act(st, 1, {"type": "counter_trade", "give": {"ore": 2}, "get": {"lumber": 2, "brick": 1}})
    st, _ = act(st, 0, {"type": "confirm_trade", "with": 1})
    assert cards(st, 0) == {"ore": 2} and cards(st, 1) == {"lumber": 2, "brick": 1}


def test_gift_and_withdraw():
    """Rules: "Any ratio is allowed, gifts too." Interpretation: the active player may withdraw."""
    st = give(main_phase(2), 0, wool=1)
    st, _ = act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {}, "to": [1]})
    st2, _ = act(st, 1, {"type": "accept_trade"})
    st2, _ = act(st2, 0, {"type": "confirm_trade", "with": 1})
    assert cards(st2, 1) == {"wool": 1}
    st3, events = act(st, 0, {"type": "withdraw_trade"})
    assert st3.trade is None and st3.phase == MAIN and cards(st3, 0) == {"wool": 1}


def test_everyone_declining_closes_the_offer():
    """RULES.md: when every addressed player declines, the offer closes by itself."""
    st = give(main_phase(3), 0, wool=1)
    st, _ = act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    st, _ = act(st, 1, {"type": "decline_trade"})
    st, events = act(st, 2, {"type": "decline_trade"})
    assert st.phase == MAIN and events[-1] == {"type": "trade_closed", "reason": "declined"}


def test_offer_rules():
    """Interpretation: "the active player posts an offer (any ratio, gifts allowed) to all or
    some players" with the active player as one party."""
    st = give(main_phase(3), 0, wool=1)
    for offer, rule in (
        ({"give": {}, "get": {}}, E.OFFER_EMPTY),
        ({"give": {"wool": 1}, "get": {"wool": 1}}, E.OFFER_OVERLAP),
        ({"give": {"wool": 2}, "get": {"ore": 1}}, E.NOT_IN_HAND),
        ({"give": {"wool": 1}, "get": {"ore": 1}, "to": [0]}, E.OFFER_TARGETS),
        ({"give": {"wool": 1}, "get": {"ore": 1}, "to": []}, E.OFFER_TARGETS),
        ({"give": {"wool": -1}, "get": {"ore": 1}}, E.BAD_CARDS),
        ({"give": {"gold": 1}, "get": {"ore": 1}}, E.BAD_RESOURCE),
    ):
        with pytest.raises(IllegalAction) as err:
            act(st, 0, {"type": "offer_trade", **offer})
        assert err.value.message == rule.message
    with pytest.raises(IllegalAction) as err:
        act(st, 1, {"type": "offer_trade", "give": {}, "get": {"ore": 1}})
    assert err.value.message == E.NOT_YOUR_TURN.message


def test_accept_needs_the_cards_asked_for():
    """Rules: a trade moves cards the players hold."""
    st = give(main_phase(2), 0, wool=1)
    st, _ = act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    assert {"type": "accept_trade"} not in ENGINE.legal_actions(st, 1)
    with pytest.raises(IllegalAction) as err:
        act(st, 1, {"type": "accept_trade"})
    assert err.value.message == E.CANNOT_ACCEPT.message


def test_end_turn_withdraws_the_offer():
    """Interpretation: "a pending trade is withdrawn" when the turn ends."""
    st = give(main_phase(2), 0, wool=1)
    st, _ = act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    st, events = act(st, 0, {"type": "end_turn"})
    assert st.trade is None and st.turn == 1
    assert {"type": "trade_closed", "reason": "withdrawn"} in events


def test_the_suggested_offer_goes_only_to_players_who_can_pay():
    """Issue 8: "a bot does not offer a trade to a player who cannot pay": the offer template
    (what the random bot plays) addresses only players holding at least the cards asked."""
    st = main_phase(4, turn=0)
    st = give(give(st, 0, lumber=2), 2, ore=1)
    offer_t = [a for a in ENGINE.legal_actions(st, 0) if a["type"] == "offer_trade"]
    assert len(offer_t) == 1 and offer_t[0]["to"] == [2]
    empty = main_phase(4, turn=0)
    empty = give(empty, 0, lumber=2)
    assert not [a for a in ENGINE.legal_actions(empty, 0) if a["type"] == "offer_trade"]
