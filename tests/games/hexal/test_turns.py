"""A turn: naming a target, placing cards around it, taking back, ending, drawing (rules 5-12)."""
from __future__ import annotations

from games.hexal.engine import errors as E
from games.hexal.engine.board import key_of
from games.hexal.engine.cards import ID_OF
from tests.games.hexal.helpers import ENGINE, act, position, refused

HAND = ["RC2", "RT2", "BX5", "GH4", "YS3", "PP6"]
SIDES = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def lone_target(**kw):
    """RC1 alone on the table, seat 0 to act with HAND."""
    return position(2, table={(0, 0): ["RC1"]}, hands={0: HAND}, **kw)


def place(card, q, r):
    return {"type": "place", "card": card, "q": q, "r": r}


def test_the_first_target_is_the_initial_card():
    """Rule 7: "(for the first turn, the initial target card is the only card in play)" """
    st = position(2, table={(0, 0): ["RC1"]})
    targets = [a for a in ENGINE.legal_actions(st, 0) if a["type"] == "target"]
    assert targets in ([{"type": "target", "card": "RC1"}], [])




def test_the_target_is_a_card_in_play():
    """Rule 7: "The current player determines a target card from cards in play" """
    st = lone_target()
    err = refused(st, 0, {"type": "target", "card": "RT2"})
    assert (err.code, err.message) == E.NOT_IN_PLAY
    assert err.message == "Rule 7: the target is a card in play, on the table."
    new, events = act(st, {"type": "target", "card": "RC1"})
    assert new.phase == "play" and new.target == ID_OF["RC1"]
    assert events == [{"type": "target", "seat": 0, "card": "RC1", "q": 0, "r": 0, "level": 0}]


def test_a_card_goes_on_one_of_six_sides_or_on_top():
    """Rule 8: "Cards with a matching attribute may be played on any of the target card's six
    sides and one card may be played on top." """
    st, _ = act(lone_target(), {"type": "target", "card": "RC1"})
    cells = [(a["q"], a["r"]) for a in ENGINE.legal_actions(st, 0) if a["type"] == "place" and a["card"] == "RC2"]
    assert cells == [(0, 0), *SIDES]
    on_top, events = act(st, place("RC2", 0, 0))
    assert on_top.table[key_of(0, 0)] == (ID_OF["RC1"], ID_OF["RC2"])
    assert events[0]["level"] == 1
    err = refused(on_top, 0, place("RT2", 0, 0))
    assert (err.code, err.message) == E.TOP_TAKEN


def test_cards_are_placed_in_direct_contact_with_the_target():
    """Rule 7: "They may play as many cards with matching attributes from their hand as they
    wish by placing them in direct contact to the designated target card." """
    st, _ = act(lone_target(), {"type": "target", "card": "RC1"})
    err = refused(st, 0, place("RC2", 2, 0))
    assert (err.code, err.message) == E.NOT_TOUCHING_TARGET
    two, _ = act(st, place("RC2", 1, 0), place("RT2", 1, -1))
    assert two.placed == (ID_OF["RC2"], ID_OF["RT2"])
    # a card placed this turn is not the target: building off it is refused
    err = refused(two, 0, place("YS3", 2, -1))
    assert (err.code, err.message) == E.NOT_TOUCHING_TARGET


def test_a_card_must_match_the_target():
    """Rule 5: "Any player may play cards from their hand during their turn as long as they
    match one of the attributes (color, shape, or number) of the target card." """
    st, _ = act(lone_target(), {"type": "target", "card": "RC1"})
    err = refused(st, 0, place("BX5", 1, 0))
    assert (err.code, err.message) == E.NO_MATCH
    assert not any(a.get("card") == "BX5" for a in ENGINE.legal_actions(st, 0) if a["type"] == "place")


def test_a_card_must_match_every_card_it_touches():
    """Rule 9: "All cards played must have at least one matching attribute with every card they
    contact including each side and below." """
    # RC1 at the origin, OT3 beside the side (1, 0): RC2 matches RC1 but shares nothing with OT3...
    st = position(2, table={(0, 0): ["RC1"], (2, -1): ["OT3"]}, hands={0: ["RC2", "OC3", "BX5", "GH4", "YS6", "PP6"]})
    st, _ = act(st, {"type": "target", "card": "RC1"})
    err = refused(st, 0, place("RC2", 1, -1))
    assert (err.code, err.message) == E.NO_MATCH
    assert err.message.startswith("Rule 9: all cards played must have at least one matching attribute")
    # ... while OC3 shares the circle with RC1 and the orange 3 with OT3
    new, events = act(st, place("OC3", 1, -1))
    assert events[0]["points"] == 1 + 2


