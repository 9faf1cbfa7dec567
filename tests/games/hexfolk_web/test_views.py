"""Issue 3, point 4, through every route a person reaches: "other players' hands and
development cards appear as counts only; victory point cards stay hidden until the game ends;
the stolen card is shown to the two players involved only; nothing in any view, event, API
answer or history page for a seat reveals more."

Routes: the match page (its embedded snapshot and history), REST ``view/``, ``history/``,
``legal-actions/`` and an action's answer. The WebSocket is in test_ws.py.
"""
from __future__ import annotations

import pytest

from gameplatform.matches import selectors
from tests.games.hexfolk_web.conftest import (
    ENGINE,
    assert_events_for,
    assert_snapshot_for,
)
from tests.web.helpers import embedded_json

pytestmark = pytest.mark.django_db


def in_main_phase(st):
    return st.phase == "main"


def robbing_possible(st):
    return st.phase == "robber" and any(a["victim"] is not None for a in ENGINE.legal_actions(st, st.turn))


def routes(table, client_for, api_for, user):
    """What ``user`` gets from each route: {name: snapshot}, {name: history list}."""
    mid = table.match.pk
    page = client_for(user).get(f"/matches/{mid}/")
    assert page.status_code == 200
    api = api_for(user)
    view = api.get(f"/api/v1/matches/{mid}/view/")
    history = api.get(f"/api/v1/matches/{mid}/history/?limit=500")
    assert view.status_code == history.status_code == 200
    snapshots = {"page": embedded_json(page, "match-snapshot"), "rest": view.json()}
    histories = {"page": embedded_json(page, "match-history"), "rest": history.json()["results"]}
    return snapshots, histories


def test_after_setup_every_route_shows_other_hands_as_counts_only(hexfolk_table, client_for, api_for):
    """ "Other players' hands and development cards appear as counts only." """
    table = hexfolk_table()
    table.deal_dev(1, "knight")  # seat 1 holds a development card the others must not see
    st = table.drive(in_main_phase)
    assert sum(st.hands[1]) > 0 and sum(st.dev_hands[1]) == 1
    for seat, user in [*enumerate(table.users), (None, table.watcher)]:
        snapshots, histories = routes(table, client_for, api_for, user)
        for name, snap in snapshots.items():
            assert_snapshot_for(snap, seat, st)
            other = snap["view"]["players"][1]
            assert other["dev_card_count"] == 1 and other["resource_count"] == sum(st.hands[1]), name
        for history in histories.values():
            for record in history:
                assert_events_for(record["events"], seat)
        legal = api_for(user).get(f"/api/v1/matches/{table.match.pk}/legal-actions/") if seat is not None else None
        if legal is not None:
            assert legal.status_code == 200
            assert (legal.json()["legal_actions"] != []) == (seat == st.turn)


def test_the_page_gives_a_spectator_no_hand_panel_and_a_seat_its_own(hexfolk_table, client_for):
    """Spectators see no hand; a seated player gets Hexfolk's own panels."""
    table = hexfolk_table()
    mine = client_for(table.users[0]).get(f"/matches/{table.match.pk}/").content.decode()
    watching = client_for(table.watcher).get(f"/matches/{table.match.pk}/").content.decode()
    for body in (mine, watching):
        assert 'id="board"' in body and "hexfolk/play.js" in body and 'id="hf-summary"' in body
    assert 'id="hand-panel"' in mine and 'id="hf-trade"' in mine and 'id="hf-costs"' in mine
    assert 'id="hand-panel"' not in watching and 'id="hf-trade"' not in watching


def test_a_bought_development_card_is_told_to_its_buyer_only(hexfolk_table, client_for, api_for):
    """ "You draw the top card hidden." The action's answer and the buyer's history name the
    card; everyone else learns only that a card was bought."""
    table = hexfolk_table()
    st = table.drive(in_main_phase)
    buyer = st.turn
    table.give(buyer, {"wool": 1, "grain": 1, "ore": 1})
    answer = api_for(table.users[buyer]).post(
        f"/api/v1/matches/{table.match.pk}/actions/",
        {"action": {"type": "buy_dev"}, "expected_version": table.match.version}, format="json")
    assert answer.status_code == 200, answer.content
    drawn = [e for e in answer.json()["events"] if e["type"] == "dev_card"]
    assert len(drawn) == 1 and drawn[0]["seat"] == buyer
    st = table.state()
    for seat, user in [*enumerate(table.users), (None, table.watcher)]:
        snapshots, histories = routes(table, client_for, api_for, user)
        for snap in snapshots.values():
            assert_snapshot_for(snap, seat, st)
            assert [e["type"] for e in snap["events"]] == (["bought_dev", "dev_card"] if seat == buyer else ["bought_dev"])
        last = histories["rest"][-1]
        assert ("dev_card" in [e["type"] for e in last["events"]]) == (seat == buyer)


def test_a_victory_point_card_stays_hidden_until_the_game_ends(hexfolk_table, client_for, api_for):
    """ "Victory point cards stay hidden in your hand and count immediately. The other players
    only see how many development cards you have" ... "hidden until victory"."""
    table = hexfolk_table(options={"turn_limit": 1})
    table.deal_dev(1, "victory_point")
    st = table.drive(in_main_phase)
    shown = ENGINE.view(st, 1)
    assert shown["dev_cards"]["victory_point"] == 1
    assert shown["points"] == shown["players"][1]["visible_points"] + 1
    for seat, user in [(0, table.users[0]), (None, table.watcher)]:
        snapshots, _ = routes(table, client_for, api_for, user)
        for snap in snapshots.values():
            assert_snapshot_for(snap, seat, st)
            other = snap["view"]["players"][1]
            assert other["visible_points"] == shown["players"][1]["visible_points"]
    st = table.drive(lambda s: s.phase == "over")
    for seat, user in [(0, table.users[0]), (None, table.watcher)]:
        snapshots, _ = routes(table, client_for, api_for, user)
        for snap in snapshots.values():
            assert_snapshot_for(snap, seat, st)
            assert snap["view"]["players"][1]["victory_point_cards"] == 1
            assert snap["seed"] is not None


def test_the_stolen_card_is_named_to_thief_and_victim_only_in_history_and_snapshot(
        hexfolk_table, client_for, api_for):
    """ "Only the thief and the victim see which card moved; everyone sees that a card was
    stolen." """
    table = hexfolk_table()
    st = table.drive(robbing_possible)
    thief = st.turn
    move = next(a for a in ENGINE.legal_actions(st, thief) if a["victim"] is not None)
    victim = move["victim"]
    table.submit(thief, move)
    st = table.state()
    seen = {}
    for seat, user in [*enumerate(table.users), (None, table.watcher)]:
        snapshots, histories = routes(table, client_for, api_for, user)
        for snap in snapshots.values():
            assert_snapshot_for(snap, seat, st)
        for history in histories.values():
            steal = next(r for r in history if any(e["type"] == "robbed" for e in r["events"]))
            named = [e for e in steal["events"] if e["type"] == "stolen_card"]
            assert bool(named) == (seat in (thief, victim))
            if named:
                seen[seat] = named[0]["resource"]
        assert_events_for(selectors.match_history(match=table.match, seat=seat), seat)
    assert set(seen) == {thief, victim} and len(set(seen.values())) == 1
