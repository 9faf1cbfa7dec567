"""What each seat sees (issue 3, "Views"; rules, "Development cards")."""
import json

from games.hexfolk.engine import ENGINE
from tests.games.hexfolk.helpers import act, give, give_dev, main_phase, new_game

SECRET_KEYS = {"seed", "rng", "draws", "deck"}


def keys_of(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from keys_of(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from keys_of(v)


def test_other_hands_and_dev_cards_are_counts_only():
    """Rules: "The other players only see how many development cards you have, not which
    ones." Other hands show as counts."""
    st = give(main_phase(3), 1, ore=2, wool=1)
    st = give_dev(st, 1, "knight")
    st = give_dev(st, 1, "victory_point")
    mine = ENGINE.view(st, 1)
    assert mine["hand"]["ore"] == 2 and mine["dev_cards"]["victory_point"] == 1 and mine["points"] == 1
    for viewer in (0, 2, None):
        v = ENGINE.view(st, viewer)
        p = v["players"][1]
        assert p["resource_count"] == 3 and p["dev_card_count"] == 2
        assert "victory_point_cards" not in p and "points" not in p
        text = json.dumps(v)
        assert '"victory_point": 1' not in text
        if viewer is not None:
            assert v["hand"] == {"lumber": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 0}
    assert "hand" not in ENGINE.view(st, None)


def test_victory_point_cards_revealed_when_the_game_is_over():
    """Rules: "Victory point card: 1 victory point, hidden until victory"."""
    st = give_dev(main_phase(2, victory_points=8), 1, "victory_point", 2)
    st = st.clone()
    st.phase = "over"
    st.winner = 0
    st.ended = "victory"
    v = ENGINE.view(st, None)
    assert v["players"][1]["victory_point_cards"] == 2 and v["players"][1]["points"] == 2
    assert v["result"]["scores"][1] == 2.0


def test_no_secret_in_any_view():
    """Architecture: a view "never contains ... deck order, ... the RNG seed or draw
    counter"."""
    st = new_game(4, seed=982_451_653_123)
    for _ in range(40):
        (seat,) = ENGINE.to_act(st)[:1]
        st, _ = act(st, seat, ENGINE.timeout_action(st, seat))
    for viewer in (None, 0, 1, 2, 3):
        v = json.loads(json.dumps(ENGINE.view(st, viewer)))
        assert not set(keys_of(v)) & SECRET_KEYS
        assert str(st.seed) not in json.dumps(v)


def test_view_shows_board_and_what_is_public():
    """Hexfolk "shows you at all times what is possible": board, pieces, robber, bank."""
    st = main_phase(4)
    v = ENGINE.view(st, 0)
    assert len(v["board"]["hexes"]) == 19 and len(v["board"]["nodes"]) == 54
    assert len(v["board"]["edges"]) == 72 and len(v["board"]["harbors"]) == 9
    assert v["to_act"] == [0] and v["bank"]["ore"] == 19 and v["dev_cards_left"] == 25
    assert v["trade_rates"]["ore"] == [4]


def _play_out(options, n=3, seed=11):
    """A game played by the playout bot; returns (final state, the turn numbers the log's
    "turn" events told, in order)."""
    import random

    from games.hexfolk.engine.bots import BuilderBot
    from games.protocol import SeatSpec

    rng = random.Random(seed)
    st = ENGINE.setup(options, [SeatSpec()] * n, seed)
    told = []
    bot = BuilderBot()
    while ENGINE.to_act(st):
        seat = ENGINE.to_act(st)[0]
        st, events = ENGINE.apply(st, seat, bot.choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), rng))
        told += [ev["turn_number"] for ev in events if ev["type"] == "turn"]
    return st, told


def test_the_turn_count_of_the_summary_agrees_with_the_log():
    """Issue 8: "Hexfolk's summary counts turns the way the log does". The summary
    (static/hexfolk/summary.js, words.js turnsPlayed) reads the final view's ``turn_number``
    and ``ended``: a game won is won in the turn the log told last; a turn limit ends the game
    as the next turn is counted, a turn the log never tells."""
    st, told = _play_out({"turn_limit": 3})
    view = ENGINE.view(st, None)
    assert view["ended"] == "turn_limit"
    assert told == list(range(1, len(told) + 1)) and told[-1] == 9  # 3 rounds of 3 players
    assert view["turn_number"] - 1 == told[-1]
    st, told = _play_out({"victory_points": 8}, seed=5)
    view = ENGINE.view(st, None)
    assert view["ended"] == "victory"
    assert view["turn_number"] == told[-1]
