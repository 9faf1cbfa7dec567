"""bench/bot_ladder.py (issue 30, point 2: "every bot level gets a rating from at least 1,000
bot-against-bot matches ... with a bench script that recomputes it; ... the ladder is ordered
(each level beats the one below more often than not, with the margin shown)") and the lobby's
and rules page's words for it (``games.ladder``, ``forms.bot_level_description``)."""
import random

import pytest

from bench import bot_ladder
from games import ladder
from games.registry import get_engine


def test_a_stronger_level_is_rated_above_and_its_margin_counted():
    # As the bench plays them: wins and losses mixed (three of four tables won by "strong").
    matches = ([{"levels": ["strong", "random"], "ranks": [1, 2]}] * 3
               + [{"levels": ["random", "strong"], "ranks": [1, 2]}]) * 10
    matches += ([{"levels": ["strong", "random", "random"], "ranks": [2, 1, 3]}] * 5
                + [{"levels": ["strong", "random"], "ranks": None}])
    levels = bot_ladder.rate_levels(matches, ["random", "strong"])
    assert levels["strong"].display > levels["random"].display
    assert bot_ladder.margin(matches, "strong", "random") == {
        "upper": "strong", "lower": "random", "wins": round(30 / 45, 3), "games": 45}


def test_every_table_mixes_levels_and_a_match_is_played_to_its_end():
    rng = random.Random(3)
    for _ in range(50):
        assert len(set(bot_ladder.seat_levels(["random", "heuristic"], 4, rng))) == 2
    played = bot_ladder.play_match(("hextopia", 2, 7))
    assert played["ranks"] is not None and sorted(played["ranks"])[0] == 1
    assert set(played["levels"]) == set(get_engine("hextopia").bots())


def test_a_small_ladder_is_ordered_with_margins():
    table = bot_ladder.ladder_of("hextopia", 2, 40, 1, 1)
    assert table["order"] == ["heuristic", "random"]
    assert table["margins"][0]["upper"] == "heuristic" and table["margins"][0]["wins"] > 0.5
    assert table["finished"] == 40


FAKE = {"hextopia": [{"players": 2, "games": 1000, "order": ["heuristic", "random"],
                      "levels": {"heuristic": {"rating": 1737}, "random": {"rating": 912}},
                      "margins": [{"upper": "heuristic", "lower": "random", "wins": 0.93, "games": 1000}]}]}


@pytest.fixture
def measured(monkeypatch):
    monkeypatch.setattr(ladder, "_ladder", lambda: FAKE)


def test_the_strength_is_read_rounded_with_the_level_below(measured):
    top = ladder.level_strength("hextopia", "heuristic")
    assert (top.rating, top.about, top.below, top.margin, top.players) == (1737, 1750, "random", 0.93, 2)
    assert ladder.level_strength("hextopia", "random").below is None
    assert ladder.level_strength("hexal", "greedy") is None


@pytest.mark.django_db
def test_the_rules_page_and_the_seat_chooser_show_it_in_words_and_numbers(measured, client):
    html = client.get("/games/hextopia/rules/").content.decode()
    assert "Measured strength: about 1,750." in html
    assert "Finishes ahead of the Random bot at 93% of 2-player tables." in html
    assert "Measured strength: about 900." in html


def test_the_shipped_ladder_rates_every_level_of_every_game_it_lists():
    for slug, tables in ladder._ladder().items():
        kinds = set(get_engine(slug).bots())
        for table in tables:
            assert set(table["levels"]) == kinds and table["games"] >= 1000, (slug, table["players"])
            assert all(m["wins"] > 0.5 for m in table["margins"]), (slug, table["margins"])
