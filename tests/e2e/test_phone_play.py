"""Issue 26, point 9: "Boards on phones are too small to tap ... When a choice on the board is
asked for, the board zooms to the legal targets (or offers them as a list), each at least 44 px
to tap", and its closing line: "A browser test plays a match to its end on a phone-sized page
using only taps on the board and its buttons, in every game, with no tap target under 44 px
when the board asks for a choice."

For every registered game (``games.registry.slugs()``: a game to come fails here until
tests/e2e/phone_games.py knows how to play it), a 2-seat match in the game's shortest setting
against the server's bot, on a 360x740 touch page (``has_touch``, ``is_mobile``): the match
starts from a position the game's bots reached on the engine a few of seat 0's board choices
before the end (Hexfolk from its first placement: 2 rounds), and the page plays seat 0 to the
end by taps alone (Playwright ``tap``; no script, no API): the game's bot chooses each move on
the engine, phone_games.py taps it. Each time the board asks for a choice (phone.py
``Board.check``), every tap target (the choices on the board, or the list the page offers
instead) is at least 44 px both ways and inside the viewport; at least two board choices are
made by taps. The first screen of each kind (zoomed, listed) is saved to
``artifacts/phone/<game>-<n>-<mode>.png``.
"""
from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling
from gameplatform.matches.models import Match
from games import registry

from .phone import SHOTS, Board, phone_page, started_near_end, wait_ready
from .phone_games import GAMES
from .test_table_layout import _people as people

pytestmark = pytest.mark.browser

GAME_SECONDS = 300  # the remaining moves, bots' included; it usually takes 20 to 90 s
MIN_BOARD_CHOICES = 2


def test_every_game_has_a_phone_player():
    assert set(GAMES) == set(registry.slugs())


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_match_played_to_its_end_with_taps_on_a_phone(browser, live_site, slug, monkeypatch):
    # The match is set up in this process, whose Celery app has no worker: no timer to arm
    # here (the server's sweeper keeps the deadlines).
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    game = GAMES[slug]
    engine = registry.get_engine(slug)
    users = people(2)
    match = started_near_end(slug, game, users)
    context, page = phone_page(browser, live_site.url, users[0])
    board = Board(page, slug, game.sels)
    rng = random.Random(game.seed)
    started = time.monotonic()
    try:
        page.goto(f"{live_site.url}/matches/{match.pk}/")
        expect(page.locator("#conn-state")).to_have_text("Live")
        moves = 0
        while True:
            assert time.monotonic() - started < GAME_SECONDS, f"{slug}: not over after {moves} moves of ours"
            match = wait_ready(page, live_site, match.pk)
            if match.status != Match.Status.ACTIVE:
                break
            state = engine.decode(match.state)
            board.check(if_asked=True)  # at the start of the turn too (Words' tiles)
            game.move(page, board, engine, state, rng)
            moves += 1
        seconds = time.monotonic() - started
        expect(page.locator("#status-banner")).to_contain_text("Finished")
        assert match.status == Match.Status.FINISHED
        assert board.asked >= MIN_BOARD_CHOICES, f"{slug}: only {board.asked} board choices made by taps"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / f"{slug}-end.png")
        print(f"{slug}: {moves} moves of ours, {board.asked} on the board {board.modes}, over in {seconds:.0f} s")
        assert page.js_errors == []
        live_site.check_alive()
    finally:
        context.close()
