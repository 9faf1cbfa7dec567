"""The cards, the deal, the initial target and the first player (rules 1-6, 14-15)."""
from __future__ import annotations

import itertools

import pytest

from games.hexal.engine.apply import first_player, shuffled_deck
from games.hexal.engine.board import DELTAS, ORIGIN
from games.hexal.engine.cards import CODE, COLOURS, ID_OF, N_CARDS, SHAPES, SHARE, card_id
from tests.games.hexal.helpers import ENGINE, seats


def test_the_deck_is_216_cards_each_combination_once():
    """Interpretation: "Cards: 216 = 6 x 6 x 6, each combination once: colours red, orange,
    yellow, green, blue, purple; shapes circle, triangle, square, pentagon, hexagon, star;
    numbers 1-6." """
    assert N_CARDS == 216 and len(set(CODE)) == 216
    assert COLOURS == ("red", "orange", "yellow", "green", "blue", "purple")
    assert SHAPES == ("circle", "triangle", "square", "pentagon", "hexagon", "star")
    assert {code[2] for code in CODE} == set("123456")
    assert ID_OF["RC1"] == card_id(0, 0, 1) == 0 and CODE[card_id(5, 5, 6)] == "PX6"
    assert CODE[card_id(3, 1, 4)] == "GT4"


def test_the_deck_is_shuffled_from_the_seed():
    """Rule 1: "Shuffle the deck of 216 cards thoroughly." (the order comes from the seed)."""
    assert shuffled_deck(1) == shuffled_deck(1)
    assert shuffled_deck(1) != shuffled_deck(2)
    assert sorted(shuffled_deck(3)) == list(range(216))


@pytest.mark.parametrize("n", range(2, 9))
def test_six_cards_are_dealt_to_each_player(n):
    """Rule 2: "Deal out 6 cards face-down to each player. These cards are the player's hand." """
    st = ENGINE.setup({}, seats(n), 11)
    assert [len(h) for h in st.hands] == [6] * n
    assert st.stacks == ((),) * n


@pytest.mark.parametrize("n", (2, 8))
def test_the_initial_target_is_flipped_from_the_remaining_deck(n):
    """Rule 4: "begin play by flipping over 1 card from the remaining deck and place it face-up
    on the table. This card becomes the initial "target card." " """
    st = ENGINE.setup({}, seats(n), 5)
    assert st.table == {ORIGIN: (st.initial,)}
    assert len(st.deck) == 216 - 6 * n - 1
    assert all(st.initial not in h for h in st.hands)
    view = ENGINE.view(st, None)
    assert view["initial_target"] == CODE[st.initial]
    assert view["table"] == [{"q": 0, "r": 0, "cards": [CODE[st.initial]]}]


def test_personal_stacks_are_dealt_face_down():
    """Rules 14-15: "Shuffle the deck of 216 cards thoroughly." "Deal out a stack of 6 cards
    face-down to each player." """
    st = ENGINE.setup({"personal_stack": True}, seats(3), 5)
    assert [len(s) for s in st.stacks] == [6, 6, 6]
    assert len(st.deck) == 216 - 36 - 1
    for seat in range(3):
        view = ENGINE.view(st, seat)
        assert [s["stack_count"] for s in view["seats"]] == [6, 6, 6]
        hidden = set(ENGINE.secrets(st, seat))
        assert {CODE[c] for c in st.stacks[seat]} <= hidden, "even the owner does not see its stack"


def brute_force_playable(target: int, hand) -> int:
    """The largest set of ``hand`` that fits around a lone target, by trying every subset, every
    choice of the card on top and every arrangement of the others on the six sides (a side
    touches its two ring neighbours)."""
    matching = [c for c in hand if SHARE[c][target]]
    for k in range(len(matching), 0, -1):
        for subset in itertools.combinations(matching, k):
            for top in (None, *subset):
                ring = [c for c in subset if c != top]
                for slots in itertools.permutations(range(6), len(ring)):
                    where = dict(zip(slots, ring, strict=True))
                    if all(not (i in where and (i + 1) % 6 in where) or SHARE[where[i]][where[(i + 1) % 6]]
                           for i in range(6)):
                        return k
    return 0


@pytest.mark.parametrize("seed", range(6))
def test_the_first_player_has_the_largest_playable_set(seed):
    """Rule 6: "Players determine how many cards with matching attributes they could play from
    their hand on the initial target card. The player with the largest set of playable cards
    goes first." (interpretation: "a set of cards that could all be played this turn")."""
    st = ENGINE.setup({}, seats(4), seed)
    expected = tuple(brute_force_playable(st.initial, h) for h in st.hands)
    assert st.playable == expected
    assert st.playable[st.first] == max(expected)
    assert st.current == st.first
    assert ENGINE.view(st, None)["playable_at_start"] == list(expected)


def test_mutual_contact_limits_the_playable_set():
    """Rule 9 applies to the first-player count too: cards on neighbouring sides touch, so six
    cards that each match the target need not all fit. Around RC1: RT2, RS3, RP4 (red), OC5,
    YC6 (circle) and GX1 (number 1) all match it; five of them fit (the top and a path of four
    sides), all six never do."""
    hand = [ID_OF[c] for c in ("RT2", "RS3", "RP4", "OC5", "YC6", "GX1")]
    assert brute_force_playable(ID_OF["RC1"], hand) == 5
    from games.hexal.engine.board import all_spots
    from games.hexal.engine.search import max_playable

    table = {ORIGIN: (ID_OF["RC1"],)}
    assert max_playable(table, all_spots(table), ORIGIN, 0, hand) == 5
    assert len(DELTAS) == 6


def test_ties_go_to_the_first_tied_player_left_of_the_dealer():
    """Interpretation: "ties: the first tied player left of the dealer" (play goes to the left:
    the next seat)."""
    assert first_player((3, 3, 2), dealer=0) == 1
    assert first_player((3, 3, 2), dealer=1) == 0
    assert first_player((3, 3, 3), dealer=2) == 0
    assert first_player((1, 4, 4, 4), dealer=2) == 3


def test_the_dealer_comes_from_the_seed():
    """The dealer is drawn by the game RNG (our reading: the rule text names no dealer)."""
    dealers = {ENGINE.setup({}, seats(5), s).dealer for s in range(40)}
    assert dealers == set(range(5))
    assert ENGINE.setup({}, seats(5), 9) == ENGINE.setup({}, seats(5), 9)
