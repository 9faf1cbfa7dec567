"""Issue point 14, end to end in headless Chromium: a newcomer signs up, creates a Hextopia
match in the lobby, gives seats 2-4 to bots, starts it and plays their own seat through the
page (a card, then a ringed destination on the board, a move from the list, or the discard
and sit-out buttons) until the result shows. Screenshots of the start, the middle and the
end go to ``artifacts/e2e/``.

The server is real (``live_site``: Daphne, plus a Celery worker process with Redis, else the
embedded worker thread), so bot turns arrive over the WebSocket exactly as they do for a
player. The test waits on what the page shows (``#status-banner``, ``#conn-state``, the
hand's enabled cards) and on the ``state`` frames the page's socket receives (their
``version`` and ``status``), never on fixed sleeps.
"""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches.models import Match, MoveRecord, Seat

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

USERNAME = "newcomer"
PASSWORD = "Hexagora-e2e-Passw0rd"
BOTS = {1: "heuristic", 2: "heuristic", 3: "random"}  # seat index -> bot kind
GAME_SECONDS = 600  # the whole match; it usually takes one to three minutes
STEP_MS = 30_000  # one page step: a load, a bot's reply, our move's answer
MID_GAME_MOVE = 15  # our move after which the mid-game screenshot is taken
MAX_REFUSED = 5  # moves the server may refuse (each shown in the error box) before we give up
OFFER_ATTEMPTS = 6  # tries of a whole move (card, then ring / list / button), each step waiting up to 5 s

YOUR_TURN = "Your turn."
SENDING = "Sending your move…"
FINISHED = re.compile(r"^(Finished|You won)")

# True once the banner shows our turn or the end: what the loop waits for between moves.
TURN_OR_END_JS = """() => {
  const t = document.getElementById("status-banner").textContent;
  return t === "Your turn." || t.startsWith("Finished");
}"""
# True once the page has an answer to the move it sent (a new state or a refusal).
ANSWERED_JS = """() => document.getElementById("status-banner").textContent !== "Sending your move…" """


class SocketWatch:
    """Collects the ``state`` and ``error`` frames the page's match socket receives, and the
    ``client_action_id`` of every move it sends (a move sent again after a lost answer keeps
    its id, and the server applies it once)."""

    def __init__(self, page):
        self.versions: list[int] = []
        self.status = ""
        self.errors: list[dict] = []
        self.sent: set[str] = set()
        page.on("websocket", self._socket)

    def _socket(self, ws):
        if "/ws/matches/" in ws.url:
            ws.on("framereceived", self._frame)
            ws.on("framesent", self._sent)

    def _sent(self, payload):
        try:
            msg = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(msg, dict) and msg.get("type") == "action":
            self.sent.add(msg.get("client_action_id"))

    def _frame(self, payload):
        try:
            msg = json.loads(payload)
        except (TypeError, ValueError):
            return
        if msg.get("type") == "state":
            self.versions.append(msg["version"])
            self.status = msg["status"]
        elif msg.get("type") == "error":
            self.errors.append(msg)

    @property
    def version(self) -> int:
        return max(self.versions, default=-1)


def sign_up(page, site_url: str) -> None:
    page.goto(f"{site_url}/accounts/signup/")
    page.fill("#id_email", f"{USERNAME}@example.org")
    page.fill("#id_username", USERNAME)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    # Email verification is optional in development: the new account lands in the lobby.
    expect(page.locator("h1")).to_contain_text("Lobby")
    expect(page.locator(".nav-user")).to_have_text(USERNAME)


def create_match_with_bots(page) -> int:
    """From the lobby: a 4-seat Hextopia match, unlimited time, bots in seats 2-4, started.
    Returns the match id (from the URL)."""
    page.select_option("#id_game", "hextopia")
    page.select_option("#id_seats", "4")
    page.select_option("#id_turn_seconds", "")  # Unlimited: a slow CI machine never times out
    page.fill("#id_title", "E2E table")
    page.click("#create-form button[type=submit]")
    expect(page.locator("h1")).to_contain_text("E2E table")
    match_id = int(re.search(r"/matches/(\d+)/$", page.url).group(1))
    for index, kind in BOTS.items():
        page.select_option(f"#bot-kind-{index}", kind)
        page.locator(f"form:has(#bot-kind-{index}) button[type=submit]").click()
        expect(page.locator(".messages")).to_contain_text(f"bot took seat {index + 1}")
    page.get_by_role("button", name="Start match").click()
    return match_id


def play_one_move(page) -> str:
    """Our move, as a person makes it: the first usable card, then a ringed destination on
    the board (else a move from the list, else Discard / Sit out). Returns what was clicked.

    A click lost to a redraw of the hand or the board (a state arriving meanwhile) is made
    again: the whole move is tried up to ``OFFER_ATTEMPTS`` times, each step waiting at most
    5 s, until the banner leaves "Your turn." (the move is sent)."""
    for _attempt in range(OFFER_ATTEMPTS):
        try:
            kind = _try_one_move(page)
        except PlaywrightTimeout:
            continue
        if kind and _left_our_turn(page):
            return kind
    raise AssertionError(f"no move sent in {OFFER_ATTEMPTS} tries; banner: {page.locator('#status-banner').inner_text()}")


