"""Hexal Classic's match and replay pages through the Django test client (issue 10, points 3,
5 and 9): the table, the hand panel and the summary are on the page; every route a person
reaches (the page's embedded snapshot and history, REST ``view/``, ``history/`` and
``legal-actions/``) shows a seat its own hand and the others' as counts, and never a deck or
stack card; the replay shows spectators' views and the seed once the match is over; the rules
page draws its pictures.
"""
from __future__ import annotations

import pytest

from gameplatform.matches.models import Match, MoveRecord
from games.hexal.engine.cards import CODE
from tests.games.hexal_web.conftest import ENGINE, assert_reveals_nothing
from tests.web.helpers import embedded_json, replay_steps

pytestmark = pytest.mark.django_db


def placing(st):
    """A turn under way with cards on the table: a target named and a card placed."""
    return st.turn >= 4 and st.phase == "play" and len(st.placed) >= 1


def routes(table, client_for, api_for, user):
    """What ``user`` gets from each route: {name: snapshot}, {name: history list}, the page."""
    mid = table.match.pk
    page = client_for(user).get(f"/matches/{mid}/")
    assert page.status_code == 200
    api = api_for(user)
    view = api.get(f"/api/v1/matches/{mid}/view/")
    history = api.get(f"/api/v1/matches/{mid}/history/?limit=500")
    assert view.status_code == history.status_code == 200
    snapshots = {"page": embedded_json(page, "match-snapshot"), "rest": view.json()}
    histories = {"page": embedded_json(page, "match-history"), "rest": history.json()["results"]}
    return snapshots, histories, page.content.decode()


def test_the_page_gives_a_seat_the_hexal_table_and_its_hand_and_a_spectator_the_table(hexal_table, client_for):
    table = hexal_table()
    mine = client_for(table.users[0]).get(f"/matches/{table.match.pk}/").content.decode()
    watching = client_for(table.watcher).get(f"/matches/{table.match.pk}/").content.decode()
    for body in (mine, watching):
        assert 'id="board"' in body and 'class="hl-board"' in body
        assert "hexal/play.js" in body and "hexal/hexal.css" in body
        for node in ('id="hl-scores"', 'id="hl-tools"', 'data-zoom="fit"', 'id="hl-palette"', 'id="hl-help"',
                     'id="hl-summary"'):
            assert node in body, node
        assert 'href="/games/hexal/rules/"' in body
    assert 'id="hand-panel"' in mine and 'id="hl-hand"' in mine and 'id="hl-actions"' in mine
    assert 'id="hand-panel"' not in watching


def test_every_route_shows_a_seat_its_own_hand_and_nothing_hidden(hexal_table, client_for, api_for):
    """Issue 10, point 3: "other players' hands as counts; deck and stacks as counts; the seed
    hidden until the end; nothing in any view, event, API answer or history page for a seat
    reveals more." With the personal stack, mid-turn (cards placed, one taken back)."""
    table = hexal_table(n=3, options={"personal_stack": True})
    st = table.drive(placing)
    seat = st.current
    card = st.placed[-1]
    table.submit(seat, {"type": "take_back", "card": CODE[card]})
    st = table.state()
    for viewer, user in [*enumerate(table.users), (None, table.watcher)]:
        snapshots, histories, _ = routes(table, client_for, api_for, user)
        for name, snap in snapshots.items():
            view = snap["view"]
            assert view["viewer"] == viewer, name
            assert_reveals_nothing(snap, st, viewer, f"{name} snapshot")
            if viewer is None:
                assert view["hand"] is None and view["moves"] is None
            else:
                assert view["hand"] == [CODE[c] for c in st.hands[viewer]]
            assert [s["hand_count"] for s in view["seats"]] == [len(h) for h in st.hands]
            assert [s["stack_count"] for s in view["seats"]] == [len(s) for s in st.stacks]
            assert view["deck_count"] == len(st.deck)
            # The card taken back is public: everyone saw it on the table.
            assert CODE[card] in view["seats"][seat]["shown"]
            assert (snap["legal_actions"] != []) == (viewer == seat), name
            assert (view["moves"] is not None) == (viewer == seat)
        for name, history in histories.items():
            assert_reveals_nothing(history, st, viewer, f"{name} history")
        if viewer is not None:
            legal = api_for(user).get(f"/api/v1/matches/{table.match.pk}/legal-actions/")
            assert legal.status_code == 200
            assert_reveals_nothing(legal.json(), st, viewer, "legal-actions")


def test_the_leak_check_finds_a_hidden_card(hexal_table):
    st = hexal_table().state()
    other = CODE[st.hands[1][0]]
    with pytest.raises(AssertionError, match=other):
        assert_reveals_nothing({"events": [{"cards": [other]}]}, st, 0, "a made-up answer")
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_reveals_nothing([CODE[st.deck[-1]]], st, None, "a made-up answer")
    assert_reveals_nothing({"hand": [CODE[c] for c in st.hands[0]]}, st, 0, "its own hand")


def test_a_finished_match_shows_the_summary_data_and_its_replay(hexal_table, client_for, api_for):
    """The end (issue 10, point 5: "at the end a summary with each player's points per turn
    and best turn") and the replay, rebuilt from the seed: spectators' views, the seed shown."""
    table = hexal_table(options={"target_score": 50})
    st = table.drive(None)
    match = Match.unscoped.get(pk=table.match.pk)
    assert match.status == Match.Status.FINISHED and st.ended
    page = client_for(table.users[0]).get(f"/matches/{match.pk}/")
    snap = embedded_json(page, "match-snapshot")
    assert snap["seed"] == str(st.seed) and snap["result"]["winners"]
    for env in snap["view"]["seats"]:
        assert sum(env["turns"]) == env["score"] and env["best_turn"] == max(env["turns"])
    assert abs(len(snap["view"]["seats"][0]["turns"]) - len(snap["view"]["seats"][1]["turns"])) == 0  # the round is finished
    replay = client_for(table.watcher).get(f"/matches/{match.pk}/replay/")
    assert replay.status_code == 200
    body = replay.content.decode()
    assert "hexal/replay.js" in body and 'id="board"' in body and 'id="hl-summary"' in body and 'id="hand-panel"' not in body
    data = embedded_json(replay, "match-replay")
    assert data["seed"] == str(st.seed)
    data["steps"] = replay_steps(client_for(table.watcher), match.pk)
    assert len(data["steps"]) == data["step_count"] == MoveRecord.objects.filter(match_id=match.pk).count() + 1
    for step in data["steps"]:
        assert step["view"]["viewer"] is None and step["view"]["hand"] is None
        assert all(e.get("type") not in ("hand", "drew_cards") for e in step["events"])
    assert data["steps"][-1]["view"]["phase"] == "over"
    assert data["steps"][-1]["view"]["seats"] == snap["view"]["seats"]


def test_the_rules_page_explains_the_game_with_pictures(client):
    body = client.get("/games/hexal/rules/").content.decode()
    assert "How to play Hexal Classic" in body
    for heading in ("The cards", "Your turn", "Scoring", "Stacks and levels", "The end", "Personal stack (option)", "Playing here"):
        assert f"<h2>{heading}</h2>" in body, heading
    assert body.count("<svg") >= 4 and body.count('role="img"') >= 4
    assert "The yellow star 3 placed beside the green star 4" in body
    assert ENGINE.ui.rules_template == "hexal/rules.html"
