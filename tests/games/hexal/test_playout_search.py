"""The strong bot's look-ahead search (games/hexal/engine/playout.py) is exact: the best turn
over every target equals the greedy bot's search (reading.py, rule 10's points), and the
shortcut for many nearby tables (``Replies``: search again only where a candidate turn changed
the table) gives the same answer as searching the whole changed table."""
from __future__ import annotations

import random

from games.hexal.engine.bot_strong import candidates
from games.hexal.engine.playout import Changes, Replies, Table, best_turns
from games.hexal.engine.reading import Board
from tests.games.hexal.helpers import ENGINE, seats


def positions(count: int, seed: int):
    """Turn-start states of greedy 2- and 3-player games."""
    greedy = ENGINE.bots()["greedy"]()
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = ENGINE.setup({}, seats(rng.choice((2, 3))), rng.randrange(2**62))
        while ENGINE.to_act(st) and len(out) < count:
            s = st.current
            if st.phase == "target" and rng.random() < 0.25:
                out.append(st)
            st, _ = ENGINE.apply(st, s, greedy.choose(ENGINE.view(st, s), ENGINE.legal_actions(st, s), rng))
    return out


def test_the_best_turn_over_every_target_is_the_greedy_search():
    for st in positions(12, seed=3):
        board = Board.from_view(ENGINE.view(st, st.current))
        found = best_turns(Table(board.table, board.where), board.hand, keep=1)
        ranked = board.ranked_fills(list(board.where), keep=1)
        assert (found[0][0] if found else 0) == (ranked[0][0] if ranked else 0)


def test_replies_near_each_candidate_equal_a_search_of_the_whole_table():
    rng = random.Random(5)
    checked = 0
    for st in positions(16, seed=8):
        board = Board.from_view(ENGINE.view(st, st.current))
        tab = Table(board.table, board.where)
        ranked = best_turns(tab, board.hand, keep=6)
        plans = candidates(tab, board.hand, ranked, 3.0)[:6] if ranked else []
        for _ in range(4):
            hand = rng.sample(board.unseen, 6)
            answer = Replies(tab, hand)
            for _, _, pick in plans:
                after = tab.played(pick)
                assert answer.best(after, Changes(tab, after, pick)) == best_turns(after, hand, keep=1)
                checked += 1
    assert checked > 100
