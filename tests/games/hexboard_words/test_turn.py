"""A turn: matching, completing, stealing, drawing (rules sections 3-5; interpretation,
"A turn" and "Steal restrictions")."""
from collections import Counter

import pytest

from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine import errors as E
from games.hexboard_words.engine.legal import END_TURN
from games.hexboard_words.engine.steals import added_letters
from games.hexboard_words.engine.words import lexicon
from games.protocol import IllegalAction
from tests.games.hexboard_words.helpers import act, board_letters, letters, position

FRESH = [("act", "..."), ("dog", "..."), ("sun", "..."), ("pen", "..."), ("red", "..."), ("hat", "...")]


def slots(**changes):
    """FRESH with some cards replaced, e.g. slots(s0=("act", "ac."))."""
    out = list(FRESH)
    for k, v in changes.items():
        out[int(k[1:])] = v
    return out


def test_a_plain_match_ends_the_turn_and_draws_the_next_hidden_tile():
    """Rule 3D: "Once you have matched a letter-tile to a word-card, take another letter-tile
    from the bag. Keep it in your hand and wait for your next turn." Note under 4F: "If you
    can only match a letter-tile ... you do not continue to play.\""""
    st = position(board="axq", slots=slots(), hands=["", "m"], bag="k")
    after, events = act(st, 0, {"type": "match", "slot": 0, "position": 0, "letter": "a"})
    assert letters(after, after.slots[0][1][:1]) == "a" and after.slots[0][1][1:] == (None, None)
    assert after.hands[0] is not None and letters(after, [after.hands[0]]) == "k"
    assert after.turn == 1 and after.hands[1] is None  # seat 1 placed its m (rule 3C)
    assert board_letters(after) == {"x": 1, "q": 1, "m": 1}
    assert [e["type"] for e in events][:2] == ["matched", "turn_ended"]


def test_any_board_tile_may_be_matched_not_only_your_own():
    """Rule 3C note: "You do not have to use your own letter-tile when matching a letter-tile
    to a word-card. You can use any letter-tile on the board.\""""
    st = position(board="tz", slots=slots(), hands=["", "e"])
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "match", "slot": 0, "position": 2, "letter": "t"} in legal
    assert {"type": "match", "slot": 5, "position": 2, "letter": "t"} in legal


def test_completing_a_card_takes_it_replaces_it_draws_to_the_board_and_plays_again():
    """Rule 4A-4E: "you can complete any word-card on the board by matching the last unmatched
    letter ... take the word-card and place it in front of you ... Replace the completed
    word-card with a new one ... Take another letter-tile from the bag ... Continue playing".
    Interpretation: "take the card with its tiles, draw a tile to the board, play again"."""
    st = position(board="tq", slots=slots(s0=("act", "ac.")), bag="w")
    next_card = st.deck[0]
    after, events = act(st, 0, {"type": "match", "slot": 0, "position": 2, "letter": "t"})
    card, word, tiles = after.held[0][0]
    assert (card, word, letters(after, tiles)) == ("act", "act", "act")
    assert after.slots[0] == (next_card, (None, None, None))
    assert board_letters(after) == {"q": 1, "w": 1}
    assert after.turn == 0 and after.words_in_turn == 1
    assert {"completed", "new_card", "drew"} <= {e["type"] for e in events}


def test_an_empty_deck_leaves_the_place_empty():
    """Rule 4C: "Replace the completed word-card with a new one" (none left: the place stays
    empty)."""
    st = position(board="t", slots=slots(s0=("act", "ac.")))
    st.deck = ()
    after, _ = act(st, 0, {"type": "match", "slot": 0, "position": 2, "letter": "t"})
    assert after.slots[0] is None
    assert not [a for a in ENGINE.legal_actions(after, 0) if a.get("slot") == 0]


