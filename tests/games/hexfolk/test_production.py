"""Dice rolls and production (rules, "Dice rolls and production")."""
from games.hexfolk.engine.rules import RESOURCE_INDEX, RESOURCES
from tests.games.hexfolk.helpers import main_phase, pre_roll, put_settlement, roll

ORE = RESOURCE_INDEX["ore"]


def producing_hex(st, number):
    """A hex with ``number`` that is not under the robber, with its resource index."""
    for h, n in enumerate(st.hex_number):
        if n == number and h != st.robber:
            return h, st.hex_terrain[h]
    raise AssertionError


def test_settlement_gets_one_city_two_for_every_player():
    """Rules: "Every hex with the rolled number produces for all adjacent buildings: a
    settlement gets 1 resource, a city 2. This applies to all players, not only the one who
    rolls." """
    st = pre_roll(main_phase(3))
    h, r = producing_hex(st, 8)
    nodes = st.board.topo.hex_nodes[h]
    st = put_settlement(st, 1, nodes[0])
    st = put_settlement(st, 2, nodes[2], city=True)
    other_hexes_with_8 = [x for x, n in enumerate(st.hex_number) if n == 8 and x != h]
    extra = {1: 0, 2: 0}
    for seat, node in ((1, nodes[0]), (2, nodes[2])):
        extra[seat] = sum(1 for x in other_hexes_with_8 if x in st.board.topo.node_hexes[node])
    st, events = roll(st, 0, 8)
    assert st.hands[1][r] == 1 + extra[1]
    assert st.hands[2][r] == 2 * (1 + extra[2])
    assert sum(st.hands[0]) == 0
    assert any(e["type"] == "produced" for e in events)


def test_robber_hex_produces_nothing():
    """Rules: "As long as the robber stands on a hex, that hex produces nothing, even if its
    number comes up." """
    st = pre_roll(main_phase(2))
    h, r = producing_hex(st, 6)
    node = st.board.topo.hex_nodes[h][0]
    st = put_settlement(st, 1, node)
    st = st.clone()
    st.robber = h
    st, _ = roll(st, 0, 6)
    produced_elsewhere = sum(1 for x in st.board.topo.node_hexes[node] if x != h and st.hex_number[x] == 6)
    assert sum(st.hands[1]) == produced_elsewhere


def ore_position(bank_ore):
    """Seats 1 and 2 each own a city on a mountains hex (2 ore each); returns the state before
    a roll of that hex's number, the number, and the bank's ore set to ``bank_ore`` (the rest
    of the ore sits in seat 3's hand so that cards still add up)."""
    st = pre_roll(main_phase(4))
    h = next(x for x, t in enumerate(st.hex_terrain) if t == ORE)
    number = st.hex_number[h]
    nodes = st.board.topo.hex_nodes[h]
    return st, h, number, nodes, bank_ore


def move_ore_to_seat3(st, bank_ore):
    st = st.clone()
    moved = st.bank[ORE] - bank_ore
    st.bank[ORE] = bank_ore
    st.hands[3][ORE] += moved
    return st


def test_bank_short_for_two_players_pays_nobody():
    """Rules: "If on a roll the stock is not enough for everyone entitled to a resource type,
    that type is paid out to no one on that roll." """
    st, h, number, nodes, _ = ore_position(3)
    st = put_settlement(st, 1, nodes[0], city=True)
    st = put_settlement(st, 2, nodes[3], city=True)
    st = move_ore_to_seat3(st, 3)  # 4 ore owed (2 + 2), 3 in the bank
    st, events = roll(st, 0, number)
    assert st.hands[1][ORE] == 0 and st.hands[2][ORE] == 0
    assert st.bank[ORE] == 3
    assert {"type": "shortage", "resource": "ore", "paid_to": None} in events


def test_bank_short_for_the_only_player_owed_pays_what_is_left():
    """Rules: "If the shortage concerns only one player, that player gets whatever is left."
    (Interpretation: "unless only one player is owed it, who then gets what is left".)"""
    st, h, number, nodes, _ = ore_position(1)
    st = put_settlement(st, 1, nodes[0], city=True)
    st = move_ore_to_seat3(st, 1)  # 2 ore owed, 1 in the bank
    st, events = roll(st, 0, number)
    assert st.hands[1][ORE] == 1
    assert st.bank[ORE] == 0
    assert {"type": "shortage", "resource": "ore", "paid_to": 1} in events


def test_shortage_of_one_resource_does_not_stop_the_others():
    """Rules: "that type is paid out to no one" (only that type)."""
    st, h, number, nodes, _ = ore_position(0)
    st = put_settlement(st, 1, nodes[0], city=True)
    st = put_settlement(st, 2, nodes[3], city=True)
    st = move_ore_to_seat3(st, 0)
    others = [x for x, n in enumerate(st.hex_number) if n == number and x != h]
    st, events = roll(st, 0, number)
    assert st.hands[1][ORE] == 0
    for x in others:
        r = st.hex_terrain[x]
        for seat, node in ((1, nodes[0]), (2, nodes[3])):
            if x in st.board.topo.node_hexes[node] and r != ORE:
                assert st.hands[seat][r] >= 2, RESOURCES[r]


def test_dice_are_two_dice_and_counted():
    """Rules: "Two dice are rolled." """
    st = pre_roll(main_phase(2))
    seen = set()
    for total in range(2, 13):
        new, events = roll(st, 0, total)
        d1, d2 = events[0]["dice"]
        assert 1 <= d1 <= 6 and 1 <= d2 <= 6 and d1 + d2 == total
        assert new.dice_counts[total - 2] == 1
        seen.add(total)
    assert seen == set(range(2, 13))
