"""The Hexfolk bots (issue 3, point 5): the random bot and the strong bot, deciding from a
seat's view. Legal choices in playouts on several maps and player counts; trade answers,
offers, discards, the robber and cards on crafted positions; and the view as the only input."""
from __future__ import annotations

import ast
import json
import random

import pytest

from games.hexfolk.engine import ENGINE, bot_strong
from games.hexfolk.engine.bot_strong import StrongBot
from games.hexfolk.engine.rules import RESOURCE_INDEX, RESOURCES, SETTLEMENT_COST
from games.hexfolk.engine.state import DISCARD, ROBBER, TRADE
from games.protocol import Bot, IllegalAction, RandomBot, SeatSpec
from tests.games.hexfolk.helpers import (
    act,
    away_from,
    give,
    give_dev,
    hex_with_number,
    main_phase,
    pre_roll,
    put_path,
    put_settlement,
    roll,
    simple_path,
)

TEMPLATES = ("discard", "offer_trade", "counter_trade")
# (map, players, options): small and large islands, every table size the brief names.
PLAYOUTS = [
    ("standard", 2, {}),
    ("lagoon", 3, {"discard_limit": 4}),
    ("standard", 4, {"friendly_robber": True}),
    ("standard-30", 6, {"robber_off": True}),
    ("standard-44", 8, {"victory_points": 8}),
    ("mainland", 4, {"longest_road_off": True, "largest_army_off": True}),
]
PLAYOUT_ROUNDS = 30


class AlwaysRandom(random.Random):
    """An rng whose ``random()`` is always 0: the strong bot's chance to make an offer hits."""

    def random(self) -> float:
        return 0.0


def choose(st, seat, rng=None):
    """The strong bot's choice for ``seat`` from the JSON form of its view (as a client gets)."""
    view = json.loads(json.dumps(ENGINE.view(st, seat)))
    return StrongBot().choose(view, ENGINE.legal_actions(st, seat), rng or random.Random(0))


def hand_vec(st, seat):
    return list(st.hands[seat])


def spot_position(n=4, bot=1, **options):
    """Seat 0 to move (main phase); ``bot`` has a settlement on A and roads A-B-C, so C is a
    free settlement spot with its road; returns (state, [A, B, C])."""
    st = main_phase(n, **options)
    path = simple_path(st, 2)
    st = put_settlement(st, bot, path[0])
    st = put_path(st, bot, path)
    return st, path


def far_nodes(st, count, avoid):
    """``count`` intersections that keep the distance rule among themselves and stay off
    ``avoid``."""
    topo = st.board.topo
    blocked = set(avoid)
    out = []
    for n in range(topo.n_nodes):
        if n not in blocked:
            out.append(n)
            blocked |= away_from(st, [n])
            if len(out) == count:
                return out
    raise AssertionError("not enough room")


def at_points(st, seat, points, avoid):
    """A copy where ``seat`` shows ``points`` visible points (cities, then a settlement)."""
    cities, settlements = divmod(points, 2)
    nodes = far_nodes(st, cities + settlements, avoid)
    for i, n in enumerate(nodes):
        st = put_settlement(st, seat, n, city=i < cities)
    return st


def offer(st, seat, give_cards, get_cards, to):
    new, _ = act(st, seat, {"type": "offer_trade", "give": give_cards, "get": get_cards, "to": to})
    assert new.phase == TRADE
    return new


# ------------------------------------------------------------------ registration
def test_both_bots_are_offered_by_kind():
    """Issue 3: "a random-legal bot and a strong bot"."""
    kinds = ENGINE.bots()
    assert set(kinds) == {"random", "strong"}
    assert kinds["random"] is RandomBot and kinds["strong"] is StrongBot
    for factory in kinds.values():
        assert isinstance(factory(), Bot)


