"""Issue 28, point 7, in headless Chromium on a live site (Daphne and a Celery worker): two
people register on the tournament's page, the worker starts it when full, they open their
first-round match, it is played to its end, and both pages see the standings move and the
next round appear over the WebSocket, without a reload. Screenshots at 1280, 1366 and 360 px.

The match's moves are made through the services in this process (as the other table tests do);
the tournament's step after the match is the worker's (``tournament_advance`` sent to the
site's queue, which the site's Celery worker runs).
"""
from __future__ import annotations

import random

import pytest
from celery import current_app
from playwright.sync_api import expect

from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from gameplatform.tournaments import services as tournament_services
from gameplatform.tournaments.models import Tournament
from games import registry
from tests.e2e.test_table_layout import SHOTS, SIZES, _open_as, _people, bot_move

pytestmark = pytest.mark.browser

GAME = "hexcrement"  # a short game with its strongest bot (about 50 moves for two)
WAIT_MS = 30_000


def _play_to_the_end(match: Match, users) -> Match:
    engine = registry.get_engine(match.game)
    bot = list(engine.bots().values())[-1]()
    rng = random.Random(8)
    by_id = {u.pk: u for u in users}
    seats = {s.index: by_id[s.user_id] for s in match.seats.all()}
    for _ in range(2000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        seat, action = bot_move(engine, engine.decode(match.state), bot, rng)
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                               tenant=match.tenant, user=seats[seat])
    raise AssertionError("the match did not end")


def test_two_people_register_play_their_first_round_and_see_the_standings_move(browser, live_site, monkeypatch):
    if live_site.mode != "redis":
        pytest.skip("the moves are made in this process, whose broadcasts reach the site's pages through Redis")
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    tenant = tenant_default()
    alice, bob, mod = _people(3)
    Membership.objects.filter(user=mod).update(role=Membership.Role.MODERATOR)
    tournament = tournament_services.tournament_create(
        tenant=tenant, user=mod, name="Winter cup", game=GAME, table_size=2, rounds=2, start_when_full=True,
        max_players=2)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = []
    for person, size in ((alice, SIZES[0]), (bob, SIZES[2])):
        context, page, errors = _open_as(browser, live_site.url, person, size)
        page.goto(f"{live_site.url}/tournaments/{tournament.pk}/")
        expect(page.locator("#register")).to_be_visible()
        pages.append((context, page, errors))
    pages[0][1].screenshot(path=SHOTS / "tournament-registration-1280.png")
    for _, page, _ in pages:
        page.locator("#register").click()
        expect(page.locator("#withdraw, #round-1-h").first).to_be_visible()
    # The worker started it (start when full): both pages show round 1 with the match's link.
    for _, page, _ in pages:
        expect(page.locator("#round-1-h")).to_be_visible(timeout=WAIT_MS)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    table = tournament.round_set.get(number=1).tables.get()
    alice_page = pages[0][1]
    alice_page.locator(f'a[href="/matches/{table.match_id}/"]').click()
    expect(alice_page.locator("#conn-state")).to_have_text("Live")
    expect(alice_page.locator("#tournament-link")).to_have_text("Round 1 · table 1")
    alice_page.screenshot(path=SHOTS / "tournament-table-1280.png")
    alice_page.locator("#tournament-link").click()
    expect(alice_page.locator("#standings")).to_be_visible()

    match = _play_to_the_end(Match.unscoped.get(pk=table.match_id), [alice, bob])
    current_app.send_task("gameplatform.tournaments.tasks.tournament_advance", args=(tournament.pk,),
                          queue=live_site.queue)
    winner = alice if match.result["ranks"][table.players.index(alice.pk)] == 1 else bob
    for _, page, _ in pages:
        expect(page.locator("#round-2-h")).to_be_visible(timeout=WAIT_MS)
        first = page.locator("#standings tbody tr").first
        expect(first).to_contain_text(winner.username)
        expect(first.locator("td").nth(2)).to_have_text("1")
    pages[0][1].screenshot(path=SHOTS / "tournament-standings-1280.png")
    pages[1][1].screenshot(path=SHOTS / "tournament-standings-360.png", full_page=True)
    context, page, errors = _open_as(browser, live_site.url, mod, SIZES[1])
    page.goto(f"{live_site.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#moderation-h")).to_be_visible()
    page.screenshot(path=SHOTS / "tournament-moderator-1366.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[1][0]
    assert pages[1][1].evaluate("document.documentElement.scrollWidth") <= SIZES[2][0], "the phone page scrolls sideways"
    for _, _, errs in [*pages, (context, page, errors)]:
        assert errs == []
