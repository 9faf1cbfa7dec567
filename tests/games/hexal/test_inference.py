"""Every seat's latest turn in the view, and what the strong bot reads from it (issue 10,
point 4: the strong bot "weighs what it leaves open for the next players", each from its
seat's view only)."""
from __future__ import annotations

import json
import random

from games.conformance import find_secrets
from games.hexal.engine.cards import ID_OF, SHARE
from games.hexal.engine.infer import KeptCards, table_before
from games.hexal.engine.reading import Board
from games.hexal.engine.state import decode, encode
from tests.games.hexal.helpers import ENGINE, act, position, seats

HAND = ["RC2", "RT2", "PH6", "GS4", "YX3", "BP5"]


def test_the_view_tells_each_seats_latest_turn_as_the_log_does():
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: HAND})
    assert [s["last_turn"] for s in ENGINE.view(st, 1)["seats"]] == [None, None]
    st, _ = act(st, {"type": "target", "card": "RC1"},
                {"type": "place", "card": "RC2", "q": 1, "r": 0},
                {"type": "place", "card": "RT2", "q": 1, "r": -1}, {"type": "end_turn"})
    view = ENGINE.view(st, 1)
    assert view["seats"][0]["last_turn"] == {"kind": "played", "card": "RC1", "placed": ["RC2", "RT2"]}
    discard = ENGINE.view(st, 1)["hand"][0]
    st, _ = act(st, {"type": "discard", "card": discard})
    view = ENGINE.view(st, 0)
    assert view["seats"][1]["last_turn"] == {"kind": "discarded", "card": discard, "placed": []}
    assert find_secrets(view, ENGINE.secrets(st, 0)) is None


def test_the_latest_turns_survive_encoding_and_old_encodings_have_none():
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: HAND})
    st, _ = act(st, {"type": "target", "card": "RC1"}, {"type": "place", "card": "RC2", "q": 1, "r": 0},
                {"type": "end_turn"})
    data = json.loads(json.dumps(encode(st)))
    assert decode(data) == st
    del data["last"]  # stored before the field existed
    old = decode(data)
    assert [s["last_turn"] for s in ENGINE.view(old, 1)["seats"]] == [None, None]


def test_the_table_before_a_turn_drops_the_cards_placed_since():
    table = {1: (10, 11), 2: (12,), 3: (13, 14, 15)}
    assert table_before(table, {11, 12, 15, 14}) == {1: (10,), 3: (13,)}


def test_the_kept_cards_never_would_have_scored_more_with_the_cards_played():
    """A greedy seat played the most points of its turn, so the cards it kept would not have
    scored more alongside the cards it placed: the true kept cards always pass the test, and
    every sampled hand is the seat's hand size, of unseen cards, with kept cards that pass it."""
    greedy = ENGINE.bots()["greedy"]()
    rng = random.Random(3)
    st = ENGINE.setup({}, seats(2), 41)
    kept_by: dict = {}
    checked = 0
    while ENGINE.to_act(st):
        seat = st.current
        if st.phase == "target" and (1 - seat) in kept_by:
            view = ENGINE.view(st, seat)
            board = Board.from_view(view)
            kc = KeptCards(view, 1 - seat, board.table, board.unseen)
            kept = kept_by[1 - seat]
            assert kc.informed and kc.kept == len(kept)
            assert set(kept) <= set(kc.cands) and kc._fits(kc.placed + tuple(kept))
            for hand in kc.sample(8, random.Random(checked)):
                assert len(hand) == len(set(hand)) == len(st.hands[1 - seat])
                assert set(hand) <= set(board.unseen)
                assert kc._fits(kc.placed + tuple(hand[:kc.kept])) or not kc.cands
            checked += 1
        before = set(st.hands[seat])
        action = greedy.choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), rng)
        st, events = ENGINE.apply(st, seat, action)
        scored = [e for e in events if e["type"] == "turn_scored"]
        if scored and st.deck:
            kept_by[seat] = tuple(sorted(before - {ID_OF[c] for c in scored[0]["cards"]}))
        elif any(e["type"] in ("discarded", "passed") for e in events):
            kept_by.pop(seat, None)
    assert checked >= 10


def test_inference_reads_a_discard_as_holding_nothing_that_fits():
    """A seat that discards instead of playing (rule: "A player who cannot or will not play
    discards one card") is read as holding no card that fits anywhere on the table it saw."""
    st = position(2, table={(0, 0): ["RC1"]}, hands={1: ["OT3", "GS4", "YX3", "BP5", "OH6", "PP6"]},
                  current=1)
    st, _ = act(st, {"type": "discard", "card": "OT3"})
    view = ENGINE.view(st, 0)
    board = Board.from_view(view)
    kc = KeptCards(view, 1, board.table, board.unseen)
    assert kc.kept == 5 and kc.value == 0
    rc1 = ID_OF["RC1"]
    assert kc.cands and all(not SHARE[c][rc1] for c in kc.cands)