# ------------------------------------------------------------------ legal in playouts
@pytest.mark.parametrize("slug, n, options", PLAYOUTS, ids=[f"{s}-{n}p" for s, n, _ in PLAYOUTS])
def test_strong_bot_always_plays_a_legal_action(slug, n, options):
    """Every choice of the strong bot applies, templates filled in included, in games where it
    trades with other strong bots and a random bot (seat 0), on small and large islands."""
    rng = random.Random(f"{slug}-{n}")
    st = ENGINE.setup({**options, "map": slug, "turn_limit": PLAYOUT_ROUNDS}, [SeatSpec()] * n,
                      rng.randrange(2**40))
    bots = [RandomBot()] + [StrongBot() for _ in range(n - 1)]
    chosen = set()
    while ENGINE.to_act(st):
        seat = rng.choice(ENGINE.to_act(st))
        legal = ENGINE.legal_actions(st, seat)
        action = bots[seat].choose(json.loads(json.dumps(ENGINE.view(st, seat))), legal, rng)
        if action is None:  # the offering bot waits for answers: someone else must be able to act
            assert len(ENGINE.to_act(st)) > 1
            continue
        if seat:
            chosen.add(action["type"])
            assert action["type"] in TEMPLATES or action in legal, action
        if action["type"] == "offer_trade":  # issue 8: never to a player who cannot pay
            asked = sum(action["get"].values())
            assert all(sum(st.hands[s]) >= asked for s in action["to"]), (action, [sum(h) for h in st.hands])
        try:
            st, _ = ENGINE.apply(st, seat, action)
        except IllegalAction as err:  # pragma: no cover - the failure message
            raise AssertionError(f"seat {seat} chose {action}: {err.message}") from None
    assert ENGINE.result(st) is not None
    assert {"build_settlement", "build_road", "roll", "end_turn"} <= chosen


def test_strong_bot_beats_random_bots_in_a_short_series():
    """Issue 3: the strong bot wins most games against random bots (the full figures come from
    bench/hexfolk_bots.py); here three 4-player games on the standard map."""
    rng = random.Random(5)
    wins = 0
    for game in range(3):
        strong = game % 4
        bots = [RandomBot() for _ in range(4)]
        bots[strong] = StrongBot()
        st = ENGINE.setup({"turn_limit": 200}, [SeatSpec()] * 4, rng.randrange(2**40))
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[-1]
            view = ENGINE.view(st, seat) if seat == strong else None
            st, _ = ENGINE.apply(st, seat, bots[seat].choose(view, ENGINE.legal_actions(st, seat), rng))
        wins += ENGINE.result(st).winners == (strong,)
    assert wins == 3


# ------------------------------------------------------------------ trade answers
def test_accepts_an_offer_that_completes_its_settlement():
    """Issue 3: the bot "accepts what brings its next build closer": it has a spot with its road
    and lumber, brick and wool; one grain for its spare ore completes the settlement."""
    st, _ = spot_position()
    st = give(st, 1, lumber=1, brick=1, wool=1, ore=1)
    st = give(st, 0, grain=1)
    st = offer(st, 0, {"grain": 1}, {"ore": 1}, [1])
    assert choose(st, 1) == {"type": "accept_trade"}


def test_refuses_to_feed_a_player_one_point_from_winning():
    """Issue 3: the bot "refuses to feed a player close to winning": the same offer from a
    player at the target minus one visible point is declined."""
    st, path = spot_position()
    st = at_points(st, 0, st.options["victory_points"] - 1, away_from(st, path))
    st = give(st, 1, lumber=1, brick=1, wool=1, ore=1)
    st = give(st, 0, grain=1)
    st = offer(st, 0, {"grain": 1}, {"ore": 1}, [1])
    assert choose(st, 1) == {"type": "decline_trade"}


def test_counters_an_offer_that_does_not_help_with_one_that_does():
    """Issue 3: the bot "counters": asked for the lumber its settlement needs, it offers its spare
    ore for the grain it misses instead, and the counter applies."""
    st, _ = spot_position()
    st = give(st, 1, lumber=1, brick=1, wool=1, ore=1)
    st = give(st, 0, wool=1, grain=1)
    st = offer(st, 0, {"wool": 1}, {"lumber": 1}, [1])
    action = choose(st, 1)
    assert action["type"] == "counter_trade"
    assert action["get"] == {"grain": 1} and action["give"] == {"ore": 1}
    after, _ = act(st, 1, action)
    confirmed, _ = act(after, 0, {"type": "confirm_trade", "with": 1})
    assert all(confirmed.hands[1][RESOURCE_INDEX[r]] >= c for r, c in zip(RESOURCES, SETTLEMENT_COST, strict=True))


