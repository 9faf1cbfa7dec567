"""Every Hex card (rules, "HEX CARD INSTRUCTIONS"; interpretation, "Cards")."""
from games.hexcrement.engine import ENGINE
from games.hexcrement.engine import errors as E
from games.hexcrement.engine.board import CW, REACH, cell_id
from games.hexcrement.engine.cards import BLOCK, CHAIN_LIMIT, FRUIT, KIND, MEAN, ROCK, SHIELD, SURGE, TRAP
from games.hexcrement.engine.flow import Work
from games.hexcrement.engine.resolve import resolve_card
from games.hexcrement.engine.state import GIVE, MORPH, MUD, ODOUR, PEEK, ROLL, TARGET
from tests.games.hexcrement.helpers import (
    act,
    at,
    carry,
    edit,
    empty_board,
    events_of,
    new_game,
    place,
    refused,
    roll,
    turn_of,
)

HERE = cell_id(1, 3, 3)
FAR = (cell_id(3, 3, 3), cell_id(4, 3, 3), cell_id(5, 3, 3))


def table(n=3):
    """Seat 0 to roll on HERE (clockwise), the others far away, no card on the board."""
    st = empty_board(new_game(n))
    st = edit(st, dirs=(CW,) * n)
    for s in range(1, n):
        st = at(st, s, FAR[s - 1])
    return turn_of(at(st, 0, HERE), 0)


def land(st, code, k=2, known=False):
    """Seat 0 rolls ``k`` and lands on ``code`` placed on the first cell k steps ahead."""
    dest = REACH[CW][st.pos[0]][k][0]
    st = place(st, dest, code, known)
    st, _ = roll(st, k)
    after, events = act(st, 0, {"type": "move", "cell": dest})
    return after, events, dest


def card_event(events):
    return events_of(events, "card")[0]


def test_dung_is_carried_and_replaced_face_down_unresolved():
    """DUNG: "your beetle collects it ... Then draw a Hex card from the dice tray and place it
    face down on that space. Do not reveal or carry out the effects of the new Hex card"."""
    st = table()
    pool = len(st.pool) - 1  # one of them goes on the board for the test
    after, events, dest = land(st, "DUNG-blue")
    assert after.dung[0] == ("DUNG-blue",)
    assert after.cards[dest] is not None and dest not in after.known
    assert len(after.pool) == pool - 1
    assert card_event(events)["effect"] == "picked_up" and after.seat == 1
    assert ENGINE.view(after, 1)["seats"][0]["dung"] == ["DUNG-blue"], "which dung is public"


def test_block_the_chosen_player_moves_one_fewer_next_turn():
    """BLOCK: "The player of your choice moves one space fewer on their next turn"."""
    after, events, _ = land(table(), "BLOCK-1")
    assert after.phase == TARGET
    assert [a["seat"] for a in ENGINE.legal_actions(after, 0)] == [1, 2]
    refused(after, 0, {"type": "target", "seat": 0}, E.TARGET_SELF)
    done, ev = act(after, 0, {"type": "target", "seat": 2})
    assert done.status[2] & BLOCK and events_of(ev, "effect")[0]["target"] == 2
    assert done.seat == 1


def test_targets_skip_a_shielded_beetle():
    """SHIELD: "You are also protected against other targeted actions during that time"."""
    st = edit(table(), status=(0, SHIELD, 0))
    after, _, _ = land(st, "PUSH-1")
    assert after.seat == 1 and after.phase == ROLL  # one target left: applied at once
    assert after.dirs[2] == -CW and after.dirs[1] == CW
    st = edit(table(4), status=(0, SHIELD, 0, 0))
    after, _, _ = land(st, "PUSH-2")
    refused(after, 0, {"type": "target", "seat": 1}, E.SHIELDED)


def test_dash_gives_an_extra_turn_with_one_die():
    """DASH: "Take an extra turn, rolling a single die"."""
    after, events, dest = land(edit(table(), status=(FRUIT, 0, 0)), "DASH-1")
    assert after.seat == 0 and after.phase == ROLL and after.dash
    assert events_of(events, "extra_turn")
    rolled, ev = roll(after, 3)
    assert events_of(ev, "rolled")[0]["dice"] == [3], "one die, even with a FRUIT waiting"
    done, _ = act(rolled, 0, {"type": "move", "cell": rolled.reach[0]})
    assert done.seat == 1 and done.status[0] & FRUIT, "FRUIT waits for the next regular turn"


