"""Issue 12, point 5 through the site's pages (Django's test client): the match page draws
Hexcrement's own table from the board data embedded once (``EngineBase.static_data``) and the
view of the seat looking; a seated player gets the panel with the moves, a spectator none;
no face-down card nobody has seen reaches the page; once the match is over the replay page
steps through it; the rules page explains every card.
"""
from __future__ import annotations

import re

import pytest

from gameplatform.bots.services import match_play_out
from gameplatform.matches import selectors
from gameplatform.matches.models import Match
from games.hexcrement.engine.board import BOARD, N_CELLS
from games.hexcrement.engine.cards import TYPES
from tests.games.hexcrement_web.conftest import ENGINE
from tests.web.helpers import embedded_json, replay_steps

pytestmark = pytest.mark.django_db

UI_FILES = ("hexcrement/play.js", "hexcrement/hexcrement.css")


def after_a_roll(st):
    return st.phase == "move"


def test_the_match_page_draws_the_board_from_the_data_embedded_once(hexcrement_table, client_for):
    """The board comes from board.json, embedded once as ``game-data``: 222 cells with their
    pixel and axial places, the STARTs and the mats' colours."""
    table = hexcrement_table()
    body = client_for(table.users[0]).get(f"/matches/{table.match.pk}/")
    assert body.status_code == 200
    text = body.content.decode()
    for name in UI_FILES:
        assert name in text
    assert text.count('id="game-data"') == 1
    data = embedded_json(body, "game-data")
    assert data == ENGINE.static_data()
    cells = data["board"]["cells"]
    assert len(cells) == N_CELLS
    for mine, source in zip(cells, BOARD["cells"], strict=True):
        assert (mine["cell"], mine["x"], mine["y"], mine["mat"], mine["column"], mine["depth"]) == (
            source["cell"], source["x"], source["y"], source["mat"], source["column"], source["depth"])
    assert data["board"]["starts"] == BOARD["starts"]
    assert [c["name"] for c in data["colours"]] == ["red", "orange", "yellow", "green", "blue", "purple"]
    assert 'id="board"' in text and 'id="hx-story"' in text and 'id="hx-beetles"' in text


def test_a_seat_gets_the_move_panel_and_a_spectator_none(hexcrement_table, client_for):
    table = hexcrement_table()
    st = table.state()
    mover = st.seat
    for seat, user in [*enumerate(table.users), (None, table.watcher)]:
        page = client_for(user).get(f"/matches/{table.match.pk}/")
        text = page.content.decode()
        snap = embedded_json(page, "match-snapshot")
        assert snap["seat"] == seat and snap["view"]["viewer"] == seat
        assert ('id="hand-panel"' in text) == (seat is not None)
        assert ('id="hx-actions"' in text) == (seat is not None)
        assert snap["legal_actions"] == ([{"type": "roll"}] if seat == mover else [])


def test_after_the_roll_the_mover_sees_every_end_cell_and_its_hints(hexcrement_table, client_for):
    """ "After the roll every reachable end cell highlighted": the page's snapshot lists one
    ``move`` per end cell (the table lights them), and the view's ``hints`` say what each holds."""
    table = hexcrement_table()
    st = table.drive(after_a_roll)
    page = client_for(table.users[st.seat]).get(f"/matches/{table.match.pk}/")
    snap = embedded_json(page, "match-snapshot")
    view = snap["view"]
    assert sorted(a["cell"] for a in snap["legal_actions"]) == sorted(view["reach"]) == sorted(st.reach)
    assert {h["cell"] for h in view["hints"]} == set(st.reach)
    other = client_for(table.users[(st.seat + 1) % 3]).get(f"/matches/{table.match.pk}/")
    assert embedded_json(other, "match-snapshot")["legal_actions"] == []
    assert "hints" not in embedded_json(other, "match-snapshot")["view"]


def test_no_face_down_card_nobody_has_seen_reaches_any_page(hexcrement_table, client_for):
    """Issue 12, "Views": "face-down cards hidden ... the pool as a count; the seed hidden
    until the end". The whole page (snapshot, history, board data) is searched for the code
    of every card nobody has seen where it lies."""
    table = hexcrement_table()
    st = table.drive(lambda s: s.turn_number >= 12 and s.phase == "roll")
    hidden = ENGINE.secrets(st, None)
    assert len(hidden) >= 30
    match = Match.unscoped.get(pk=table.match.pk)
    for user in [*table.users, table.watcher]:
        text = client_for(user).get(f"/matches/{table.match.pk}/").content.decode()
        for code in hidden:
            assert not re.search(rf"\b{re.escape(code)}\b", text), code
        assert str(match.seed) not in text
    snap = selectors.match_snapshot(match=match, seat=None)
    assert snap["seed"] is None and type(snap["view"]["pool"]) is int


def test_the_replay_page_steps_through_a_finished_match(match_factory, client_for, member):
    """The replay (bots play a quick game to the end): the board data, every step's view,
    the replay module; the seed is shown now that the match is over."""
    match = match_factory("hexcrement", ["random", "random", "random"], options={"length": "quick"})
    match_play_out(match_id=match.pk, max_actions=20_000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    client = client_for(member)
    page = client.get(f"/matches/{match.pk}/replay/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "hexcrement/replay.js" in text and "hexcrement/hexcrement.css" in text
    assert embedded_json(page, "game-data") == ENGINE.static_data()
    replay = embedded_json(page, "match-replay")
    assert replay["game"] == "hexcrement" and replay["seed"] == str(match.seed)
    steps = replay_steps(client, match.pk)
    assert len(steps) == replay["step_count"] >= 2 and steps[-1]["view"]["result"] is not None
    assert all(step["view"]["viewer"] is None for step in steps)
    final = client.get(f"/matches/{match.pk}/")
    assert embedded_json(final, "match-snapshot")["status"] == "finished"


def test_the_rules_page_explains_every_card(client):
    """A rules page for players: the goal, the board pictures, every card."""
    page = client.get("/games/hexcrement/rules/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "How to play Hexcrement" in text
    terms = re.findall(r"<dt>([A-Z]+) ", text)
    assert set(terms) == set(TYPES) | {"DUNG"}
    assert text.count('<svg class="hx-rules-pic"') == 4
    for words in ("Long game", "Quick game", "strictly higher", "five central columns", "100 rounds"):
        assert words in text
