"""Issue 11, point 8, end to end in headless Chromium: "one headless Chromium test completes
and steals a word against a bot and saves a screenshot".

alice plays a strong bot on the real site (``live_site``: Daphne, and a Celery worker with
Redis, else the embedded worker). Her first turn is arranged (the version unchanged, before
the page opens): the word-card DIG lacks its I and the I is on the board; the bot holds ACT,
and E and R lie on the board. From the page alone she tries a word by typing (ACTS: the page
says at once that only an S is added), completes DIG (tile, then the highlighted letter: the
hourglass turns again), composes a steal of ACT by clicking the bot's card and two tiles,
sends ACTER (the server's dictionary refuses it, nothing changes), drags the C to the front
and steals CATER, then ends her turn and the bot plays; her next turn runs out (a short
hourglass written to the row) and the log says so. Screenshots at 1280, 1366 and 360 px
go to ``artifacts/e2e/hexboard-words-*.png``.
"""
from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games.hexboard_words.engine import ENGINE
from tests.games.hexboard_words.helpers import position
from tests.games.hexboard_words_web.conftest import SLOTS, seed_where_seat_0_starts

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

STEP_MS = 30_000
OPTIONS = {"turn_seconds": 180}  # the longest hourglass: a loaded machine must not time out
SHORT_SECONDS = 3  # ... until alice lets a turn run out


def signed_in_page(browser, site_url: str, user, width: int, height: int):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site_url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return context, page


def start_arranged_match(monkeypatch) -> tuple[User, Match]:
    tenant = tenant_default()
    alice = User.objects.create_user(username="alice", password="pw-not-used-9", email="alice@example.org")
    Membership.objects.create(user=alice, tenant=tenant)
    match = services.match_create(tenant=tenant, user=alice, game="hexboard-words", seats=2, options=OPTIONS)
    services.seat_assign_bot(tenant=tenant, user=alice, match_id=match.pk, seat_index=1, kind="strong")
    seed = seed_where_seat_0_starts(2)
    with monkeypatch.context() as patch:
        patch.setattr(services.secrets, "randbits", lambda bits: seed)
        services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    match.refresh_from_db()
    st = position(2, seed=match.seed, board="iertk", slots=SLOTS, held=[[], [("act", "act")]], hands=["", "m"],
                  **OPTIONS)
    match.state = ENGINE.encode(st)
    match.save(update_fields=["state"])
    return alice, match


def tile_of(page, letter: str) -> str:
    return page.evaluate(f"() => window.hexagora.page.snapshot.view.board.find((t) => t.letter === '{letter}').tile")


def version(page) -> int:
    return page.evaluate("() => window.hexagora.page.snapshot.version")


def wait_newer(page, before: int) -> None:
    page.wait_for_function(f"() => window.hexagora.page.snapshot.version > {before} && !window.hexagora.page.busy")