def test_offers_a_spare_card_for_the_one_it_misses_but_not_to_a_near_winner():
    """Issue 3: the bot "makes offers itself": one spare ore for the grain its settlement
    misses, addressed to the players not close to winning."""
    st, path = spot_position(bot=0)
    st = at_points(st, 3, st.options["victory_points"] - 1, away_from(st, path))
    st = give(st, 0, lumber=1, brick=1, wool=1, ore=1)
    for seat in (1, 2, 3):
        st = give(st, seat, grain=1)
    action = choose(st, 0, AlwaysRandom())
    assert action == {"type": "offer_trade", "give": {"ore": 1}, "get": {"grain": 1}, "to": [1, 2]}
    st = offer(st, 0, action["give"], action["get"], action["to"])
    st, _ = act(st, 1, {"type": "accept_trade"})
    st, _ = act(st, 2, {"type": "decline_trade"})
    assert choose(st, 0) == {"type": "confirm_trade", "with": 1}


def test_offers_only_to_players_who_hold_enough_cards_to_pay():
    """Issue 8: "a bot does not offer a trade to a player who cannot pay": a player holding
    fewer cards than the offer asks for (a public count) is left out; the others are asked."""
    st, _ = spot_position(bot=0)
    st = give(st, 0, lumber=1, brick=1, wool=1, ore=1)
    st = give(st, 1, grain=1)
    st = give(st, 3, wool=2)
    assert sum(st.hands[2]) == 0
    action = choose(st, 0, AlwaysRandom())
    assert action == {"type": "offer_trade", "give": {"ore": 1}, "get": {"grain": 1}, "to": [1, 3]}


def test_makes_no_offer_when_nobody_can_pay():
    """Issue 8: with every other player's hand empty the bot offers nothing (it builds, trades
    with the bank or ends the turn instead)."""
    st, _ = spot_position(bot=0)
    st = give(st, 0, lumber=1, brick=1, wool=1, ore=1)
    assert all(sum(st.hands[s]) == 0 for s in (1, 2, 3))
    action = choose(st, 0, AlwaysRandom())
    assert action is not None and action["type"] != "offer_trade"


def test_offering_bot_waits_while_answers_are_pending():
    """Rules (interpretation, Trading): "each may accept, decline or counter; the active
    player confirms with one acceptor": the offering bot waits (None) until everyone addressed
    has answered, so the platform lets them answer first."""
    st, _ = spot_position(bot=0)
    st = give(st, 0, lumber=1, brick=1, wool=1, ore=1)
    for seat in (1, 2):
        st = give(st, seat, grain=1)
    st = offer(st, 0, {"ore": 1}, {"grain": 1}, [1, 2])
    st, _ = act(st, 1, {"type": "accept_trade"})
    assert choose(st, 0) is None
    st, _ = act(st, 2, {"type": "decline_trade"})
    assert choose(st, 0) == {"type": "confirm_trade", "with": 1}


def test_confirms_nothing_that_does_not_help():
    """As the offering player, the bot withdraws when the only answer is a counter that would
    take the cards its settlement needs."""
    st, _ = spot_position(bot=0)
    st = give(st, 0, lumber=1, brick=1, wool=1, ore=1)
    st = give(st, 1, grain=1)
    st = offer(st, 0, {"ore": 1}, {"grain": 1}, [1])
    st, _ = act(st, 1, {"type": "counter_trade", "give": {"grain": 1}, "get": {"lumber": 1, "brick": 1}})
    assert choose(st, 0) == {"type": "withdraw_trade"}


# ------------------------------------------------------------------ discards, robber, cards
def test_discards_the_right_count_keeping_what_the_settlement_needs():
    """Rules: "Everyone who has more than 7 resource cards gives up half of them, rounded
    down"; issue 3: the bot discards keeping what its next build needs."""
    st, _ = spot_position()
    st = give(st, 1, lumber=2, brick=2, wool=1, grain=1, ore=4)
    st, _ = roll(pre_roll(st), 0, 7)
    assert st.phase == DISCARD and st.discard_owed[1] == 5
    action = choose(st, 1)
    assert action["type"] == "discard" and sum(action["cards"].values()) == 5
    after, _ = act(st, 1, action)
    kept = hand_vec(after, 1)
    assert sum(kept) == 5
    assert all(kept[r] >= SETTLEMENT_COST[r] for r in range(len(RESOURCES)))