def test_a_steal_takes_the_card_with_its_tiles_rearranged_and_draws():
    """Rule 5A-5C: "Select one or more letter-tiles and add it (or them) to the word you wish
    to steal. Rearrange the letters to make a new word. Take the word-card (with the
    letter-tiles) from your opponent ... Take another letter-tile from the bag"."""
    st = position(board="erz", slots=slots(), held=[[], [("act", "act")]], bag="m")
    after, events = act(st, 0, {"type": "steal", "target": "act", "word": "cater"})
    assert after.held[1] == ()
    card, word, tiles = after.held[0][0]
    assert (card, word, letters(after, tiles)) == ("act", "cater", "cater")
    assert set(tiles) > set(st.held[1][0][2])  # the old tiles are kept
    assert board_letters(after) == {"z": 1, "m": 1} and after.turn == 0
    assert events[0] == {"type": "stolen", "seat": 0, "from": 1, "old": "act", "new": "cater",
                         "card": "act", "added": events[0]["added"]}


def test_you_may_steal_back():
    """Rule 4, IMPORTANT: "if an opponent steals your word-card, you can steal that word back
    on another turn.\""""
    st = position(board="ers", slots=slots(), held=[[], [("act", "cater")]], turn=0)
    after, _ = act(st, 0, {"type": "steal", "target": "cater", "word": "tracers"})
    assert after.held[0][0][1] == "tracers"


def test_your_own_words_are_frozen():
    """Rule 4, IMPORTANT: "Once you complete a word-card and place it in front of you, you can
    no longer change the letters of that word card.\""""
    st = position(board="er", slots=slots(), held=[[("act", "act")], []])
    with pytest.raises(IllegalAction) as exc:
        act(st, 0, {"type": "steal", "target": "act", "word": "cater"})
    assert exc.value.message == E.OWN_WORD.message
    assert not [a for a in ENGINE.legal_actions(st, 0) if a["type"] == "steal"]


def test_teammates_words_are_frozen_too():
    """Rule "DECLARING A WINNER": "The first player or team ..." (a team pools its cards, so a
    partner's word is the team's own)."""
    st = position(4, teams=[0, 1, 0, 1], board="er", slots=slots(), held=[[], [], [("act", "act")], []])
    with pytest.raises(IllegalAction) as exc:
        act(st, 0, {"type": "steal", "target": "act", "word": "cater"})
    assert exc.value.code == "own_word"


@pytest.mark.parametrize("word, rule", [
    ("cat", E.STEAL_ADDS_NOTHING),       # an anagram adds no tile
    ("acts", E.STEAL_ONLY_S),            # only an S
    ("cast", E.STEAL_ONLY_S),            # only an S, even rearranged
    ("care", E.STEAL_DROPS_LETTER),      # drops the t
    ("actxz", E.NOT_A_WORD),
    ("react", E.WORD_ON_TABLE),
    ("tracer", E.STEAL_TILES_MISSING),   # needs a second r
])
def test_steal_restrictions(word, rule):
    """Interpretation, "Steal restrictions": "all letters of the old word are used; at least
    one board tile is added; adding only an S is refused; the new word may not already be on
    the table"; and the tiles added come from the board (rule 5A)."""
    st = position(3, board="erszx", slots=slots(), held=[[], [("act", "act")], [("are", "react")]])
    before = ENGINE.encode(st)
    with pytest.raises(IllegalAction) as exc:
        act(st, 0, {"type": "steal", "target": "act", "word": word})
    assert (exc.value.code, exc.value.message) == (rule.code, rule.message)
    assert ENGINE.encode(st) == before


def test_strict_steals_refuse_the_old_word_unbroken():
    """Interpretation: "Lobby option "strict": the old word may not appear unbroken inside the
    new one.\""""
    st = position(board="erss", slots=slots(), held=[[], [("act", "act")]], strict=True)
    with pytest.raises(IllegalAction) as exc:
        act(st, 0, {"type": "steal", "target": "act", "word": "actress"})
    assert exc.value.message == E.STRICT_STEAL.message
    act(st, 0, {"type": "steal", "target": "act", "word": "casters"})  # rearranged: fine
    assert {"type": "steal", "target": "act", "word": "actress"} not in ENGINE.legal_actions(st, 0)
    loose = position(board="erss", slots=slots(), held=[[], [("act", "act")]])
    assert {"type": "steal", "target": "act", "word": "actress"} in ENGINE.legal_actions(loose, 0)


