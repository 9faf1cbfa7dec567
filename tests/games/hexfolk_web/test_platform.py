"""Hexfolk through the platform's whole flow: a match of bots created in the lobby's services,
played out by ``bot_take_turn`` (what the Celery task and the embedded worker call), recorded
so that it replays exactly from its seed, with the finished table, its summary data and the
replay page served. The engine-level conformance playout runs in tests/games/hexfolk."""
from __future__ import annotations

import pytest

from gameplatform.bots.services import bot_take_turn
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from tests.games.hexfolk_web.conftest import ENGINE, assert_snapshot_for
from tests.web.helpers import embedded_json, replay_steps

pytestmark = pytest.mark.django_db

MAX_BOT_MOVES = 3000


def play_out(match: Match) -> Match:
    for _ in range(MAX_BOT_MOVES):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        assert bot_take_turn(match_id=match.pk, version=match.version)
    pytest.fail("the bots did not finish the match")


@pytest.fixture
def finished(tenant, user_factory):
    """A 3-seat Hexfolk match of random bots with a 2-round limit, created by alice (who
    then watches), played out."""
    alice = user_factory()
    match = services.match_create(tenant=tenant, user=alice, game="hexfolk", seats=3,
                                  options={"turn_limit": 2, "map": "crescent"})
    for i in range(3):
        services.seat_assign_bot(tenant=tenant, user=alice, match_id=match.pk, seat_index=i, kind="random")
    match = services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    return play_out(match), alice


def test_bots_play_a_match_to_the_end_and_it_replays_from_its_seed(finished, assert_replay_matches):
    match, _ = finished
    assert match.status == Match.Status.FINISHED and match.result is not None
    assert len(match.result["ranks"]) == 3
    seqs = list(MoveRecord.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    assert seqs == sorted(set(seqs)) and seqs[-1] == match.version
    assert set(MoveRecord.objects.filter(match=match).values_list("actor", flat=True)) == {"bot"}
    assert_replay_matches(match)


def test_the_finished_table_shows_the_summary_data_and_every_hidden_card(finished, client_for):
    match, alice = finished
    page = client_for(alice).get(f"/matches/{match.pk}/")
    assert page.status_code == 200
    snap = embedded_json(page, "match-snapshot")
    state = ENGINE.decode(match.state)
    assert_snapshot_for(snap, None, state)
    view = snap["view"]
    assert view["phase"] == "over" and str(snap["seed"]) == str(match.seed)
    assert sum(view["stats"]["dice_counts"].values()) >= 6  # one roll a turn, 2 rounds of 3
    assert len(view["stats"]["produced"]) == 3
    assert [p["points"] for p in view["players"]] == [int(s) for s in match.result["scores"]]
    assert 'id="hf-summary"' in page.content.decode()


def test_the_replay_page_steps_through_every_move(finished, client_for):
    match, alice = finished
    page = client_for(alice).get(f"/matches/{match.pk}/replay/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "hexfolk/replay.js" in body and 'id="hf-summary"' in body
    replay = embedded_json(page, "match-replay")
    replay["steps"] = replay_steps(client_for(alice), match.pk)
    assert len(replay["steps"]) == replay["step_count"] == MoveRecord.objects.filter(match=match).count() + 1
    assert replay["steps"][-1]["view"]["phase"] == "over"
    for step in replay["steps"]:
        assert "hand" not in step["view"]
        assert all(e["type"] not in ("dev_card", "stolen_card") for e in step["events"])
