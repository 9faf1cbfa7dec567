"""The bots: random and heuristic, deciding from a view; the timeout action."""
from __future__ import annotations

import random

import pytest

from games.hextopia.engine import errors as E
from games.hextopia.engine.bots import HeuristicBot
from games.protocol import Bot, IllegalAction, RandomBot, SeatSpec
from tests.games.hextopia.helpers import ENGINE, lane, position, progress_at


def choice(st, seat):
    return HeuristicBot().choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), random.Random(0))


def test_bots_are_listed_by_kind():
    """Rules: "Each player plays a card in turn" (bots fill seats like players)."""
    kinds = ENGINE.bots()
    assert set(kinds) == {"random", "heuristic"}
    assert kinds["random"] is RandomBot
    for factory in kinds.values():
        assert isinstance(factory(), Bot)


def test_heuristic_prefers_entering_hextopia():
    """Rules: "The object is to be the first to get all pieces from your HOME(s) to HEXTOPIA(s)." """
    st = position(2, pieces={(0, 0): 68, (0, 1): 20}, hands={0: ["7H"]})
    assert choice(st, 0)["piece"] == 0


def test_heuristic_captures_an_opponent():
    """Rules: "the piece that occupied the space previously is sent back to their HOME." """
    base = position(2)
    st = position(2, pieces={(0, 0): 3, (0, 1): 40, (1, 0): progress_at(base, 1, 10)}, hands={0: ["7H"]})
    assert choice(st, 0)["piece"] == 0


def test_heuristic_avoids_sending_its_own_piece_home():
    """Rules: "whether it's an opponent's, a teammate's, or the player's own piece" """
    st = position(2, pieces={(0, 0): 3, (0, 1): 10, (0, 2): 40}, hands={0: ["7H"]})
    assert choice(st, 0)["piece"] != 0


def test_heuristic_avoids_a_teammates_piece():
    """Rules: "whether it's an opponent's, a teammate's, or the player's own piece" """
    base = position(4, layout="2v2")
    st = position(4, layout="2v2", pieces={(0, 0): 3, (0, 1): 40, (2, 0): progress_at(base, 2, 10)},
                  hands={0: ["7H"]})
    assert choice(st, 0)["piece"] == 1


def test_heuristic_avoids_landing_just_ahead_of_an_opponent():
    """Rules: "If a player's piece lands on a space occupied by another piece" (so do not stop where
    an opponent behind can land)."""
    base = position(2)
    # piece 0 would land on space 30, five ahead of an opponent on 25; piece 1 lands safely
    st = position(2, pieces={(0, 0): 23, (0, 1): 50, (1, 0): progress_at(base, 1, 25)}, hands={0: ["7H"]})
    assert choice(st, 0)["piece"] == 1


def test_heuristic_uses_a_jack_to_jump_ahead():
    """Rules: "JACK: The player exchanges any one of their pieces IN-PLAY with any other player's
    piece IN-PLAY." """
    base = position(2)
    st = position(2, pieces={(0, 0): 2, (1, 0): progress_at(base, 1, 66), (1, 1): progress_at(base, 1, 20)},
                  hands={0: ["JH"]})
    pick = choice(st, 0)
    assert (pick["target_seat"], pick["target_piece"]) == (1, 0)


def test_heuristic_helps_its_teammate_once_finished():
    """Rules: "Only once a player has successfully entered all their pieces into their HEXTOPIA can
    they play their cards on their teammates pieces in turn." """
    base = position(4, layout="2v2")
    pieces = {(0, i): lane(base, 4 - i) for i in range(4)} | {(2, 0): 66, (2, 1): 10}
    st = position(4, layout="2v2", pieces=pieces, hands={0: ["7H"]})
    assert choice(st, 0) == {"type": "play", "card": "7H", "move": "forward", "seat": 2, "piece": 0}


def test_heuristic_discards_a_card_it_values_least():
    """Rules: "If a player cannot move with any of their cards they discard a card of their choice" """
    st = position(2, pieces={(0, 0): 70}, hands={0: ["QS", "9H", "JD"]})
    assert choice(st, 0) == {"type": "discard", "card": "9H"}


def test_timeout_plays_what_the_heuristic_bot_would():
    """Rules: "If a player has a card that can be played then it must be played" (on a timeout too)."""
    rng = random.Random(3)
    st = ENGINE.setup({"jokers": True}, [SeatSpec(team=t) for t in (0, 1, 0, 1)], 5)
    for _ in range(120):
        seat = ENGINE.to_act(st)[0]
        legal = ENGINE.legal_actions(st, seat)
        timeout = ENGINE.timeout_action(st, seat)
        assert timeout in legal and timeout == choice(st, seat)
        st, _ = ENGINE.apply(st, seat, rng.choice(legal))


def test_timeout_is_only_for_the_seat_to_act():
    """Rules: "Each player plays a card in turn" """
    st = position(2, hands={0: ["7H"]})
    with pytest.raises(IllegalAction) as info:
        ENGINE.timeout_action(st, 1)
    assert (info.value.code, info.value.message) == E.NOT_YOUR_TURN


def test_heuristic_beats_random_in_most_two_player_games():
    """Rules: "The first player to successfully enter all four pieces into their HEXTOPIA wins the
    game." (bench/hextopia_bots.py plays more games; this is a small deterministic sample)."""
    rng = random.Random(11)
    wins = 0
    games = 20
    for g in range(games):
        bots = [RandomBot(), RandomBot()]
        bots[g % 2] = HeuristicBot()
        st = ENGINE.setup({}, [SeatSpec(), SeatSpec()], rng.randrange(2**62))
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[0]
            action = bots[seat].choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), rng)
            st, _ = ENGINE.apply(st, seat, action)
        wins += ENGINE.result(st).winners == (g % 2,)
    assert wins >= 15