def test_flip_reverses_at_once_and_stays_up_one_turn():
    """FLIP: "Change direction by flipping your direction piece. Keep this card turned over for
    one turn as a reminder"."""
    after, _, dest = land(table(2), "FLIP-1")
    assert after.dirs[0] == -CW and dest in after.up
    st = after
    for _ in range(2):  # seat 1's turn, then seat 0's next turn
        st, _ = roll(st, 1)
        st, _ = act(st, st.seat, {"type": "move", "cell": st.reach[0]})
    assert dest not in st.up and dest in st.known, "face down again, still known"


def test_fruit_two_dice_next_turn():
    """FRUIT: "On your next turn, roll two dice instead of one"."""
    after, _, dest = land(table(2), "FRUIT-1")
    assert after.status[0] == FRUIT and dest in after.up
    st, _ = roll(after, 1)
    st, _ = act(st, 1, {"type": "move", "cell": st.reach[0]})
    assert st.seat == 0 and st.active == FRUIT
    st, ev = roll(st, 2, 6)
    assert st.steps == 8


def test_give_a_dung_card_to_a_player_of_your_choice():
    """GIVE: "You must give one of your dung cards to another player"."""
    st = carry(carry(table(), 0, "DUNG-blue"), 0, "SWIPE-1")
    after, _, _ = land(st, "GIVE-1")
    assert after.phase == GIVE
    assert {(a["seat"], a["card"]) for a in ENGINE.legal_actions(after, 0)} == {(1, "DUNG-blue"), (2, "DUNG-blue")}
    refused(after, 0, {"type": "give", "seat": 1, "card": "SWIPE-1"}, E.GIVE_ORDER)
    refused(after, 0, {"type": "give", "seat": 1, "card": "DUNG-red"}, E.NOT_CARRIED)
    done, ev = act(after, 0, {"type": "give", "seat": 1, "card": "DUNG-blue"})
    assert done.dung[1] == ("DUNG-blue",) and not done.dung[0]
    assert events_of(ev, "gave") == [{"type": "gave", "seat": 0, "to": 1, "card": "DUNG-blue"}]


def test_give_a_swipe_without_dung_and_else_a_new_card():
    """GIVE: "If you have no dung card to give, give a swipe card if you have one. If no dung or
    swipe card is in play, remove this Hex card from the board and replace it with another
    one, then apply the new card"."""
    after, _, _ = land(carry(table(), 0, "SWIPE-2"), "GIVE-2")
    assert {a["card"] for a in ENGINE.legal_actions(after, 0)} == {"SWIPE-2"}
    st = table()
    rest = [c for c in st.pool if c != "TRAP-1"]
    st = _park(edit(st, pool=("TRAP-1",)), rest)  # the pool holds only TRAP-1
    after, events, dest = land(st, "GIVE-1")
    kinds = [e["kind"] for e in events_of(events, "card")]
    assert kinds == ["GIVE", "TRAP"] and after.cards[dest] == "TRAP-1"
    assert after.status[0] & TRAP and "GIVE-1" in after.pool


def _park(st, codes):
    """Put ``codes`` on far card cells (face down) so the pool holds only what a test wants."""
    free = [c for c in range(len(st.cards)) if st.cards[c] is None]
    cards = list(st.cards)
    for cell, code in zip(free[-len(codes):], codes, strict=True):
        cards[cell] = code
    return edit(st, cards=tuple(cards))


def test_mean_perpendicular_next_turn_and_only_once():
    """MEAN: "You must choose another player, who will only be able to move perpendicular to
    the direction of play on their next turn ... A player can be chosen only once per turn"."""
    st = edit(table(), status=(0, MEAN, 0))
    after, _, _ = land(st, "MEAN-1")
    assert after.status[2] & MEAN, "the only player not chosen yet"
    st = edit(table(4), status=(0, MEAN, 0, 0))
    after, _, _ = land(st, "MEAN-2")
    refused(after, 0, {"type": "target", "seat": 1}, E.MEAN_TWICE)


def test_morph_swaps_with_a_face_down_card_and_resolves_it():
    """MORPH: "Swap this hexagon with another one already in play and follow the instructions
    of the new card"."""
    far = cell_id(0, 1, 3)
    st = place(table(), far, "DUNG-green", known=True)
    after, events, dest = land(st, "MORPH-1")
    assert after.phase == MORPH and {"type": "morph", "cell": far} in ENGINE.legal_actions(after, 0)
    refused(after, 0, {"type": "morph", "cell": cell_id(0, 1, 0)}, E.NOT_FACE_DOWN)
    done, ev = act(after, 0, {"type": "morph", "cell": far})
    assert done.dung[0] == ("DUNG-green",)
    assert done.cards[far] == "MORPH-1" and far not in done.known, "moved: no longer known"
    assert ENGINE.view(done, 1)["cards"][[c["cell"] for c in ENGINE.view(done, 1)["cards"]].index(far)]["card"] is None