def test_robber_goes_on_the_leader_and_never_on_its_own_hex():
    """Issue 3: the bot "places the robber": on the hex where the leader produces most, not on
    a hex of its own, and robs the leader."""
    st = main_phase(3, turn=1)
    topo = st.board.topo
    producing = sorted((h for h in range(topo.n_hexes) if st.hex_number[h]),
                       key=lambda h: -abs(7 - st.hex_number[h]))[::-1]
    best, second = producing[0], producing[1]
    own = topo.hex_nodes[best][0]
    st = put_settlement(st, 1, own)  # the bot's own building on the best hex
    leader_node = next(n for n in topo.hex_nodes[second] if n not in away_from(st, [own]))
    st = put_settlement(st, 0, leader_node, city=True)
    st = at_points(st, 0, 5, away_from(st, [own, leader_node]))
    st = give(st, 0, ore=2)
    st = st.clone()
    st.phase = ROBBER
    action = choose(st, 1)
    assert action["hex"] != best and own not in topo.hex_nodes[action["hex"]]
    assert action["victim"] == 0
    assert any(st.node_owner[n] == 0 for n in topo.hex_nodes[action["hex"]])


def test_plays_year_of_plenty_to_complete_its_settlement():
    """Issue 3: the bot "plays development cards": a year of plenty for the grain its
    settlement misses, then builds it."""
    st, path = spot_position(bot=0)
    st = give_dev(give(st, 0, lumber=1, brick=1, wool=1), 0, "year_of_plenty")
    action = choose(st, 0)
    assert action["type"] == "play_year_of_plenty" and "grain" in action["resources"]
    st, _ = act(st, 0, action)
    assert choose(st, 0) == {"type": "build_settlement", "node": path[2]}


def test_knight_before_the_roll_when_the_robber_blocks_its_hex():
    """The bot plays a knight before rolling when the robber sits on its production (a 6)."""
    st = main_phase(4)
    h = hex_with_number(st, 6)
    st = give_dev(put_settlement(st, 0, st.board.topo.hex_nodes[h][0]), 0, "knight").clone()
    st.robber = h
    st = pre_roll(st)
    assert choose(st, 0) == {"type": "play_knight"}
    st.robber = st.board.deserts[0]
    assert choose(st, 0) == {"type": "roll"}


def test_builds_the_city_before_anything_else():
    """Build priority: a city when affordable, on its best settlement."""
    st, path = spot_position(bot=0)
    st = give(st, 0, grain=3, ore=3, lumber=1, brick=1, wool=1)
    assert choose(st, 0) == {"type": "build_city", "node": path[0]}


def test_first_settlement_goes_to_a_rich_intersection():
    """Initial placement by pip-weighted production: the bot's first settlement is among the
    richest intersections of the island."""
    st = ENGINE.setup({}, [SeatSpec()] * 4, 12)
    action = choose(st, 0)
    pips = sorted(st.board.node_pips, reverse=True)
    assert st.board.node_pips[action["node"]] >= pips[5]


# ------------------------------------------------------------------ the view only
def test_strong_bot_imports_nothing_that_holds_the_state():
    """Bots decide from their seat's view: the module reads rules constants, the map's geometry
    constants and the pure road-length function, never the state, its actions or the engine."""
    from games.hexfolk.engine import bot_reading, bot_trades

    for module in (bot_strong, bot_reading, bot_trades):
        tree = ast.parse(open(module.__file__, encoding="utf-8").read())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert imported <= {"__future__", "random", "functools", "games.protocol", "games.hexfolk.engine.rules",
                            "games.hexfolk.engine.board", "games.hexfolk.engine.longest_road",
                            "games.hexfolk.engine.bot_reading", "games.hexfolk.engine.bot_trades"}


def test_hidden_information_does_not_change_the_decision():
    """Two positions that differ only in what the seat may not see (an opponent's cards with the
    same count, the seed and draw counter, the undrawn development cards) give the same view
    and the same decision."""
    st, _ = spot_position()
    st = give(st, 1, lumber=1, brick=1, wool=1, ore=1)
    st = give(give(give(st, 0, grain=1), 2, wool=2), 3, lumber=2)
    st = offer(st, 0, {"grain": 1}, {"ore": 1}, [1])
    other = give(give(st, 2, wool=-2, lumber=2), 3, lumber=-2, wool=2).clone()
    other.seed, other.draws = st.seed + 1, st.draws + 5
    other.dev_left = [other.dev_left[0] - 1, other.dev_left[1] + 1, *other.dev_left[2:]]
    assert other.hands != st.hands and ENGINE.view(other, 1) == ENGINE.view(st, 1)
    assert choose(other, 1) == choose(st, 1)


def test_random_bot_plays_from_the_legal_list():
    """The random bot plays a uniformly random legal action (templates as listed)."""
    st, _ = spot_position(bot=0)
    legal = ENGINE.legal_actions(st, 0)
    assert RandomBot().choose(ENGINE.view(st, 0), legal, random.Random(1)) in legal
