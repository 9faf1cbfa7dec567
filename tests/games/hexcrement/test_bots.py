"""Bots (issue 12, point 4): random-legal and strong, deciding from the seat's view only."""
import json
import random

from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.board import CCW, CW, REACH, STARTS, cell_id
from games.hexcrement.engine.bots import StrongBot, home_turns, rebuild
from games.protocol import RandomBot, SeatSpec
from tests.games.hexcrement.helpers import at, carry, edit, empty_board, new_game, place, roll, turn_of
from tests.games.hexcrement.invariants import check_state


def test_bot_kinds_weakest_first_with_lobby_words():
    kinds = ENGINE.bots()
    assert list(kinds) == ["random", "strong"]
    for factory in kinds.values():
        bot = factory()
        assert isinstance(bot.name, str) and bot.description.endswith(".")
    assert kinds["random"] is RandomBot


def test_the_strong_bot_decides_from_a_json_view_alone():
    st, _ = roll(new_game(3, seed=4), 5)
    view = json.loads(json.dumps(ENGINE.view(st, st.seat)))
    legal = ENGINE.legal_actions(st, st.seat)
    a = StrongBot().choose(view, legal, random.Random(1))
    assert a in legal and a == StrongBot().choose(view, legal, random.Random(1))


def test_rebuild_keeps_what_the_view_shows_and_deals_the_rest():
    st, _ = roll(new_game(4, seed=9), 3)
    view = ENGINE.view(st, st.seat)
    world = rebuild(view, random.Random(2))
    assert world.pos == st.pos and world.dirs == st.dirs and world.reach == st.reach
    check_state(ENGINE, world)  # the sampled deal still holds the 48 cards once each
    assert sum(1 for c in world.cards if c) == sum(1 for c in st.cards if c)
    assert len(world.pool) == len(st.pool)
    assert ENGINE.view(world, st.seat)["cards"] == view["cards"]


def test_the_strong_bot_takes_a_known_dung_within_reach():
    st = empty_board(new_game(2))
    st = edit(st, dirs=(CW, CW))
    here = cell_id(1, 3, 3)
    st = turn_of(at(st, 0, here), 0)
    ends = REACH[CW][here][3]
    st = place(place(st, ends[0], "TRAP-1", known=True), ends[-1], "DUNG-red", known=True)
    st, _ = roll(st, 3)
    legal = ENGINE.legal_actions(st, 0)
    assert StrongBot().choose(ENGINE.view(st, 0), legal, random.Random(0)) == {"type": "move", "cell": ends[-1]}


def test_the_strong_bot_goes_home_with_the_dung():
    st = empty_board(new_game(2))
    st = edit(st, dirs=(CW, CW))
    home = STARTS[st.mats[0]]
    st = carry(turn_of(at(st, 0, REACH[CCW][home][2][0]), 0), 0, "DUNG-red")
    st, _ = roll(st, 4)
    legal = ENGINE.legal_actions(st, 0)
    assert StrongBot().choose(ENGINE.view(st, 0), legal, random.Random(0)) == {"type": "move", "cell": home}
    assert home_turns(home, CW)[home] == 0 and home_turns(home, CW)[REACH[CCW][home][1][0]] == 1


def test_timeout_plays_the_strong_bots_legal_choice():
    """Interpretation: "Time out: the bot's move for the seat"."""
    st, _ = roll(new_game(2, seed=3), 6)
    a = ENGINE.timeout_action(st, st.seat)
    assert a in ENGINE.legal_actions(st, st.seat) and a == ENGINE.timeout_action(st, st.seat)


def test_the_strong_bot_beats_random_players():
    """A small sample of the bench (bench/hexcrement_bots.py plays 400 games)."""
    wins = 0
    for g in range(6):
        st = ENGINE.setup({}, [SeatSpec()] * 2, 500 + g)
        bots = [StrongBot(), RandomBot()] if g % 2 == 0 else [RandomBot(), StrongBot()]
        rng = random.Random(g)
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            st, _ = ENGINE.apply(st, seat, bots[seat].choose(ENGINE.view(st, seat), legal, rng))
        wins += st.winner == g % 2
    assert wins >= 5
