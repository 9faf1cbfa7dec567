"""What tests/e2e/test_phone_play.py needs to play a match on a phone-sized page with taps only
(issue 26, point 9): the match, advanced near its end on the engine; the page (360x740, touch,
mobile); waiting for the page's turn; and the check and tap of a choice the board asks for.

The board's choices are found by each game's own selectors (phone_games.py), not through the
page's picker: the test sees what a player sees. When the board asks for a choice, every tap
target (the choices on the board, or the picker's list of buttons when it shows one) must be
at least ``MIN_TARGET_PX`` both ways and inside the viewport (a list scrolls: each button is
checked once scrolled to, as a thumb would scroll it), and a choice on the board must be what
the browser hits at its centre (no bar or sheet over it).
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from gameplatform.tenants.selectors import tenant_default
from games import registry

from .test_table_layout import bot_move

WIDTH, HEIGHT = 360, 740
MIN_TARGET_PX = 44
SLACK_PX = 0.5
STEP_MS = 30_000
MAX_PLAYOUT = 3000  # moves of the engine playout that finds the near-end position
SHOTS = Path(settings.BASE_DIR) / "artifacts" / "phone"

# The page may act (its seat is to act, nothing on its way) or the match is over: {version, status}.
READY_JS = """() => {
  const p = window.hexagora && window.hexagora.page;
  if (!p || (p.client && p.client.pending)) return false;
  const s = p.snapshot;
  if (!(p.myTurn || s.status !== "active")) return false;
  return {version: s.version, status: s.status};
}"""

# The board's choices (the first of `sels` that finds visible elements) and the tap targets the
# page offers for them: the picker's list when it shows one, else the choices themselves.
CHOICES_JS = r"""([sels, slack]) => {
  const shown = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0 && n.checkVisibility({visibilityProperty: true}); };
  let nodes = [];
  for (const s of sels) { nodes = [...document.querySelectorAll(s)].filter(shown); if (nodes.length) break; }
  const wrap = document.getElementById("board").closest(".board-wrap");
  const list = [...document.querySelectorAll(".board-picks:not([hidden]) button[data-pick-choice]")];
  const box = (n) => {
    const r = n.getBoundingClientRect();
    const inside = r.left >= -slack && r.top >= -slack && r.right <= innerWidth + slack && r.bottom <= innerHeight + slack;
    const at = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
    const name = (n.getAttribute("aria-label") || n.textContent || "").trim().replace(/\s+/g, " ").slice(0, 60);
    return {name, w: r.width, h: r.height, x: r.left, y: r.top, inside, hit: Boolean(at && (n === at || n.contains(at)))};
  };
  return {mode: wrap.dataset.pick || "", count: nodes.length, listed: list.length, nodes: nodes.map(box)};
}"""


def playout(engine, state, bot, rng):
    """``(states, moves)``: ``bot`` plays every seat from ``state`` to the end (or MAX_PLAYOUT
    moves); ``moves[i] = (seat, action)`` leads from ``states[i]`` to ``states[i + 1]``."""
    states, moves = [state], []
    while engine.to_act(state) and len(moves) < MAX_PLAYOUT:
        seat, action = bot_move(engine, state, bot, rng)
        state, _events = engine.apply(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    return states, moves


def near_end(engine, state, game, rng):
    """The position to start from: on a playout of the game's bots, the latest one where seat 0
    alone is to act with ``game.choices_ahead`` board choices of seat 0 still to come (the
    first one where seat 0 acts when the playout has fewer)."""
    states, moves = playout(engine, state, game.sim_bot(), rng)
    first = next(i for i, st in enumerate(states) if tuple(engine.to_act(st)) == (0,))
    ahead = 0
    for i in range(len(moves) - 1, first - 1, -1):
        seat, action = moves[i]
        if seat == 0:
            ahead += game.board_choices(action)
        if ahead >= game.choices_ahead and tuple(engine.to_act(states[i])) == (0,):
            return states[i]
    return states[first]


def started_near_end(slug: str, game, users: list[User]) -> Match:
    """A 2-seat match of ``slug`` with ``game.options``: ``users[0]`` in seat 0, seat 1 a person
    while the engine plays it near its end (``near_end``), then handed to ``game.bot`` (the
    server's bot plays it from the first move on)."""
    tenant = tenant_default()
    engine = registry.get_engine(slug)
    match = services.match_create(tenant=tenant, user=users[0], game=slug, seats=2, options=game.options, rated=False,
                                  title="Thumbs only")
    services.match_join(tenant=tenant, user=users[1], match_id=match.pk)
    services.match_start(tenant=tenant, user=users[0], match_id=match.pk)
    match.refresh_from_db()
    state = near_end(engine, engine.decode(match.state), game, random.Random(game.seed))
    Match.unscoped.filter(pk=match.pk).update(state=engine.encode(state))
    Seat.objects.filter(match=match, index=1).update(user=None, bot_kind=game.bot)
    match.refresh_from_db()
    return match


def phone_page(browser, site_url: str, user: User):
    """A touch page (360x740, mobile) signed in as ``user``; its JS errors in ``page.js_errors``."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                                  device_scale_factor=1)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site_url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return context, page


def wait_ready(page, site, match_id: int):
    """Waits until the page may act or shows the end, and the database holds the same version;
    returns the match (its state decoded by the caller)."""
    end = time.monotonic() + STEP_MS / 1000
    while True:
        site.check_alive()
        ready = page.wait_for_function(READY_JS, timeout=STEP_MS).json_value()
        match = Match.unscoped.get(pk=match_id)
        if match.version == ready["version"] or match.status != Match.Status.ACTIVE:
            return match
        if time.monotonic() > end:
            raise AssertionError(f"the page shows version {ready['version']}, the database {match.version}")
        time.sleep(0.1)


def version(page) -> int:
    return page.evaluate("() => window.hexagora.page.snapshot.version")


def tap_and_wait(locator, page, or_js: str = "false") -> bool:
    """Taps what sends a move, then waits for the server's answer (a new state or a refusal),
    or for ``or_js`` (a JS expression: the tap asked one more question instead of sending);
    returns whether a new state came."""
    before = version(page)
    locator.tap()
    page.wait_for_function(f"""() => window.hexagora.page.snapshot.version > {before}
                               || !document.getElementById("error-box").hidden || ({or_js})""", timeout=STEP_MS)
    box = page.locator("#error-box")
    assert box.is_hidden(), f"refused: {box.inner_text()}"
    return version(page) > before


class Board:
    """The board choices of one game's page: ``sels`` finds them (the first selector that
    matches visible elements); ``check`` asserts the tap targets, ``tap`` taps one."""

    def __init__(self, page, slug: str, sels: list[str]):
        self.page = page
        self.slug = slug
        self.sels = sels
        self.asked = 0  # board choices made
        self.modes: dict[str, int] = {}
        self.shots: list[Path] = []

    def check(self, *, if_asked: bool = False) -> dict:
        """Issue 26, point 9: "no tap target under 44 px when the board asks for a choice", each
        inside the viewport: on the board (what the browser hits at its centre), or the
        picker's list, one button per choice (each scrolled to in turn). ``if_asked``: the
        board may ask for nothing now."""
        info = self.page.evaluate(CHOICES_JS, [self.sels, SLACK_PX])
        if if_asked and not info["count"]:
            return info
        assert info["count"], f"{self.slug}: no choice on the board"
        mode = info["mode"] or "none"  # what the page's picker did, for the screenshots and the report
        self.modes[mode] = self.modes.get(mode, 0) + 1
        if mode not in {p.stem.rsplit("-", 1)[-1] for p in self.shots}:  # the first of each kind, as asked
            SHOTS.mkdir(parents=True, exist_ok=True)
            path = SHOTS / f"{self.slug}-{len(self.shots) + 1}-{mode}.png"
            self.page.screenshot(path=path)
            self.shots.append(path)
        if info["listed"]:
            assert info["listed"] == info["count"], f"{self.slug}: {info['count']} choices, {info['listed']} listed"
            buttons = self.page.locator(".board-picks button[data-pick-choice]")
            for i in range(info["listed"]):
                b = buttons.nth(i)
                b.scroll_into_view_if_needed()
                box = b.bounding_box()
                assert box["width"] >= MIN_TARGET_PX - SLACK_PX and box["height"] >= MIN_TARGET_PX - SLACK_PX, (self.slug, box)
                assert box["x"] >= -SLACK_PX and box["y"] >= -SLACK_PX, (self.slug, box)
                assert box["x"] + box["width"] <= WIDTH + SLACK_PX and box["y"] + box["height"] <= HEIGHT + SLACK_PX, (self.slug, box)
        else:
            bad = [n for n in info["nodes"] if n["w"] < MIN_TARGET_PX - SLACK_PX or n["h"] < MIN_TARGET_PX - SLACK_PX
                   or not n["inside"] or not n["hit"]]
            assert not bad, f"{self.slug} ({mode}): choices under {MIN_TARGET_PX} px, out of view or covered: {bad}"
        return info

    def tap(self, selector: str, *, sends: bool = True, or_js: str = "false") -> bool:
        """Taps the board choice ``selector`` names (or its button in the picker's list), after
        ``check``; ``sends``: the tap sends a move (wait for the answer, or ``or_js``:
        ``tap_and_wait``); returns whether a new state came."""
        listed = self.check()["listed"]
        node = self.page.locator(selector)
        expect(node).to_have_count(1)
        self.asked += 1
        if listed:  # the list's button of this choice
            k = node.get_attribute("data-pick-choice")
            target = self.page.locator(f".board-picks button[data-pick-choice='{k}']")
        else:
            target = node
        if sends:
            return tap_and_wait(target, self.page, or_js)
        target.tap()
        return False


def same(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