def _try_one_move(page) -> str | None:
    """One try of a move: press the first usable card (unless it is pressed), wait for what it
    offers, click it. Returns what was clicked, None when nothing was offered to click."""
    card = page.locator("#hand button.card:not([disabled])").first
    if card.get_attribute("aria-pressed", timeout=5000) != "true":
        card.click(timeout=5000)
    # The card's moves are drawn as rings, listed, or offered as Discard / Sit out.
    page.locator("#board .hx-target, #move-choices button, #hand-actions button").first.wait_for(
        state="visible", timeout=5000)
    targets = page.locator("#board .hx-target")
    if targets.count():
        targets.first.click(timeout=5000)
        if _left_our_turn(page, 1000):
            return "board"
        # Several pieces can reach that ring: the page asks to choose; take the list.
    for selector, kind in (("#move-choices button", "list"), ("#hand-actions button", "discard")):
        buttons = page.locator(selector)
        if buttons.count():
            buttons.first.click(timeout=5000)
            return kind
    return None


def _left_our_turn(page, timeout_ms: int = 5000) -> bool:
    """True once the banner no longer says "Your turn." (the move was sent), within the wait."""
    try:
        page.wait_for_function(f"() => document.getElementById('status-banner').textContent !== {YOUR_TURN!r}",
                               timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def test_sign_up_create_match_with_three_bots_and_play_it_to_the_end(browser, live_site, assert_replay_matches):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    js_errors: list[str] = []
    page.on("pageerror", lambda exc: js_errors.append(str(exc)))
    sockets = SocketWatch(page)
    started = time.monotonic()
    moves: dict[str, int] = {"board": 0, "list": 0, "discard": 0}
    try:
        sign_up(page, live_site.url)
        match_id = create_match_with_bots(page)
        expect(page.locator("#board .hx-piece")).to_have_count(16)
        expect(page.locator("#conn-state")).to_have_text("Live")
        page.screenshot(path=ARTIFACTS / "hextopia-start.png", full_page=True)

        while True:
            if time.monotonic() - started > GAME_SECONDS:
                pytest.fail(f"match {match_id} not over after {GAME_SECONDS} s, at version {sockets.version}")
            live_site.check_alive()
            page.wait_for_function(TURN_OR_END_JS, timeout=STEP_MS)
            if FINISHED.match(page.locator("#status-banner").inner_text()):
                break
            moves[play_one_move(page)] += 1
            page.wait_for_function(ANSWERED_JS, timeout=STEP_MS)
            assert len(sockets.errors) <= MAX_REFUSED, f"the server refused our moves: {sockets.errors}"
            if sum(moves.values()) == MID_GAME_MOVE:
                page.screenshot(path=ARTIFACTS / "hextopia-mid.png", full_page=True)

        expect(page.locator("#result-panel")).to_be_visible()
        expect(page.locator("#result-body tr")).to_have_count(4)
        page.click("#tab-seed")  # the seed box is the table's "Fair shuffle" tab
        expect(page.locator("#seed-reveal")).to_be_visible()
        expect(page.locator("#seed-check")).to_contain_text("✓")
        expect(page.locator("#hand-panel")).to_be_hidden()
        page.screenshot(path=ARTIFACTS / "hextopia-end.png", full_page=True)
    except Exception:
        page.screenshot(path=ARTIFACTS / "hextopia-failure.png", full_page=True)
        print(live_site.logs())
        raise
    finally:
        context.close()
    elapsed = time.monotonic() - started
    print(f"e2e ({live_site.mode}): {sockets.version} versions, our moves {moves}, {elapsed:.1f} s")

    # What the page showed is what the database holds: a finished match whose records
    # replay exactly, our seat played by us from the page, the others by their bots.
    user = User.objects.get(username=USERNAME)
    match = Match.unscoped.get(pk=match_id)
    assert match.status == Match.Status.FINISHED and match.result is not None
    assert sockets.status == "finished" and sockets.version == match.version
    seats = {s.index: s for s in Seat.objects.filter(match=match)}
    assert seats[0].user_id == user.pk and not seats[0].bot_takeover
    assert {i: seats[i].bot_kind for i in BOTS} == BOTS
    actors = set(MoveRecord.objects.filter(match=match, seat=0).values_list("actor", flat=True))
    assert actors == {MoveRecord.Actor.USER}
    # Counted from the frames the page sent, not from our clicks: on a loaded machine a click
    # whose answer came late is clicked again, and the page may send both.
    refused = len({e["client_action_id"] for e in sockets.errors if "client_action_id" in e})
    assert MoveRecord.objects.filter(match=match, seat=0).count() == len(sockets.sent) - refused
    assert_replay_matches(match)
    assert js_errors == []
    assert moves["board"] > 0, "no move was made on the board itself"