def test_mud_drops_a_card_and_goes_to_the_pool():
    """MUD: "Drop one of your dung or swipe cards (face down) and return this Hex card to the
    pool"."""
    after, events, dest = land(carry(table(), 0, "DUNG-yellow"), "MUD-1")
    assert after.cards[dest] == "DUNG-yellow" and dest in after.known and not after.dung[0]
    assert "MUD-1" in after.pool
    after, _, dest = land(carry(carry(table(), 0, "DUNG-yellow"), 0, "SWIPE-3"), "MUD-2")
    assert after.phase == MUD and len(ENGINE.legal_actions(after, 0)) == 2
    done, _ = act(after, 0, {"type": "mud", "card": "SWIPE-3"})
    assert done.cards[dest] == "SWIPE-3" and done.dung[0] == ("DUNG-yellow",)


def test_mud_without_dung_is_replaced():
    """MUD: "If you have no dung card, return this Hex card to the pool and replace it with
    another one from the pool. Apply the new Hex card if possible"."""
    st = table()
    st = _park(edit(st, pool=("SURGE-2",)), [c for c in st.pool if c != "SURGE-2"])
    after, events, dest = land(st, "MUD-1")
    assert [e["kind"] for e in events_of(events, "card")] == ["MUD", "SURGE"]
    assert after.cards[dest] == "SURGE-2" and after.status[0] & SURGE
    assert after.pool == ("MUD-1",), "back in the pool once the action is over"


def test_odour_moves_on_to_the_nearest_card_and_resolves_it():
    """ODOUR: "Move in the direction of play to the nearest Hex card. Activate the new Hex card.
    If two Hex cards are at an equal distance, you may choose between them"."""
    st = table()
    dest = REACH[CW][HERE][2][0]
    near = REACH[CW][dest][3]
    st = place(st, near[0], "SURGE-1")
    st = place(st, REACH[CW][dest][5][0], "TRAP-1")
    after, events, _ = land(st, "ODOUR-1")
    assert after.pos[0] == near[0] and after.status[0] & SURGE
    assert events_of(events, "moved")[-1]["by"] == "ODOUR"
    if len(near) > 1:
        st = place(table(), near[1], "FRUIT-1")
        st = place(st, near[0], "SURGE-1")
        after, _, _ = land(st, "ODOUR-2")
        assert after.phase == ODOUR
        refused(after, 0, {"type": "odour", "cell": REACH[CW][dest][4][0]}, E.ODOUR_NEAREST)
        done, _ = act(after, 0, {"type": "odour", "cell": near[1]})
        assert done.status[0] & FRUIT


def test_peek_shows_a_card_to_all_without_resolving_it():
    """PEEK: "Turn over another Hex card anywhere on the board ... Reveal the Hex card to all the
    other players before putting it back in its place. Do not apply the effects"."""
    a, b = cell_id(5, 1, 3), cell_id(5, 2, 1)
    st = place(place(table(), a, "TRAP-2"), b, "DUNG-purple")
    after, _, _ = land(st, "PEEK-1")
    assert after.phase == PEEK
    done, ev = act(after, 0, {"type": "peek", "cell": b})
    assert b in done.known and done.cards[b] == "DUNG-purple" and not done.dung[0]
    for seat in (None, 0, 1, 2):
        shown = {c["cell"]: c["card"] for c in ENGINE.view(done, seat)["cards"]}
        assert shown[b] == "DUNG-purple" and shown[a] is None
    st = place(place(table(), a, "TRAP-2", known=True), b, "DUNG-purple")
    st = place(st, cell_id(0, 2, 1), "FLIP-2")
    after, _, _ = land(st, "PEEK-2")
    refused(after, 0, {"type": "peek", "cell": a}, E.PEEK_KNOWN)


def test_push_reverses_another_players_direction():
    """PUSH: "Choose another player and reverse their direction"."""
    after, _, _ = land(table(2), "PUSH-1")
    assert after.dirs == (CW, -CW)


def test_rock_next_turn_perpendicular():
    """ROCK: "Move perpendicular to the direction of play on your next turn"."""
    after, _, dest = land(table(2), "ROCK-1")
    assert after.status[0] & ROCK and dest in after.up