def test_alice_completes_and_steals_a_word_against_a_bot(live_site, browser, monkeypatch):
    alice, match = start_arranged_match(monkeypatch)
    url = f"{live_site.url}/matches/{match.pk}/"
    context, page = signed_in_page(browser, live_site.url, alice, 1280, 800)
    page.goto(url)
    expect(page.locator("#conn-state")).to_have_text("Live")
    expect(page.locator("#status-banner")).to_have_text("Your turn.")
    expect(page.locator("#board .hw-card")).to_have_count(6)
    expect(page.locator("#board .hw-tile")).to_have_count(5)
    expect(page.locator("#hw-hourglass")).to_be_visible()
    # The hand is on screen, beside the board.
    box = page.locator("#hand-panel").bounding_box()
    assert box["y"] + 120 < 800, box

    # Keyboard: typing anywhere types the word; the page says at once why ACTS steals nothing.
    page.locator("h1").click()
    page.keyboard.type("acts")
    expect(page.locator("#hw-word")).to_have_value("acts")
    expect(page.locator("#hw-verdict")).to_contain_text("Adding only an S does not steal a word.")
    expect(page.locator("#hw-steal")).to_be_disabled()
    page.keyboard.press("Escape")
    expect(page.locator("#hw-word")).to_have_value("")

    # A completion: the I, then DIG's open I (highlighted as completing); the hourglass turns.
    deadline = page.evaluate("() => window.hexagora.page.snapshot.deadline")
    page.click(f"#board [data-tile={tile_of(page, 'i')}]")
    target = page.locator("#board [data-place='0:1']")
    expect(target).to_have_class(re.compile(r"\bhw-completes\b"))
    before = version(page)
    target.click()
    wait_newer(page, before)
    expect(page.locator("#move-log")).to_contain_text("You completed DIG (card 1) with I")
    expect(page.locator("#status-banner")).to_have_text("Your turn.")
    assert page.evaluate("() => window.hexagora.page.snapshot.deadline") > deadline
    expect(page.locator("#hand-hint")).to_contain_text("the hourglass turned again")

    # A steal composed by clicking: the bot's ACT, then the board's E and R.
    page.click("#hw-players button[data-word=act]")
    page.click(f"#board [data-tile={tile_of(page, 'e')}]")
    page.click(f"#board [data-tile={tile_of(page, 'r')}]")
    expect(page.locator("#hw-tray li")).to_have_text(["A", "C", "T", "E", "R"])
    expect(page.locator("#hw-word")).to_have_value("acter")
    expect(page.locator("#hw-verdict")).to_contain_text("✓ The letters fit")
    # The letters fit, but ACTER is no word: the server has the last word, and nothing changes.
    before = version(page)
    page.click("#hw-steal")
    expect(page.locator("#error-box")).to_contain_text("That word is not in this game's dictionary.")
    assert version(page) == before
    page.locator("#error-box [data-dismiss]").click()
    # Drag the C in front of the A: CATER.
    c = page.locator("#hw-tray li[data-i='1']").bounding_box()
    a = page.locator("#hw-tray li[data-i='0']").bounding_box()
    page.mouse.move(c["x"] + c["width"] / 2, c["y"] + c["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2, steps=8)
    page.mouse.move(a["x"] + 4, a["y"] + a["height"] / 2, steps=4)
    page.mouse.up()
    expect(page.locator("#hw-word")).to_have_value("cater")
    before = version(page)
    page.click("#hw-steal")
    wait_newer(page, before)
    expect(page.locator("#move-log")).to_contain_text("You stole Bot 2's ACT with E + R: CATER")
    mine = page.locator("#hw-players .hw-player[data-seat='0'] .hw-held")
    expect(mine).to_have_count(2)
    expect(mine.nth(1)).to_contain_text("card ACT")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / "hexboard-words-1280.png", full_page=True)
    records = list(MoveRecord.objects.filter(match=match).order_by("seq").values_list("actor", "action"))
    assert records[-2:] == [("user", {"type": "match", "slot": 0, "position": 1, "letter": "i"}),
                            ("user", {"type": "steal", "target": "act", "word": "cater"})]

    # End the turn: the bot plays, and its moves reach the page and its log. From now on the
    # hourglass is short (written to the row): alice lets her next turn run out, and the live
    # log says so (the snapshot's actor, ctx.actor of the play module's describe).
    Match.unscoped.filter(pk=match.pk).update(turn_seconds=SHORT_SECONDS)
    before = version(page)
    page.click("#hw-end")
    wait_newer(page, before)
    page.wait_for_function("() => [...document.querySelectorAll('#move-log li')].some((li) => li.textContent.startsWith('Bot 2'))",
                           timeout=STEP_MS)
    expect(page.locator("#move-log")).to_contain_text("Your hourglass ran out: turn over", timeout=60_000)
    assert MoveRecord.objects.filter(match=match, seat=0, actor="timeout").exists()
    Match.unscoped.filter(pk=match.pk).update(turn_seconds=None)  # no more time-outs
    live_site.check_alive()
    assert page.js_errors == []

    for width, height in ((1366, 768), (360, 740)):
        other, small = signed_in_page(browser, live_site.url, alice, width, height)
        small.goto(url)
        expect(small.locator("#conn-state")).to_have_text("Live")
        expect(small.locator("#board .hw-card")).to_have_count(6)
        small.screenshot(path=ARTIFACTS / f"hexboard-words-{width}.png", full_page=width == 1366)
        assert small.evaluate("document.documentElement.scrollWidth") <= width
        assert small.js_errors == []
        other.close()
    context.close()
