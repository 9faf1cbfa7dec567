"""Views (issue 11, point 4: "the hidden tile of each player is seen by its owner only; the bag
as a count; the suggested words of cards under the board are seen by nobody, those of
completed cards by all")."""
import json

from games.conformance import check_envelope, find_secrets
from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.words import suggestions
from tests.games.hexboard_words.helpers import act, position

SLOTS = [("act", "ac."), ("dog", "..."), ("sun", "..."), ("pen", "..."), ("red", "..."), ("hat", "...")]


def table():
    return position(3, board="tex", slots=SLOTS, held=[[], [("ace", "cater")], []],
                    hands=["", "m", "k"])


def test_the_hidden_tile_is_seen_by_its_owner_only():
    """Rule 3A: "keeps it in his/her hand to hide it from opposing players"."""
    st = table()
    for seat in (None, 0, 1, 2):
        view = json.loads(json.dumps(ENGINE.view(st, seat)))
        own = st.hands[seat] if seat is not None else None
        assert view["hidden_tile"] == (None if own is None else {"tile": own, "letter": st.letter(own)})
        others = [t for s, t in enumerate(st.hands) if t and s != seat]
        assert find_secrets(view, others) is None
        assert [p["has_hidden_tile"] for p in view["players"]] == [False, True, True]


def test_the_bag_is_a_count_and_the_deck_order_is_hidden():
    st = table()
    view = ENGINE.view(st, 0)
    assert view["bag_count"] == len(st.bag) and view["deck_count"] == len(st.deck)
    assert find_secrets(view, [*st.bag, tuple(st.bag), tuple(st.deck)]) is None
    assert "seed" not in json.dumps(view) and "draws" not in view


def test_suggestions_of_cards_under_the_board_are_hidden_and_of_completed_cards_shown():
    """Rule 1C: "The "suggested words" on the cards are now hidden from view." Rule 4B: "turn
    the word-card towards the other players so they can read the word"; rule 5: "steal
    another player's completed word-card by looking at the suggested words on each
    word-card"."""
    st = table()
    sugg = suggestions()
    for seat in (None, 0, 1):
        view = ENGINE.view(st, seat)
        assert find_secrets(view, [sugg[w] for w, _ in SLOTS]) is None
        assert view["players"][1]["cards"][0]["suggestions"] == list(sugg["ace"])
        assert view["players"][1]["cards"][0]["word"] == "cater"
        assert [s["word"] for s in view["slots"]] == [w for w, _ in SLOTS]


def test_envelope_and_seats():
    """games/protocol.py: the ViewEnvelope with a colour, score and summary per seat."""
    st = table()
    view = json.loads(json.dumps(ENGINE.view(st, 2)))
    check_envelope(ENGINE, view, 3, 2, [0])
    assert view["seats"][1]["score"] == 1 and view["seats"][1]["summary"] == "1 word-card"
    assert view["seats"][0]["colour"].startswith("#") and view["phase"] == "play"


def test_no_view_tells_which_match_completes_a_card_or_which_steal_exists():
    """Issue 11, point 6: the player finds completions and steals (client_legal_actions shows
    templates); the view shows the board and the cards, as the table does, and no list of
    answers, not even to the seat to act."""
    st = table()
    for seat in (0, 1, None):
        view = ENGINE.view(st, seat)
        assert "matches" not in view and "steals" not in view
        assert not [k for k in view if "legal" in k or "complete" in k]


def test_a_finished_game_shows_the_result():
    st = position(board="q", slots=SLOTS, held=[[("ace", "ace")] * 0 + [(w, w) for w in
                  ("ace", "arm", "art", "ask", "bad")], []], turn=1)
    after, _ = act(st, 1, {"type": "end_turn"})
    view = ENGINE.view(after, None)
    assert view["result"]["winners"] == [0] and view["to_act"] == [] and view["phase"] == "over"
    assert "made and kept 5 word-cards" in view["phase_text"]
