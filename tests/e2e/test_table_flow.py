"""Issue 8, points 3, 4 and 5 in headless Chromium on the live site (``live_site``: Daphne,
with its embedded worker or a Celery worker):

- the open match page is live: a joiner appears on the creator's page at once (no reload),
  and when the creator starts the match the joiner's page becomes the table by itself;
- turn alerts: the tab's title and icon say "your turn" on the page of the seat to act only;
  the sound is off by default, its toggle is remembered (localStorage) and a tone is made (Web
  Audio, counted by a stand-in AudioContext) when the turn comes round; the "match started"
  message goes once the match ends;
- the honest log: a move the turn timer made is marked "timer" in the live log and in the
  replay's, and the replay's log follows the step shown.

Moves after the first are made in this process through the services (as the people, one as
the timer); the pages then ask for the fresh state (``client.sync()``), as they do by
themselves after a quiet spell.
"""
from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games import registry

from .test_play_hextopia import play_one_move

pytestmark = pytest.mark.browser

STEP_MS = 20_000
TURN_TITLE = "▶ Your turn · "
# Each page retitles itself when its own socket's state arrives: wait for it (5 s), never read once.
TURN_TITLED = re.compile("^" + re.escape(TURN_TITLE))
# A stand-in for the Web Audio API that counts the notes started (headless Chromium has no
# sound card; the page's code is the same).
FAKE_AUDIO = """
window.__notes = 0;
class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} set value(v) {} }
class FakeNode { constructor() { this.gain = new FakeParam(); this.frequency = new FakeParam(); }
  connect(n) { return n; } start() { window.__notes += 1; } stop() {} }
window.AudioContext = class { constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() {} createOscillator() { return new FakeNode(); } createGain() { return new FakeNode(); } };
"""


def _person(name: str) -> User:
    user = User.objects.create_user(username=name, password="pw-not-used-9", email=f"{name}@example.org")
    Membership.objects.create(user=user, tenant=tenant_default())
    return user


def _page(browser, site, user, size=(1280, 800)):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    context.add_init_script(FAKE_AUDIO)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def _play_to_the_end(match: Match, users: list[User]) -> int:
    """Plays ``match`` to its end here with the strongest bot choosing for every seat, as the
    people themselves; the second of these moves is made as the turn timer. Returns the seq of
    that timer move."""
    engine = registry.get_engine(match.game)
    bot = list(engine.bots().values())[-1]()
    rng = random.Random(5)
    timer_seq = None
    for n in range(5000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return timer_seq
        state = engine.decode(match.state)
        seat = engine.to_act(state)[0]
        if n == 1:
            out = services.submit_action(match_id=match.pk, action=engine.timeout_action(state, seat),
                                         expected_version=match.version, seat=seat, actor="timeout")
            timer_seq = out.version
            continue
        action = bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                               tenant=tenant_default(), user=users[seat])
    raise AssertionError("the match did not end")


