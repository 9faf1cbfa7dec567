"""The HexBoard Words match and replay pages through Django's test client: the game's own
table (GameUI: board, hand, play and replay modules, stylesheet, the rules page), the data
the page embeds for its scripts, and nothing in them a seat may not see (issue 11, point 4:
"the hidden tile of each player is seen by its owner only; the bag as a count; the suggested
words of cards under the board are seen by nobody, those of completed cards by all")."""
import re
from pathlib import Path

import pytest
from django.conf import settings

from gameplatform.bots.services import match_play_out
from games.conformance import find_secrets
from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.words import suggestions
from tests.games.hexboard_words_web.conftest import SLOTS
from tests.web.helpers import embedded_json, replay_steps

pytestmark = pytest.mark.django_db

UI = ENGINE.ui
LOGIC_JS = Path(settings.BASE_DIR) / "games" / "hexboard_words" / "static" / "hexboard_words" / "logic.js"


def arranged(words_table):
    """alice (seat 0, to play) and bob; DIG lacks its I, bob holds ACT, I E R on the board."""
    table = words_table()
    table.arrange(board="iertk", slots=SLOTS, held=[[], [("act", "act")]], hands=["", "m"])
    return table


def test_the_seated_player_gets_the_table_the_panel_and_templates_not_answers(words_table, client_for):
    table = arranged(words_table)
    page = client_for(table.users[0]).get(f"/matches/{table.match.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    for path in (UI.play_module, UI.stylesheet):
        assert f"/static/{path}" in html
    for element in ('id="board"', 'id="hw-players"', 'id="hw-hourglass"', 'id="hand-panel"', 'id="hw-word"',
                    'id="hw-end"', 'id="hw-tray"', 'id="hw-verdict"', 'href="/games/hexboard-words/rules/"'):
        assert element in html, element
    assert embedded_json(page, "game-data") == ENGINE.static_data()
    snap = embedded_json(page, "match-snapshot")
    assert snap["seat"] == 0 and snap["view"]["viewer"] == 0
    # The steal CATER and the completion of DIG exist; the page is shown templates only.
    st = table.state()
    assert {"type": "steal", "target": "act", "word": "cater"} in ENGINE.legal_actions(st, 0)
    assert snap["legal_actions"] == ENGINE.client_legal_actions(st, 0)
    assert all(a["type"] == "end_turn" or set(a.values()) == {a["type"], None} for a in snap["legal_actions"])
    assert snap["deadline"] and snap["view"]["options"]["turn_seconds"] == 60


def test_every_seat_and_a_watcher_see_only_their_own(words_table, client_for):
    table = arranged(words_table)
    st = table.state()
    sugg = suggestions()
    for seat, user in ((0, table.users[0]), (1, table.users[1]), (None, table.watcher)):
        page = client_for(user).get(f"/matches/{table.match.pk}/")
        assert page.status_code == 200
        html = page.content.decode()
        snap, history = embedded_json(page, "match-snapshot"), embedded_json(page, "match-history")
        # (The setup's events tell the tiles of the game as dealt, before it was arranged.)
        assert find_secrets([snap["view"], snap["legal_actions"]], ENGINE.secrets(st, seat)) is None, seat
        for events in [snap["events"], *(h["events"] for h in history)]:
            assert {e["seat"] for e in events if e["type"] == "hidden_tile"} <= {seat}
            assert not any("visible_to" in e for e in events)
        view = snap["view"]
        own = st.hands[seat] if seat is not None else None
        assert view["hidden_tile"] == (None if own is None else {"tile": own, "letter": st.letter(own)})
        assert ('id="hand-panel"' in html) == (seat is not None)
        # Completed cards show their suggested words to all; cards around the board to nobody.
        assert view["players"][1]["cards"][0]["suggestions"] == list(sugg["act"])
        assert all("suggestions" not in s for s in view["slots"] if s)
        if seat != 0:
            assert snap["legal_actions"] == [] and "matches" not in view


def test_the_replay_page_steps_through_a_finished_game(match_factory, client_for, member):
    match = match_factory("hexboard-words", ["random", "random"])
    match_play_out(match_id=match.pk, max_actions=20_000)
    match.refresh_from_db()
    assert match.status == "finished"
    page = client_for(member).get(f"/matches/{match.pk}/replay/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"/static/{UI.replay_module}" in html and f"/static/{UI.stylesheet}" in html
    assert 'id="board"' in html and 'id="hw-players"' in html and 'id="hand-panel"' not in html
    replay = embedded_json(page, "match-replay")
    steps = replay_steps(client_for(member), match.pk)
    assert len(steps) == replay["step_count"] > 2 and steps[-1]["view"]["result"] == match.result
    # A replay is a spectator's: no hidden tile, no acting seat's helper, in any step.
    assert all(s["view"]["hidden_tile"] is None and "matches" not in s["view"] for s in steps)
    assert not any(e["type"] == "hidden_tile" for s in steps for e in s["events"])
    assert embedded_json(page, "game-data") == ENGINE.static_data()


def test_the_rules_page_explains_completions_and_steals(client):
    page = client.get("/games/hexboard-words/rules/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "How to play HexBoard Words" in text and "has no rules page of its own" not in text
    for words in ("Complete a word-card", "Steal a word", "A completion.", "A steal.", "only an S",
                  "hourglass", "make and keep 5 word-cards", "SCOWL"):
        assert words in text, words


def test_the_browser_checks_have_the_engines_words():
    """The steal composer explains a refusal with the engine's own message for each rule it
    checks (logic.js RULE_CODES, from static_data "messages")."""
    source = LOGIC_JS.read_text()
    block = re.search(r"export const RULE_CODES = \[(.*?)\];", source, re.S).group(1)
    codes = re.findall(r'"([a-z_]+)"', block)
    assert codes and set(codes) <= set(ENGINE.static_data()["messages"])


def test_the_api_shows_the_same_templates(words_table):
    """REST ``legal-actions/`` and ``view/`` give a person the client's list, not the engine's."""
    from rest_framework.test import APIClient

    table = arranged(words_table)
    api = APIClient()
    api.force_authenticate(table.users[0])
    legal = api.get(f"/api/v1/matches/{table.match.pk}/legal-actions/")
    assert legal.status_code == 200
    assert legal.json()["legal_actions"] == ENGINE.client_legal_actions(table.state(), 0)
    view = api.get(f"/api/v1/matches/{table.match.pk}/view/")
    assert view.status_code == 200 and view.json()["legal_actions"] == legal.json()["legal_actions"]