def test_shield_protects_until_the_next_turn_and_else_is_replaced():
    """SHIELD: "If you are carrying dung or swipe cards, you are protected against losing them
    until your next turn ... If no dung card is in play, remove this Hex card from the board and
    replace it with another one. Apply the new card"."""
    after, _, _ = land(carry(table(2), 0, "DUNG-blue"), "SHIELD-1")
    assert after.status[0] & SHIELD
    st, _ = roll(after, 1)
    st, _ = act(st, 1, {"type": "move", "cell": st.reach[0]})
    assert st.seat == 0 and not st.status[0] & SHIELD, "ends when the next turn begins"
    after, events, _ = land(table(2), "SHIELD-2")
    assert [e["kind"] for e in events_of(events, "card")][0] == "SHIELD"
    assert len(events_of(events, "card")) >= 2 and "SHIELD-2" in after.pool


def test_surge_next_turn():
    """SURGE: "On your next turn, move 2 extra spaces"."""
    after, _, _ = land(table(2), "SURGE-1")
    assert after.status[0] == SURGE


def test_swap_changes_places_without_taking_their_card():
    """SWAP: "Change places with another player. Do not pick up their Hex card if they are on a
    Hex card"."""
    st = place(table(2), FAR[0], "DUNG-green")
    after, events, dest = land(st, "SWAP-1")
    assert after.pos == (FAR[0], dest) and not after.dung[0] and after.cards[FAR[0]] == "DUNG-green"
    assert events_of(events, "effect")[0]["cells"] == [FAR[0], dest]


def test_swipe_is_held_and_replaced():
    """SWIPE: "Pick up this Hex card. Replace it with a card from the dice tray"."""
    after, _, dest = land(table(2), "SWIPE-1")
    assert after.swipes[0] == ("SWIPE-1",) and after.cards[dest] is not None and dest not in after.known


def test_trap_skips_the_next_turn():
    """TRAP: "You fall into a trap. Skip your turn. Keep this Hex card turned over for one turn"."""
    after, _, dest = land(table(2), "TRAP-1")
    assert after.status[0] & TRAP and dest in after.up
    st, _ = roll(after, 1)
    st, ev = act(st, 1, {"type": "move", "cell": st.reach[0]})
    assert events_of(ev, "turn_lost") == [{"type": "turn_lost", "seat": 0, "reason": "trap"}]
    assert st.seat == 1 and dest not in st.up


def test_tunnel_stays_face_up():
    """TUNNEL: "Leave this Hex card turned over ... Once a tunnel card has been turned over, it
    can no longer be moved"."""
    after, _, dest = land(table(2), "TUNNEL-1")
    assert dest in after.up and KIND[after.cards[dest]] == "TUNNEL"
    st = place(after, cell_id(3, 1, 3), "PEEK-1")
    st = turn_of(at(st, 0, REACH[-CW][cell_id(3, 1, 3)][2][0]), 0)
    st, _ = roll(st, 2)
    st, _ = act(st, 0, {"type": "move", "cell": cell_id(3, 1, 3)})
    assert all(a["cell"] != dest for a in ENGINE.legal_actions(st, 0)), "PEEK and MORPH skip it"


def test_at_most_eight_cards_resolve_in_one_move():
    """RULES.md "Landing": "At most 8 cards resolve in one move (ours, so every turn ends)"."""
    st = place(table(2), HERE, "FRUIT-1")
    w = Work(edit(st, chain=CHAIN_LIMIT))
    resolve_card(w, HERE)
    done, events = w.done()
    assert events_of(events, "chain_limit") and not done.status[0] & FRUIT and done.seat == 1


def test_an_empty_pool_leaves_the_dung_cell_empty():
    """RULES.md "Landing": "An empty pool gives nothing: a DUNG or SWIPE taken leaves its cell
    empty"."""
    st = table(2)
    st = _park(edit(st, pool=()), list(st.pool))
    after, events, dest = land(st, "DUNG-orange")
    assert after.cards[dest] is None and after.dung[0] == ("DUNG-orange",)
    assert card_event(events)["replaced"] is False


def test_every_kind_of_card_has_its_handler():
    """``resolve_card`` is a table (issue 25, point 6): one handler per kind of card in the game,
    none for a kind that is not."""
    from games.hexcrement.engine.cards import ALL_CARDS
    from games.hexcrement.engine.resolve import CARD_HANDLERS

    assert set(CARD_HANDLERS) == {KIND[code] for code in ALL_CARDS}