def test_a_card_must_match_the_card_below():
    """Rule 9: "... every card they contact including each side and below." A side of a raised
    target sits on the neighbouring stack's top card."""
    st = position(2, table={(0, 0): ["RC1", "RT2"], (1, 0): ["GS4"]},
                  hands={0: ["RX2", "GT2", "BX5", "OH6", "YS3", "PP6"]})
    st, _ = act(st, {"type": "target", "card": "RT2"})
    err = refused(st, 0, place("RX2", 1, 0))  # red 2 matches RT2 but not GS4 below
    assert (err.code, err.message) == E.NO_MATCH
    new, events = act(st, place("GT2", 1, 0))  # green matches GS4, triangle 2 matches RT2
    assert events[0]["level"] == 1 and events[0]["points"] == 1 + 2


def test_a_raised_side_needs_support():
    """Interpretation: "on a free side of it (a neighbouring cell at the target's level that is
    supported: level 0, or a stack exactly as high as the target's level)" """
    st = position(2, table={(0, 0): ["RC1", "RT2"], (1, 0): ["GS4"], (0, 1): ["RS5", "RH5"]},
                  hands={0: ["RX2", "GT2", "BX5", "OH6", "YS3", "PP6"]})
    st, _ = act(st, {"type": "target", "card": "RT2"})
    err = refused(st, 0, place("RX2", 1, -1))  # empty cell: a level-1 card would float
    assert (err.code, err.message) == E.SIDE_UNSUPPORTED
    err = refused(st, 0, place("RX2", 0, 1))  # that stack is already above the target's level
    assert (err.code, err.message) == E.SIDE_TAKEN


def test_a_card_placed_this_turn_may_be_taken_back():
    """Interpretation: "a card placed this turn may be taken back before the turn ends" (issue
    10); the table and the running total return to what they were."""
    st0, _ = act(lone_target(), {"type": "target", "card": "RC1"})
    st, _ = act(st0, place("RC2", 1, 0), place("RT2", 1, -1))
    assert ENGINE.view(st, 0)["turn_points"] == 2 + 1 + 2
    back, events = act(st, {"type": "take_back", "card": "RC2"})
    assert events == [{"type": "taken_back", "seat": 0, "card": "RC2", "q": 1, "r": 0, "level": 0}]
    assert ID_OF["RC2"] in back.hands[0] and back.placed == (ID_OF["RT2"],)
    assert ENGINE.view(back, 0)["turn_points"] == 1
    again, _ = act(back, {"type": "take_back", "card": "RT2"})
    assert again.table == st0.table and again.hands == st0.hands and again.spots == st0.spots
    err = refused(again, 0, {"type": "take_back", "card": "RC1"})
    assert (err.code, err.message) == E.NOT_PLACED_THIS_TURN
    # everyone has now seen those two cards in seat 0's hand
    assert ENGINE.view(again, 1)["seats"][0]["shown"] == ["RC2", "RT2"]


def test_the_target_can_be_changed_until_a_card_is_placed():
    """Our reading of rule 7: naming the target is one decision of the turn; with no card
    placed the player may clear it and name another, not once a card is down."""
    st = position(2, table={(0, 0): ["RC1"], (1, 0): ["RT2"]}, hands={0: ["RC2", "BX5", "GH4", "YS3", "PP6", "OT4"]})
    st, _ = act(st, {"type": "target", "card": "RC1"})
    err = refused(st, 0, {"type": "target", "card": "RT2"})
    assert (err.code, err.message) == E.TARGET_ALREADY
    cleared, events = act(st, {"type": "clear_target"})
    assert cleared.phase == "target" and events == [{"type": "target_cleared", "seat": 0}]
    placed, _ = act(st, place("RC2", 0, 0))
    err = refused(placed, 0, {"type": "clear_target"})
    assert (err.code, err.message) == E.ALREADY_PLACED


def test_ending_the_turn_draws_up_to_six():
    """Rule 11: "The current player then draws cards from the top of the deck until they have 6
    cards in their hand." """
    st = lone_target(deck=["OH1", "YH2", "GH3", "BH4"])
    st, _ = act(st, {"type": "target", "card": "RC1"}, place("RC2", 1, 0), place("RT2", 1, -1))
    assert len(st.hands[0]) == 4
    new, events = act(st, {"type": "end_turn"})
    assert len(new.hands[0]) == 6 and {ID_OF["OH1"], ID_OF["YH2"]} <= set(new.hands[0])
    assert new.deck == (ID_OF["GH3"], ID_OF["BH4"])
    assert {"type": "drew", "seat": 0, "count": 2, "from_stack": 0} in events
    assert {"type": "drew_cards", "seat": 0, "cards": ["OH1", "YH2"], "visible_to": [0]} in events