def test_open_page_live_turn_alerts_and_the_honest_log(browser, live_site, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)  # no worker in this process
    alice, bob = _person("alice"), _person("bob")
    match = services.match_create(tenant=tenant_default(), user=alice, game="hextopia", seats=2, turn_seconds=600,
                                  title="Live flow")
    url = f"{live_site.url}/matches/{match.pk}/"
    pa, pb = _page(browser, live_site, alice), _page(browser, live_site, bob, size=(360, 740))

    # The open page, live: bob joins from his page; alice's shows him without reloading.
    pa.goto(url)
    expect(pa.locator("#conn-state")).to_have_text("Live")
    pa.evaluate("window.__same_page = true")
    expect(pa.locator("#seats-panel")).to_contain_text("free")
    pb.goto(url)
    expect(pb.locator("#conn-state")).to_have_text("Live")
    pb.evaluate("window.__same_page = true")
    pb.get_by_role("button", name="Join this match").click()
    expect(pb.locator(".messages")).to_contain_text("You took a seat.")
    pb.evaluate("window.__same_page = true")  # his own join reloaded his page
    expect(pa.locator("#seats-panel")).to_contain_text("bob")
    expect(pa.locator("#seats-panel")).not_to_contain_text("free")
    assert pa.evaluate("window.__same_page") is True
    expect(pa.get_by_role("button", name="Start match")).to_be_enabled()

    # Alice starts: her page is the table (with the flash message); bob's turns into it alone.
    pa.get_by_role("button", name="Start match").click()
    expect(pa.locator("#board")).to_be_visible()
    expect(pa.locator(".table-notes .messages")).to_contain_text("The match has started")
    expect(pb.locator("#board")).to_be_visible()
    assert pb.evaluate("window.__same_page") is None, "bob's page did not become the table"
    for page in (pa, pb):
        expect(page.locator("#conn-state")).to_have_text(re.compile("Live|^$"))
        expect(page.locator("#status-banner")).to_have_text(re.compile(r"^(Your turn\.|Waiting for )"))

    # Turn alerts: the title and the icon on the page of the seat to act only.
    first, second = (pa, pb) if pa.locator("#status-banner").inner_text() == "Your turn." else (pb, pa)
    expect(first).to_have_title(TURN_TITLED)
    expect(second).not_to_have_title(TURN_TITLED)
    assert "circle" in first.evaluate("document.getElementById('favicon').getAttribute('href')")
    assert "circle" not in second.evaluate("document.getElementById('favicon').getAttribute('href')")
    # The sound: off by default; turned on (one tone to hear it), remembered after a reload.
    toggle = second.locator("#sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert second.evaluate("localStorage.getItem('hexagora.turnSound')") == "on"
    assert second.evaluate("window.__notes") == 2
    second.reload()
    expect(second.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    expect(second.locator("#conn-state")).to_have_text("Live")
    assert second.evaluate("window.__notes") == 0  # no tone when the page opens
    # The first player moves: the turn comes round to the second, whose page sounds.
    expect(first.locator("#status-banner")).to_have_text("Your turn.")
    play_one_move(first)
    expect(second.locator("#status-banner")).to_have_text("Your turn.")
    expect(second).to_have_title(TURN_TITLED)
    expect(first).not_to_have_title(TURN_TITLED)
    second.wait_for_function("window.__notes === 2")
    assert first.evaluate("window.__notes") == 0  # its sound is off

    # The rest of the match, here; the pages catch up. The flash message is gone.
    timer_seq = _play_to_the_end(match, [alice, bob])
    assert MoveRecord.objects.get(match=match, seq=timer_seq).actor == MoveRecord.Actor.TIMEOUT
    for page in (pa, pb):
        page.evaluate("window.hexagora.page.client.sync()")
        # Each page draws every one of the match's states as it arrives: on a loaded machine
        # that queue takes longer than expect's 5 s to drain.
        expect(page.locator("#status-banner")).to_have_text(re.compile(r"^Finished: "), timeout=30_000)
        expect(page).not_to_have_title(TURN_TITLED)
    expect(pa.locator(".messages")).to_have_count(0)
    # The timer's move is marked in the live log (reloaded from the history after the gap).
    marked = pa.locator("#move-log li[data-actor=timeout]")
    expect(marked).to_have_count(1)
    expect(marked.locator(".log-actor")).to_have_text("timer")

    # The replay: the same mark, and the log follows the step shown.
    pa.goto(f"{url}replay/")
    expect(pa.locator("#move-log li[data-actor=timeout] .log-actor")).to_have_text("timer")
    pa.keyboard.press("End")
    expect(pa.locator("#move-log li.current")).to_be_in_viewport()
    last = pa.locator("#move-log li").last
    expect(last).to_have_class(re.compile(r"\bcurrent\b"))
    pa.keyboard.press("Home")
    for _ in range(3):
        pa.keyboard.press("ArrowRight")
    current = pa.locator("#move-log li.current")
    expect(current).to_have_count(1)
    expect(current).to_be_in_viewport()
    assert int(current.get_attribute("data-step")) <= 3
    assert pa.js_errors == [] and pb.js_errors == []
