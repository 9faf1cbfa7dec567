"""The end of the game: the target score with the round finished, or the deck empty and every
player passing in a row (rule 13 and the interpretation)."""
from __future__ import annotations

from games.hexal.engine import errors as E
from games.hexal.engine.engine import result_of
from tests.games.hexal.helpers import ENGINE, act, position, refused

HAND = ["RC2", "RT2", "BX5", "GH4", "YS3", "PP6"]


def score_one(st):
    """The seat to act plays RC2 beside RC1 (2 points) and ends its turn."""
    return act(st, {"type": "target", "card": "RC1"}, {"type": "place", "card": "RC2", "q": 1, "r": 0},
               {"type": "end_turn"})


def test_reaching_the_target_finishes_the_round():
    """Rule 13: "Play continues until one player reaches 100 points." Interpretation: "when a
    player reaches 100 points, the round is finished so everyone has had the same number of
    turns" """
    st = position(3, table={(0, 0): ["RC1"]}, hands={2: HAND, 0: ["RC3", "OT4", "YS5", "GH6", "BP4", "PX5"]},
                  current=2, totals=(90, 80, 99))
    st.first = 1  # the round runs 1, 2, 0
    st, events = score_one(st)
    assert st.final_round and {"type": "target_reached", "seat": 2, "total": 101} in events
    assert st.current == 0 and not st.ended  # seat 0 still has its turn in this round
    st, events = act(st, {"type": "target", "card": "RC1"}, {"type": "place", "card": "RC3", "q": 0, "r": 0},
                     {"type": "end_turn"})
    assert st.ended == "target" and events[-1]["type"] == "game_over"
    assert events[-1]["result"] == {"ranks": [2, 3, 1], "scores": [92.0, 80.0, 101.0], "winners": [2]}
    assert ENGINE.to_act(st) == () and ENGINE.legal_actions(st, 1) == []


def test_the_last_player_of_the_round_ends_the_game_at_once():
    """Interpretation: the round is finished, and the player before the first player closes it."""
    st = position(2, table={(0, 0): ["RC1"]}, hands={1: HAND}, current=1, totals=(50, 99))
    st.first = 0
    st, events = score_one(st)
    assert st.ended == "target" and ENGINE.result(st).winners == (1,)


def test_the_highest_score_wins_and_equal_totals_share_the_rank():
    """Rule 13: "The player with the highest score wins." Interpretation: "the highest total
    wins; equal totals share the rank." """
    st = position(3, totals=(100, 100, 40))
    st.ended, st.phase = "target", "over"
    res = result_of(st)
    assert res.ranks == (1, 1, 3) and res.winners == (0, 1) and res.scores == (100.0, 100.0, 40.0)
    st.totals = (30, 60, 30)
    assert result_of(st).ranks == (2, 1, 2)


def test_the_target_score_is_a_lobby_option():
    """Interpretation: "Lobby option: target 50-200." (default 100)."""
    assert ENGINE.validate_options({}) == {"target_score": 100, "personal_stack": False}
    st = position(2, table={(0, 0): ["RC1"]}, hands={0: HAND}, totals=(49, 0), target_score=50)
    st.first = 1
    st, _ = score_one(st)
    assert st.final_round


def test_the_game_ends_when_the_deck_is_empty_and_everyone_passed_in_a_row():
    """Interpretation: "The game also ends when the deck is empty and every player passed in a
    row." """
    st = position(3, table={(0, 0): ["RC1"]}, hands={0: HAND}, deck=[])
    st, _ = act(st, {"type": "pass"}, {"type": "pass"})
    assert not st.ended and st.passes == 2
    other = position(3, table={(0, 0): ["RC1"]}, hands={2: HAND}, deck=[], current=2)
    other.passes = 2
    scored, _ = score_one(other)
    assert scored.passes == 0 and not scored.ended  # a turn with a play breaks the run
    st, events = act(st, {"type": "pass"})
    assert st.ended == "passes" and events[-1]["reason"] == "passes"
    assert "every player passed in a row" in ENGINE.view(st, None)["phase_text"]


def test_nothing_is_played_after_the_end():
    """Once over, every action is refused and no seat is to act."""
    st = position(2, table={(0, 0): ["RC1"]}, hands={1: HAND}, current=1, totals=(50, 99))
    st.first = 0
    st, _ = score_one(st)
    for seat in (0, 1):
        err = refused(st, seat, {"type": "pass"})
        assert (err.code, err.message) == E.GAME_OVER
        assert ENGINE.legal_actions(st, seat) == []
