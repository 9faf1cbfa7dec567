"""Winning, the empty bag, the hourglass and time outs ("DECLARING A WINNER", rule 4D/5C-5D,
interpretation "End", "Timer" and "Time out")."""
from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine import errors as E
from games.hexboard_words.engine.legal import END_TURN
from games.protocol import IllegalAction
from tests.games.hexboard_words.helpers import act, position

FIVE = [("can", "can"), ("dog", "dog"), ("sun", "sun"), ("pen", "pen"), ("red", "red")]
OTHER = [("ace", "ace"), ("arm", "arm"), ("art", "art"), ("ask", "ask"), ("bad", "bad")]
SIX_SLOTS = [("hat", "..."), ("big", "..."), ("bus", "..."), ("car", "..."), ("day", "..."), ("fit", "...")]


def test_five_cards_kept_until_your_turn_win():
    """"The first player or team to make and keep 5 word-cards wins!" Interpretation: "the
    first player holding 5 word-cards on their turn wins"."""
    st = position(board="q", slots=SIX_SLOTS, held=[FIVE, []], turn=1)
    after, events = act(st, 1, END_TURN)
    assert after.winners == (0,) and after.ended == "cards" and ENGINE.to_act(after) == ()
    res = ENGINE.result(after)
    assert res.ranks == (1, 2) and res.scores == (5.0, 0.0)
    assert events[-1]["type"] == "game_over" and events[-1]["result"] == res.to_json()


def test_cards_made_in_your_turn_must_be_kept_through_the_others_turns():
    """"make and keep": reaching 5 during your turn does not end the game; an opponent may
    steal one first."""
    st = position(board="tq", slots=[("act", "ac."), *SIX_SLOTS[1:]], held=[FIVE[1:], []], turn=0)
    after, _ = act(st, 0, {"type": "match", "slot": 0, "position": 2, "letter": "t"})
    assert len(after.held[0]) == 5 and after.turn == 0 and not after.winners
    after, _ = act(after, 0, END_TURN)
    assert after.turn == 1 and not after.winners


def test_six_cards_to_win_option():
    """Interpretation, "End": "(lobby: 5 or 6)"."""
    st = position(board="q", slots=SIX_SLOTS, held=[FIVE, []], turn=1, cards_to_win=6)
    after, _ = act(st, 1, END_TURN)
    assert not after.winners and after.turn == 0


def test_a_team_wins_with_its_pooled_cards():
    """"The first player or team to make and keep 5 word-cards wins!\""""
    st = position(4, teams=[0, 1, 0, 1], board="q", slots=SIX_SLOTS,
                  held=[FIVE[:3], OTHER[:4], FIVE[3:], []], turn=1)
    after, _ = act(st, 1, END_TURN)
    assert after.winners == (0, 2)
    assert ENGINE.result(after).ranks == (1, 2, 1, 2)


def test_empty_bag_and_a_round_without_a_word_ends_with_most_cards():
    """Interpretation, "End": "If the bag is empty and a full round passes with no completion
    or steal, the most cards wins.\""""
    st = position(3, board="q", slots=SIX_SLOTS, held=[FIVE[:2], FIVE[2:3], []], turn=0)
    st.bag, st.began_empty, st.hands = (), True, (None, None, None)  # tiles leave the game here
    for seat in (0, 1):
        st, _ = act(st, seat, END_TURN)
        assert st.turn == seat + 1 and not st.winners
    st, events = act(st, 2, END_TURN)
    assert st.winners == (0,) and st.ended == "bag_empty"
    assert ENGINE.result(st).ranks == (1, 2, 3)


def test_a_word_resets_the_empty_bag_round():
    """Interpretation, "End": the round must pass "with no completion or steal"."""
    st = position(2, board="tq", slots=[("act", "ac."), *SIX_SLOTS[1:]], held=[[], []], turn=0)
    st.bag, st.began_empty, st.hands, st.quiet = (), True, (None, None), 1
    st, _ = act(st, 0, {"type": "match", "slot": 0, "position": 2, "letter": "t"})
    st, _ = act(st, 0, END_TURN)
    assert st.quiet == 0 and st.turn == 1


def test_ties_at_the_end_share_the_win():
    """The most cards wins; equal counts share rank 1."""
    st = position(2, board="q", slots=SIX_SLOTS, held=[FIVE[:2], OTHER[:2]], turn=0)
    st.bag, st.began_empty, st.hands = (), True, (None, None)
    st, _ = act(st, 0, END_TURN)
    st, _ = act(st, 1, END_TURN)
    assert st.winners == (0, 1) and ENGINE.result(st).ranks == (1, 1)


def test_timeout_ends_the_turn():
    """Interpretation, "Time out": "the turn ends (the tile stays on the board; the next hidden
    tile is drawn)". Rule 3E: "your time runs out ... your turn is over.\""""
    st = position(board="tq", slots=slots_with_match(), hands=["", "m"])
    timeout = ENGINE.timeout_action(st, 0)
    assert timeout == END_TURN and timeout in ENGINE.legal_actions(st, 0)
    after, _ = act(st, 0, timeout)
    assert after.turn == 1 and after.hands[0] is not None


def test_acting_after_the_hourglass_ran_out_is_refused():
    """Issue 11, point 7: "acting after the hourglass ran out": the turn has passed."""
    st = position(board="tq", slots=slots_with_match())
    after, _ = act(st, 0, ENGINE.timeout_action(st, 0))
    before = ENGINE.encode(after)
    try:
        act(after, 0, {"type": "match", "slot": 0, "position": 2, "letter": "t"})
    except IllegalAction as exc:
        assert (exc.code, exc.message) == (E.NOT_YOUR_TURN.code, E.NOT_YOUR_TURN.message)
    else:
        raise AssertionError("a late action was accepted")
    assert ENGINE.encode(after) == before


def slots_with_match():
    return [("act", "ac."), *SIX_SLOTS[1:]]


def test_the_hourglass_restarts_on_a_word_and_on_a_new_turn_only():
    """Rule 4D: "Reset the hourglass timer." Rule 5D: "You must be sure to reset the hourglass
    timer after you add a letter or steal a word." Issue 11, point 3: the clock restarts
    "after each completed or stolen word within the same turn"."""
    st = position(board="terz", slots=slots_with_match(), held=[[], [("act", "act")]])
    done, events = act(st, 0, {"type": "match", "slot": 0, "position": 2, "letter": "t"})
    assert ENGINE.clock_restarts(st, done, 0, events) is True and done.turn == 0
    stolen, events = act(done, 0, {"type": "steal", "target": "act", "word": "cater"})
    assert ENGINE.clock_restarts(done, stolen, 0, events) is True
    passed, events = act(stolen, 0, END_TURN)
    assert ENGINE.clock_restarts(stolen, passed, 0, events) is True
    # nothing else happens inside a turn, but the hook says False for a non-word step
    assert ENGINE.clock_restarts(done, done, 0, [{"type": "matched"}]) is False
    assert st.turn_seconds == 60 and ENGINE.view(st, 0)["options"]["turn_seconds"] == 60
