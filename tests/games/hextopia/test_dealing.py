"""Choosing the dealer, dealing HANDs and DEALs, and who plays first."""
from __future__ import annotations

import random

import pytest

from games.hextopia.engine.constants import DRAW_ORDER, HAND_SIZES
from tests.games.hextopia.helpers import ENGINE, card_count, seats_for

# Players -> (HANDs per DEAL, cards per HAND in order, cards left over) for 52 and 54 cards.
SCHEDULE = {
    2: ([4] * 6, 4, 6),
    3: ([4] * 4, 4, 6),
    4: ([5, 4, 4], 0, 2),
    5: ([5] * 2, 2, 4),
    6: ([4] * 2, 4, 6),
}


def deals_of(players: int, jokers: bool, seed: int, deals: int = 3) -> list[dict]:
    """The ``dealt`` events (setup's included) of a random game, until ``deals`` DEALs began."""
    rng = random.Random(seed)
    st = ENGINE.setup({"jokers": jokers}, seats_for(players), seed)
    events = [e for e in ENGINE.setup_events(st) if e["type"] == "dealt"]
    events[0]["undealt"] = len(st.deck)
    events[0]["turn"] = st.turn
    while st.deal <= deals and ENGINE.to_act(st):
        seat = st.turn
        st, evs = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
        for e in evs:
            if e["type"] == "dealt":
                events.append(dict(e, undealt=len(st.deck), turn=st.turn))
    return events


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_high_card_deals_ace_high_and_ties_draw_again(players):
    """Rules: "To determine the dealer each player is dealt a card face up and high card deals." """
    for seed in range(40):
        st = ENGINE.setup({}, seats_for(players), seed)
        rounds = st.dealer_draw
        assert [s for s, _ in rounds[0]] == list(range(players))
        for earlier, later in zip(rounds, rounds[1:], strict=False):
            best = max(DRAW_ORDER.index(c[0]) for _, c in earlier)
            tied = [s for s, c in earlier if DRAW_ORDER.index(c[0]) == best]
            assert len(tied) > 1 and [s for s, _ in later] == tied
        last = rounds[-1]
        best = max(DRAW_ORDER.index(c[0]) for _, c in last)
        winners = [s for s, c in last if DRAW_ORDER.index(c[0]) == best]
        assert winners == [st.dealer]


def test_ace_is_the_high_card_in_the_dealer_draw():
    """Rules: "high card deals" (our reading: Ace high, a tie for high card draws again)."""
    checked = seen_tie = 0
    for seed in range(300):
        st = ENGINE.setup({}, seats_for(6), seed)
        last = dict(st.dealer_draw[-1])
        ranks = {c[0] for c in last.values()}
        if "A" in ranks and "K" in ranks:
            assert last[st.dealer][0] == "A"
            checked += 1
        seen_tie += len(st.dealer_draw) > 1
    assert checked and seen_tie


def test_dealer_draw_is_a_public_event():
    """Rules: "each player is dealt a card face up" """
    st = ENGINE.setup({}, seats_for(4), 11)
    events = ENGINE.setup_events(st)
    draw = events[0]
    assert draw["type"] == "dealer_draw" and "visible_to" not in draw
    assert draw["dealer"] == st.dealer
    assert draw["rounds"][0] == [{"seat": s, "card": c} for s, c in st.dealer_draw[0]]
    assert ENGINE.view(st, None)["dealer_draw"] == draw["rounds"]


@pytest.mark.parametrize("jokers", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hands_per_deal_follow_the_player_count(players, jokers):
    """Rules: "2-3 Players: FOUR cards are dealt for each HAND. 4 Players: FIVE cards are dealt for
    first HAND, FOUR cards for second HAND, FOUR cards for third HAND. 5 Players: FIVE cards are
    dealt for each HAND. 6 Players: FOUR cards are dealt for each HAND." """
    sizes, left52, left54 = SCHEDULE[players]
    events = deals_of(players, jokers, seed=players)
    first_deal = [e for e in events if e["deal"] == 1]
    assert [e["hand_sizes"] for e in first_deal] == [[size] * players for size in sizes]
    assert [e["hand_number"] for e in first_deal] == list(range(1, len(sizes) + 1))
    assert first_deal[-1]["undealt"] == (left54 if jokers else left52)
    assert HAND_SIZES[players][0] == sizes[0]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_two_or_four_cards_are_left_over_except_with_four_players(players):
    """Rules: "In all cases except 4 Players there will be either two or four cards left at the
    end of the dealer's DEAL. These aren't played and are to be shuffled into the next dealer's
    DEAL." """
    events = deals_of(players, False, seed=20 + players)
    last_of_deal1 = [e for e in events if e["deal"] == 1][-1]
    assert last_of_deal1["undealt"] in (2, 4)
    second = [e for e in events if e["deal"] == 2][0]
    # the new DEAL is a fresh shuffle of the whole deck: only this HAND is out of it
    assert second["undealt"] == 52 - players * second["hand_sizes"][0]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_dealer_rotates_left_after_each_deal_and_play_starts_left_of_the_dealer(players):
    """Rules: "Once their DEAL is complete the player to the left becomes the new DEALER." and
    "Each player plays a card in turn beginning with the player to the left of the dealer." """
    events = deals_of(players, False, seed=3, deals=3)
    first = events[0]["dealer"]
    for e in events:
        assert e["dealer"] == (first + e["deal"] - 1) % players
        assert e["turn"] == (e["dealer"] + 1) % players
        assert e["new_deal"] == (e["hand_number"] == 1)


def test_each_seat_gets_its_hand_as_a_private_event():
    """Rules: "HANDs should not be shown to other players including teammates." """
    st = ENGINE.setup({}, seats_for(3), 5)
    hand_events = [e for e in ENGINE.setup_events(st) if e["type"] == "hand"]
    assert [(e["seat"], e["visible_to"]) for e in hand_events] == [(0, [0]), (1, [1]), (2, [2])]
    assert [tuple(e["cards"]) for e in hand_events] == list(st.hands)


@pytest.mark.parametrize("jokers", [False, True])
def test_jokers_are_removed_unless_the_variant_is_on(jokers):
    """Rules: "JOKER: Removed from the deck of cards." """
    st = ENGINE.setup({"jokers": jokers}, seats_for(2), 9)
    cards = card_count(st)
    assert sum(cards.values()) == (54 if jokers else 52)
    assert ("X1" in cards) is jokers and ("X2" in cards) is jokers
