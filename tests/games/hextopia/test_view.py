"""What each seat may see: its own hand only, never the seed, deck order or draw counter."""
from __future__ import annotations

import json
import random

from games.protocol import visible_events
from tests.games.hextopia.helpers import ENGINE, lane, position, progress_at, seats_for

SECRETS = ("seed", "rng", "draws", "deck")


def keys_of(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from keys_of(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from keys_of(v)


def test_a_seat_sees_only_its_own_hand():
    """Rules: "HANDs should not be shown to other players including teammates." """
    st = ENGINE.setup({}, seats_for(4, "2v2"), 3)
    for seat in range(4):
        view = ENGINE.view(st, seat)
        assert view["hand"] == list(st.hands[seat])
        # the face-up dealer draw came from its own shuffle, so its cards may repeat hand cards
        text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "dealer_draw")})
        for other in range(4):
            if other != seat:
                # another seat's cards appear nowhere (the pile is empty at the start)
                assert not any(f'"{card}"' in text for card in st.hands[other])
        assert [s["hand_count"] for s in view["seats"]] == [len(h) for h in st.hands]


def test_spectators_see_no_hand_and_no_moves():
    """Rules: "HANDs should not be shown to other players" """
    st = ENGINE.setup({}, seats_for(3), 3)
    view = ENGINE.view(st, None)
    assert "hand" not in view and view["moves"] == [] and view["viewer"] is None


def test_views_never_hold_secrets_during_a_game():
    """Rules: "Shuffle cards and deal HANDs (see Definitions) face down" """
    rng = random.Random(2)
    st = ENGINE.setup({"jokers": True}, seats_for(6, "3x2"), 987_654_321_987)
    for _ in range(300):
        for seat in [None, *range(6)]:
            view = json.loads(json.dumps(ENGINE.view(st, seat)))
            assert not set(keys_of(view)) & set(SECRETS)
            assert str(st.seed) not in json.dumps(view)
        seat = ENGINE.to_act(st)[0]
        st, events = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
        for e in events:
            if e["type"] == "hand":
                assert e["visible_to"] == [e["seat"]]
                assert visible_events([e], None) == []
                assert visible_events([e], (e["seat"] + 1) % 6) == []


def test_view_shape_follows_the_contract():
    """Rules: "Each player plays a card in turn beginning with the player to the left of the dealer." """
    st = ENGINE.setup({}, seats_for(4), 5)
    view = ENGINE.view(st, st.turn)
    for key in ("game", "track_length", "options", "to_act", "dealer", "deal", "hand_number", "turn",
                "seats", "hand", "last_card", "moves", "result"):
        assert key in view
    assert view["game"] == "hextopia" and view["to_act"] == [st.turn]
    assert view["options"] == {"jokers": False}
    assert set(view["seats"][0]) >= {"seat", "station", "colour", "team", "pieces", "hand_count",
                                     "sitting_out", "finished"}
    assert view["seats"][0]["pieces"][0] == {"piece": 0, "where": "home", "index": None, "progress": None}


def test_moves_describe_every_legal_action_in_order():
    """Rules: "If a player's piece lands on a space occupied by another piece ... the piece that
    occupied the space previously is sent back to their HOME." """
    base = position(2)
    st = position(2, pieces={(0, 0): 3, (0, 1): 68, (1, 0): progress_at(base, 1, 10)},
                  hands={0: ["7H", "JD", "KS"]})
    view = ENGINE.view(st, 0)
    legal = ENGINE.legal_actions(st, 0)
    assert [m["action"] for m in view["moves"]] == legal
    by_card = {(m["card"], m["piece"]): m for m in view["moves"]}
    seven = by_card[("7H", 0)]
    assert seven["from"] == {"where": "track", "index": 3, "progress": 3}
    assert seven["to"] == {"where": "track", "index": 10, "progress": 10}
    assert seven["captures"] == [[1, 0]]
    assert seven["label"] == "7\u2665: move red piece 1 from space 3 to space 10 and send yellow piece 1 HOME"
    into = by_card[("7H", 1)]
    assert into["to"] == {"where": "hextopia", "index": 4, "progress": lane(st, 4)}
    assert into["label"] == "7\u2665: move red piece 2 from space 68 to HEXTOPIA 4"
    jack = by_card[("JD", 0)]
    assert jack["target"]["seat"] == 1 and jack["target"]["to"]["index"] == 3
    assert by_card[("KS", 2)]["to"] == {"where": "track", "index": 0, "progress": 0}
    assert ENGINE.view(st, 1)["moves"] == []


def test_discard_and_sit_out_moves_are_labelled():
    """Rules: "If a player cannot move with any of their cards they discard a card of their choice" """
    st = position(2, hands={0: ["7H"]})
    moves = ENGINE.view(st, 0)["moves"]
    assert [m["label"] for m in moves] == ["Discard 7\u2665",
                                           "Discard your whole hand and sit out until the next hand"]


def test_the_final_view_explains_every_score_and_rank():
    """Issue 8: "Hextopia's score explained on its end screen" (static/hextopia/score.js reads
    the final view): RULES.md, "End of the game and the result": "per piece 0 at HOME, 1 on
    START, up to L on the last track space, L+1 to L+4 in HEXTOPIA slots 1-4; a team's progress
    is the sum over its members, and every member gets the team's rank". From the pieces of the
    spectator's final view alone, each seat's score and every rank come out as the result's."""
    from games.hextopia.engine.bots import HeuristicBot

    for players, layout, seed in ((3, "none", 4), (4, "2v2", 9), (6, "2x3", 2)):
        rng = random.Random(seed)
        st = ENGINE.setup({}, seats_for(players, layout), seed)
        bot = HeuristicBot()
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[0]
            st, _ = ENGINE.apply(st, seat, bot.choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), rng))
        view = json.loads(json.dumps(ENGINE.view(st, None)))
        result = view["result"]
        points = {s["seat"]: sum(0 if p["where"] == "home" else p["progress"] + 1 for p in s["pieces"]) for s in view["seats"]}
        assert [points[s] for s in range(players)] == result["scores"]
        group = {s["seat"]: s["team"] if s["team"] is not None else f"seat {s['seat']}" for s in view["seats"]}
        totals = {}
        for s, g in group.items():
            totals[g] = totals.get(g, 0) + points[s]
        winning = group[result["winners"][0]]
        for s in range(players):
            g = group[s]
            expected = 1 if g == winning else 2 + sum(1 for h, t in totals.items() if h != winning and t > totals[g])
            assert result["ranks"][s] == expected