def test_the_personal_stack_is_drawn_before_the_deck():
    """Interpretation: "each player is also dealt a face-down stack of 6 and refills from it
    before the deck." """
    st = lone_target(personal=True, stacks={0: ["OH1"]}, deck=["YH2", "GH3"])
    st, _ = act(st, {"type": "target", "card": "RC1"}, place("RC2", 1, 0), place("RT2", 1, -1))
    new, events = act(st, {"type": "end_turn"})
    assert new.stacks[0] == () and new.deck == (ID_OF["GH3"],)
    assert {ID_OF["OH1"], ID_OF["YH2"]} <= set(new.hands[0])
    assert {"type": "drew", "seat": 0, "count": 2, "from_stack": 1} in events


def test_play_goes_to_the_next_player_on_the_left():
    """Rule 12: "The current player's turn is over and play goes to the next player on the
    left." """
    st = position(3, table={(0, 0): ["RC1"]}, hands={2: HAND}, current=2)
    st, events = act(st, {"type": "target", "card": "RC1"}, place("RC2", 1, 0), {"type": "end_turn"})
    assert st.current == 0 and events[-1] == {"type": "turn", "seat": 0} and st.turn == 1
    assert st.phase == "target" and st.target == -1 and st.placed == ()


def test_end_turn_needs_a_card_placed():
    """Interpretation: "a player who cannot or will not play discards one and draws one"; a
    turn that places nothing is such a turn, not an empty end_turn."""
    st = lone_target()
    err = refused(st, 0, {"type": "end_turn"})
    assert (err.code, err.message) == E.NOTHING_PLACED
    st, _ = act(st, {"type": "target", "card": "RC1"})
    assert (refused(st, 0, {"type": "end_turn"}).code) == E.NOTHING_PLACED.code


def test_discard_one_and_draw_one_when_stuck_or_unwilling():
    """Interpretation: "a player who cannot or will not play discards one card and draws one (or
    passes when the deck is empty)." """
    st = lone_target(deck=["OH1", "YH2"])
    assert {"type": "discard", "card": "RC2"} in ENGINE.legal_actions(st, 0)  # could play, need not
    new, events = act(st, {"type": "discard", "card": "BX5"})
    assert new.discards[-1] == ID_OF["BX5"] and ID_OF["OH1"] in new.hands[0] and len(new.hands[0]) == 6
    assert events[0] == {"type": "discarded", "seat": 0, "card": "BX5"}
    assert new.current == 1 and new.history[0] == (0,)
    err = refused(st, 0, {"type": "pass"})
    assert (err.code, err.message) == E.MUST_DISCARD
    placed, _ = act(st, {"type": "target", "card": "RC1"}, place("RC2", 1, 0))
    err = refused(placed, 0, {"type": "discard", "card": "BX5"})
    assert (err.code, err.message) == E.ALREADY_PLACED


def test_pass_only_when_nothing_can_be_drawn():
    """Interpretation: "... (or passes when the deck is empty)." """
    st = lone_target(deck=[])
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "pass"} in legal and not any(a["type"] == "discard" for a in legal)
    err = refused(st, 0, {"type": "discard", "card": "BX5"})
    assert (err.code, err.message) == E.CANNOT_DRAW
    new, events = act(st, {"type": "pass"})
    assert events[0] == {"type": "passed", "seat": 0, "passes_in_a_row": 1} and new.current == 1
    # with a personal stack left, the player still discards and draws from it
    stacked = lone_target(deck=[], personal=True, stacks={0: ["OH1"]})
    assert {"type": "pass"} not in ENGINE.legal_actions(stacked, 0)


def test_the_clock_restarts_only_when_the_turn_passes():
    """A turn is several actions; placing and taking back do not restart the turn clock."""
    st0 = lone_target()
    st1, ev1 = act(st0, {"type": "target", "card": "RC1"})
    st2, ev2 = act(st1, place("RC2", 1, 0))
    st3, ev3 = act(st2, {"type": "end_turn"})
    assert not ENGINE.clock_restarts(st0, st1, 0, ev1)
    assert not ENGINE.clock_restarts(st1, st2, 0, ev2)
    assert ENGINE.clock_restarts(st2, st3, 0, ev3)
