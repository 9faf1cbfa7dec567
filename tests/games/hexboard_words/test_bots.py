"""Bots (issue 11, point 5: "random-legal and strong (finds every completion and every steal
available, prefers steals that hurt the leader), each from its seat's view; a "junior" level
that only knows the junior list")."""
import random

from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.bots import JuniorBot, StrongBot
from games.hexboard_words.engine.steals import find_steals, letter_counts
from games.hexboard_words.engine.words import is_word
from games.protocol import RandomBot, SeatSpec
from tests.games.hexboard_words.helpers import position

SLOTS = [("act", "ac."), ("dog", "..."), ("sun", "..."), ("pen", "..."), ("red", "..."), ("hat", "...")]


def test_kinds_weakest_first_with_lobby_descriptions():
    kinds = ENGINE.bots()
    assert list(kinds) == ["random", "junior", "strong"]
    for factory in kinds.values():
        bot = factory()
        assert bot.name and bot.description.endswith(".")


def test_the_strong_bot_finds_every_steal_the_engine_lists():
    """Its search (from the view) finds exactly the steals in the legal actions."""
    st = position(3, board="erstdo", slots=SLOTS, held=[[], [("act", "act")], [("are", "rear")]])
    legal = ENGINE.legal_actions(st, 0)
    view = ENGINE.view(st, 0)
    found = {(old, new) for old in ("act", "rear")
             for new in find_steals("standard", old, letter_counts("erstdo"), False, False,
                                    {"act", "rear"})}
    assert found == {(a["target"], a["word"]) for a in legal if a["type"] == "steal"}
    assert StrongBot().choose(view, legal, random.Random(0))["type"] == "steal"


def test_the_strong_bot_steals_from_the_leader():
    st = position(3, board="er", slots=SLOTS,
                  held=[[], [("act", "act")], [("ace", "ace"), ("arm", "arm"), ("art", "tar")]])
    choice = StrongBot().choose(ENGINE.view(st, 0), ENGINE.legal_actions(st, 0), random.Random(0))
    assert choice["type"] == "steal" and choice["target"] in ("ace", "arm", "tar")


def test_the_strong_bot_completes_a_card_when_no_steal_exists():
    st = position(board="tq", slots=SLOTS, held=[[], []])
    choice = StrongBot().choose(ENGINE.view(st, 0), ENGINE.legal_actions(st, 0), random.Random(0))
    assert choice == {"type": "match", "slot": 0, "position": 2, "letter": "t"}


def test_the_strong_bot_does_not_leave_a_completion_to_the_next_player():
    """With "dog" two letters short and both on the board, matching one would let the next
    player complete it; matching the s of "sun" leaves nothing to complete."""
    st = position(board="ogs", slots=[("act", "..."), ("dog", "d.."), *SLOTS[2:]], held=[[], []])
    choice = StrongBot().choose(ENGINE.view(st, 0), ENGINE.legal_actions(st, 0), random.Random(0))
    assert choice["type"] == "match" and choice["slot"] != 1


def test_the_junior_bot_only_knows_the_junior_list():
    st = position(board="rsln", slots=SLOTS, held=[[], [("ate", "ate")]])
    legal = ENGINE.legal_actions(st, 0)
    steals = [a for a in legal if a["type"] == "steal"]
    assert any(not is_word(a["word"], "junior") for a in steals)
    view = ENGINE.view(st, 0)
    for _ in range(3):
        choice = JuniorBot().choose(view, legal, random.Random(0))
        assert choice["type"] != "steal" or is_word(choice["word"], "junior")


def test_bots_play_whole_games_from_the_view():
    """Every kind picks a legal action from the view alone, to the end of a game."""
    kinds = ENGINE.bots()
    rng = random.Random(3)
    for names in (("strong", "random"), ("junior", "strong", "random")):
        st = ENGINE.setup({"blank": True}, [SeatSpec()] * len(names), 4)
        bots = [kinds[n]() for n in names]
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            action = bots[seat].choose(ENGINE.view(st, seat), legal, rng)
            assert action in legal
            st, _ = ENGINE.apply(st, seat, action)
        assert ENGINE.result(st) is not None
    assert isinstance(kinds["random"](), RandomBot)