def test_every_steal_is_listed():
    """Issue 11: legal actions list the steals that exist (found with the anagram index)."""
    st = position(board="erez", slots=slots(), held=[[], [("act", "act")]])
    steals = sorted(a["word"] for a in ENGINE.legal_actions(st, 0) if a["type"] == "steal")
    # every word of the list made of a, c, t and some of e, e, r, z: by brute force
    brute = sorted(w for w in lexicon("standard").words
                   if (extra := added_letters("act", w)) and extra != "s"
                   and not Counter(extra) - Counter("eerz"))
    assert steals == brute and {"cater", "crate", "react", "trace", "cart"} <= set(steals)


def test_the_blank_stands_for_any_one_letter_and_keeps_it():
    """Interpretation, "Tiles": "one blank (wild) tile"; once on a word-card it keeps the
    letter it stood for (as in Scrabble)."""
    st = position(board="e?", slots=slots(s0=("act", "ac.")), held=[[], [("act", "act")]], blank=True)
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "match", "slot": 0, "position": 2, "letter": "?"} in legal
    assert {"type": "steal", "target": "act", "word": "cater"} in legal  # ? = r
    after, _ = act(st, 0, {"type": "steal", "target": "act", "word": "cater"})
    assert after.blank_as == "r" and letters(after, after.held[0][0][2]) == "cater"
    real_first = position(board="r?", slots=slots(), held=[[], [("act", "act")]], blank=True)
    after, _ = act(real_first, 0, {"type": "steal", "target": "act", "word": "cart"})
    assert after.blank_as == "" and "BLANK" in after.board  # the real r was used


def test_end_turn_is_always_possible_and_leaves_the_tile():
    """Rule 3E: "If you cannot find a match for any letter-tile or your time runs out ... your
    turn is over. Leave your letter-tile on the board, draw a new letter from the bag"."""
    st = position(board="q", slots=slots(), hands=["", "z"], bag="j")
    assert ENGINE.legal_actions(st, 0) == [END_TURN]
    after, events = act(st, 0, END_TURN)
    assert board_letters(after) == {"q": 1, "z": 1} and letters(after, [after.hands[0]]) == "j"
    assert after.turn == 1 and after.turn_number == st.turn_number + 1
    private = [e for e in events if e["type"] == "hidden_tile"]
    assert private == [{"type": "hidden_tile", "seat": 0, "tile": after.hands[0], "letter": "j",
                        "visible_to": [0]}]


def test_play_proceeds_to_the_left():
    """Rule 2: "Once the first person or team is determined, play always proceeds to left.\""""
    st = position(3, board="q", slots=slots(), turn=2)
    after, _ = act(st, 2, END_TURN)
    assert after.turn == 0


def test_the_packed_indexes_and_a_brute_force_search_agree():
    """steals.py answers from the word-cards' steal indexes in the list's pack (packed.py); a
    key no card has gets an index built from the whole list. Both find exactly what a brute
    force over the list finds: the keys strictly containing the word (not it plus one S) whose
    added letters are on the board, the blank standing for at most one of them; and a stolen
    word searched through its card's index (``within``) finds the same."""
    import random

    from games.hexboard_words.engine.steals import extensions, letter_counts
    from games.hexboard_words.engine.words import sorted_letters

    keys = lexicon("standard").keys()
    rng = random.Random(4)
    for word in ["act", "cater", "ate", "ogre", "planet", "sun", "bread"]:
        key = sorted_letters(word)
        need = Counter(key)
        bigger = [(i, Counter(k) - need) for i, k in enumerate(keys)
                  if len(k) > len(key) and all(k.count(ch) >= n for ch, n in need.items())
                  and k != sorted_letters(key + "s")]
        assert bigger, word
        for _ in range(6):
            board = "".join(rng.choice("aeeioustrnlcdpmhgb") for _ in range(rng.randint(1, 14)))
            blank = rng.random() < 0.3
            counts = letter_counts(board)
            brute = [i for i, extra in bigger if sum((extra - Counter(board)).values()) <= (1 if blank else 0)]
            via_index = extensions("standard", key).reachable(counts, blank)
            assert via_index == brute, (word, board, blank)
            base = extensions("standard", sorted_letters(word[:3]))
            found = base.within(key)
            assert found is not None and base.reachable(counts, blank, *found) == via_index
