"""Views (issue 12, point 3): face-down cards hidden; a card revealed to all shown as known
until it moves; which dung a beetle carries public; the pool as a count; never the seed."""
import json

from games.conformance import SECRET_KEYS, assert_no_secret_key, check_envelope, find_secrets
from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.board import CW, REACH, cell_id
from games.hexcrement.engine.cards import CSS
from tests.games.hexcrement.helpers import act, at, carry, edit, empty_board, new_game, place, roll, turn_of


def shown(view):
    return {c["cell"]: c["card"] for c in view["cards"]}


def test_a_fresh_table_shows_no_card_and_no_seed():
    st = new_game(4, seed=8_123_456_789_012_345)
    for seat in (None, 0, 1, 2, 3):
        view = json.loads(json.dumps(ENGINE.view(st, seat)))
        check_envelope(ENGINE, view, 4, seat, list(ENGINE.to_act(st)))
        assert_no_secret_key(view, SECRET_KEYS)
        assert set(shown(view).values()) == {None} and len(view["cards"]) == 42
        assert view["pool"] == 6
        assert find_secrets(view, ENGINE.secrets(st, seat) + [st.seed]) is None
        assert str(st.seed) not in json.dumps(view)
    assert len(ENGINE.secrets(st, 0)) == 48, "every card is unseen"


def test_envelope_colours_and_scores():
    st = carry(new_game(3), 1, "DUNG-red")
    view = ENGINE.view(st, 0)
    assert [s["colour"] for s in view["seats"]] == [CSS[c] for c in ("red", "yellow", "blue")]
    assert [s["colour_name"] for s in view["seats"]] == ["red", "yellow", "blue"]
    assert [s["score"] for s in view["seats"]] == [0, 1, 0]
    assert view["seats"][1]["dung"] == ["DUNG-red"] and "1 dung" in view["seats"][1]["summary"]
    assert view["turn"] == 0 and view["phase"] == "roll" and "rolls" in view["phase_text"]


def test_a_landed_card_is_known_to_all_until_it_moves():
    """Issue 12: "a card revealed to all (landed on, PEEK) is shown as known until it moves
    (MORPH, MUD, replacement)"."""
    st = empty_board(new_game(2))
    st = edit(st, dirs=(CW, CW))
    here = cell_id(1, 3, 3)
    st = turn_of(at(st, 0, here), 0)
    dest = REACH[CW][here][2][0]
    st = place(st, dest, "BLOCK-1")
    st = place(st, cell_id(4, 1, 3), "TRAP-2")
    st, _ = roll(st, 2)
    st, _ = act(st, 0, {"type": "move", "cell": dest})
    for seat in (None, 0, 1):
        view = ENGINE.view(st, seat)
        assert shown(view)[dest] == "BLOCK-1" and shown(view)[cell_id(4, 1, 3)] is None
    assert "BLOCK-1" not in ENGINE.secrets(st, 1) and "TRAP-2" in ENGINE.secrets(st, 1)


def test_the_acting_seat_gets_hints_for_its_move():
    """The acting seat's view carries each reachable cell's known card and beetles."""
    st = empty_board(new_game(2))
    st = edit(st, dirs=(CW, CW))
    here = cell_id(1, 3, 3)
    st = turn_of(at(st, 0, here), 0)
    dest = REACH[CW][here][3][0]
    st = place(place(st, dest, "DUNG-green", known=True), REACH[CW][here][3][-1], "SURGE-1")
    st = at(st, 1, dest)
    st, _ = roll(st, 3)
    hints = {h["cell"]: h for h in ENGINE.view(st, 0)["hints"]}
    assert hints[dest] == {"cell": dest, "card": "DUNG-green", "beetles": [1]}
    assert hints[REACH[CW][here][3][-1]]["card"] is None
    assert "hints" not in ENGINE.view(st, 1) and "hints" not in ENGINE.view(st, None)


def test_secrets_are_the_unseen_cards_only():
    """``secrets``: face-down cards nobody has seen where they lie, and the unseen pool cards."""
    st = new_game(2, seed=5)
    st = edit(st, known=frozenset({st.cards.index(next(c for c in st.cards if c))}))
    first = next(c for c in st.cards if c)
    assert first not in ENGINE.secrets(st, 0)
    st = edit(st, seen=st.seen | {st.pool[0]})
    assert st.pool[0] not in ENGINE.secrets(st, None) and st.pool[1] in ENGINE.secrets(st, None)
