"""A game with no UI of its own (``GameUI()``: every field None) gets the generic table: the
test game "race" (tests/fake_engine.py) on the live page (the view as text in
``#generic-view``, the legal actions as buttons in ``#move-choices``, js/generic_play.js) and
on the replay page (js/generic_replay.js). The buttons are played in Chromium by
tests/web/test_generic_browser.py."""
from gameplatform.matches import services
from gameplatform.matches.models import Match
from games.protocol import GameUI
from tests.web.helpers import embedded_json


def _race(match_factory, people, **kw):
    return match_factory("race", people, options={"target": 5}, **kw)


def _play_out(match, users, tenant):
    """Every seat rolls until the race is over (as its person, through submit_action)."""
    from games.registry import get_engine

    engine = get_engine("race")
    for _ in range(100):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        seat = engine.to_act(engine.decode(match.state))[0]
        services.submit_action(match_id=match.pk, action={"type": "roll"}, expected_version=match.version,
                               tenant=tenant, user=users[seat])
    raise AssertionError("the race did not end")


def test_race_declares_no_ui(race_engine):
    assert race_engine.ui == GameUI()


def test_match_page_of_a_game_without_ui_is_the_generic_table(race_engine, match_factory, alice, bob, carol, client_for):
    match = _race(match_factory, [alice, bob])
    body = client_for(alice).get(f"/matches/{match.pk}/")
    assert body.status_code == 200
    page = body.content.decode()
    snapshot = embedded_json(body, "match-snapshot")
    assert snapshot["view"]["game"] == "race" and snapshot["seat"] == 0
    # The generic parts, and nothing of another game.
    assert 'src="/static/js/generic_play.js"' in page
    assert 'id="generic-view"' in page and "positions" in page
    assert 'id="move-choices"' in page and 'id="hand-hint"' in page
    assert "hextopia" not in page.lower() and "hexfolk" not in page.lower()
    # A spectator gets the table, not the buttons.
    spectator = client_for(carol).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="generic-view"' in spectator and 'id="move-choices"' not in spectator


def test_replay_page_of_a_game_without_ui_is_generic(race_engine, match_factory, tenant, alice, bob, client_for):
    match = _play_out(_race(match_factory, [alice, bob]), [alice, bob], tenant)
    response = client_for(bob).get(f"/matches/{match.pk}/replay/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'src="/static/js/generic_replay.js"' in page
    assert 'id="generic-view"' in page and 'id="seat-list"' in page
    replay = embedded_json(response, "match-replay")
    assert replay["game"] == "race" and replay["step_count"] == match.moves.count() + 1
    last = client_for(bob).get(f"/api/v1/matches/{match.pk}/replay/steps/?start={replay['step_count'] - 1}").json()
    assert last["steps"][-1]["view"]["result"] is not None
    for control in ("rp-first", "rp-prev", "rp-play", "rp-next", "rp-last", "rp-slider"):
        assert f'id="{control}"' in page
