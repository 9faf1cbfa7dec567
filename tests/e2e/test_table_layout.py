"""Issue 8, points 1 and 7: every game's live table has everything in reach, in headless
Chromium at 1280x800, 1366x768 and 360x740.

For each registered game (``games.registry.slugs()``, so games to come are measured without a
line here) and each size, a match of up to four people is played on the server with the game's
strongest bot choosing for every seat (through ``submit_action``, as the people themselves;
one move as the turn timer) until some moves are in the log and the viewer, seat 1, must act.
The viewer's page then shows, without scrolling:

- the board (the board template's ``.board-wrap``) and the hand panel (``#hand-panel``: each
  of its buttons and fields), inside the viewport and not hidden by a scrolling box;
- the turn banner (``#status-wrap``) with the countdown ("9:58 left");
- the latest entry of the move log (``#move-log``);

and every touch target (links, buttons, fields, summaries, board elements one can click or
ask about) is at least 32 CSS px both ways: at once for the page's controls; for the board,
once the board zoom (``#zoom-board``) is on if it is smaller, the zoom keeping the selection
(the first toggle of the hand panel is chosen first, so the board shows its targets).

The viewport screenshot of each table goes to ``artifacts/tables/<game>-<width>.png``, the
zoomed one to ``<game>-<width>-zoom.png`` (CI keeps artifacts/).
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games import registry

pytestmark = pytest.mark.browser

SHOTS = Path(settings.BASE_DIR) / "artifacts" / "tables"
SIZES = [(1280, 800), (1366, 768), (360, 740)]
SEATS = 4  # or the game's most, if fewer: a full seat list is the harder layout
MIN_MOVES = 24  # past Hexfolk's setup at four seats; the log holds some lines
MAX_MOVES = 600
TURN_SECONDS = 600  # live, so the countdown reads "9:58 left"; far from running out
MIN_TARGET_PX = 32
SLACK_PX = 0.5  # sub-pixel rounding of the boxes
STEP_MS = 20_000
COUNTDOWN = re.compile(r"^\d+:\d\d left$")

# Boxes of the things a player needs, each {x, y, w, h, visible}: "visible" when the box lies in
# the viewport and the element is what the browser hits at its centre (nothing covers it, no
# scrolling box cuts it off).
BOXES_JS = r"""(slack) => {
  const vw = innerWidth, vh = innerHeight;
  function box(node, what) {
    if (!node) return {what, missing: true};
    const r = node.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= -slack && r.top >= -slack && r.right <= vw + slack && r.bottom <= vh + slack;
    let hit = false;
    if (inside) {
      const x = Math.min(vw - 1, Math.max(0, r.left + r.width / 2)), y = Math.min(vh - 1, Math.max(0, r.top + Math.min(r.height / 2, 12)));
      const at = document.elementFromPoint(x, y);
      hit = Boolean(at && (node === at || node.contains(at) || at.contains(node)));
    }
    return {what, x: Math.round(r.left), y: Math.round(r.top), w: Math.round(r.width), h: Math.round(r.height), visible: inside && hit};
  }
  const board = document.querySelector("#board-slot .board-wrap") || document.querySelector("#board-slot > *");
  const hand = document.getElementById("hand-panel");
  // The log's last line; where the log sits in a closed tab, the banner's copy of it.
  const last = document.querySelector("#move-log > li:last-child");
  const banner = document.getElementById("latest-move");
  const text = (node) => (node ? node.textContent.replace(/\s+/g, " ").trim() : "");
  let latest = box(last, "latest move");
  if (!latest.visible && last && !last.checkVisibility() && banner) {
    const said = text(last.cloneNode(true)).replace(/^\d+\.\s*/, "");
    latest = box(banner, `latest move (banner: "${text(banner)}", log: "${said}")`);
    latest.visible = latest.visible && text(banner).includes(said.slice(0, 30));
  }
  const out = [box(board, "board"), box(hand, "hand panel"), box(document.getElementById("status-wrap"), "turn banner"),
               box(document.getElementById("countdown"), "countdown"), latest];
  if (hand) {
    for (const c of hand.querySelectorAll("button, input, select, textarea, a[href]")) {
      if (!c.checkVisibility || !c.checkVisibility()) continue;
      out.push(box(c.closest("label") || c, `hand control "${(c.textContent || c.getAttribute("aria-label") || c.name || c.tagName).trim().slice(0, 40)}"`));
    }
  }
  return out;
}"""

# Touch targets smaller than 32 px: [{what, w, h, board}]. A target is a link, button, field or
# summary (a checkbox or radio counts with its label), or a board element one can act on
# (pointer cursor, role=button, a data-target, in the tab order); help-only elements (a <title>)
# are not required to be finger-sized.
SMALL_TARGETS_JS = r"""([min, slack]) => {
  const out = [];
  const seen = new Set();
  function check(node, target, board) {
    if (seen.has(target)) return;
    seen.add(target);
    if (!target.checkVisibility || !target.checkVisibility({visibilityProperty: true, opacityProperty: false})) return;
    const r = target.getBoundingClientRect();
    if (!r.width || !r.height) return;
    if (r.width < min - slack || r.height < min - slack) {
      const name = (node.getAttribute("aria-label") || node.textContent || node.getAttribute("title") || node.tagName).trim().replace(/\s+/g, " ").slice(0, 50);
      out.push({what: `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""} "${name}"`, w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10, board});
    }
  }
  for (const n of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]")) {
    if (n.closest("svg")) continue;
    const label = (n.type === "checkbox" || n.type === "radio") && n.closest("label");
    check(n, label || n, false);
  }
  for (const svg of document.querySelectorAll("#board-slot svg")) {
    for (const n of svg.querySelectorAll("*")) {
      if (n.tagName === "title") continue;
      // A pointer cursor counts on the outermost element that has it (its parts inherit it).
      const pointer = (e) => e && e !== svg && getComputedStyle(e).cursor === "pointer";
      const clickable = pointer(n) && !pointer(n.parentElement);
      // Help alone (its own <title>, a tap that explains) is not a move target: thin things
      // (roads, piers) explain themselves but need no finger-sized box.
      if (n.matches("[role=button], [tabindex], [data-target]") || clickable) check(n, n, true);
    }
  }
  return out;
}"""

# The selection the page shows: the pressed toggles of the hand panel and the board's targets.
SELECTION_JS = """() => ({
  pressed: [...document.querySelectorAll("#hand-panel [aria-pressed=true]")].map((b) => b.dataset.card || b.dataset.key || b.textContent.trim()),
  targets: document.querySelectorAll("#board-slot svg [role=button], #board-slot svg [data-target]").length,
})"""

# True when some target of the board lies inside the board's visible (scrolled) frame.
TARGET_IN_VIEW_JS = """() => {
  const wrap = document.querySelector("#board-slot .board-wrap");
  const targets = [...document.querySelectorAll("#board-slot svg [role=button], #board-slot svg [data-target]")];
  if (!wrap || !targets.length) return true;
  const f = wrap.getBoundingClientRect();
  return targets.some((t) => { const r = t.getBoundingClientRect(); return r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom; });
}"""


def _people(n: int) -> list[User]:
    tenant = tenant_default()
    users = []
    for i in range(n):
        user = User.objects.create_user(username=f"player{i + 1}", password="pw-not-used-9", email=f"p{i + 1}@example.org")
        Membership.objects.create(user=user, tenant=tenant)
        users.append(user)
    return users


def started_match(slug: str, users: list[User], *, turn_seconds: int | None, title: str) -> Match:
    """A match of ``slug`` that ``users[0]`` created and started, seat i taken by ``users[i]``."""
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=users[0], game=slug, seats=len(users), turn_seconds=turn_seconds,
                                  title=title)
    for user in users[1:]:
        services.match_join(tenant=tenant, user=user, match_id=match.pk)
    services.match_start(tenant=tenant, user=users[0], match_id=match.pk)
    return match


def bot_move(engine, state, bot, rng) -> tuple[int, dict]:
    """``(seat, action)``: the first seat to act that ``bot`` moves for, and its move; when every
    seat to act waits for someone (the bot chooses None), the first one's time-out action."""
    acting = list(engine.to_act(state))
    for seat in acting:
        action = bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        if action is not None:
            return seat, action
    return acting[0], engine.timeout_action(state, acting[0])


def _table_where_the_viewer_acts(slug: str, users: list[User]) -> Match:
    """A started match of ``slug`` for ``users`` (seat i = users[i]), played on by the game's
    strongest bot for every seat until at least ``MIN_MOVES`` moves are made and seat 0 must act.
    The third move is made as the turn timer, so the log shows a marked move."""
    tenant = tenant_default()
    engine = registry.get_engine(slug)
    match = started_match(slug, users, turn_seconds=TURN_SECONDS, title="Layout table")
    bot = list(engine.bots().values())[-1]()
    rng = random.Random(8)
    for moves in range(MAX_MOVES):
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE, f"{slug} ended after {moves} moves: play fewer"
        state = engine.decode(match.state)
        acting = list(engine.to_act(state))
        if moves >= MIN_MOVES and 0 in acting:
            return match
        seat, action = bot_move(engine, state, bot, rng)
        if moves == 2 and seat != 0:
            services.submit_action(match_id=match.pk, action=engine.timeout_action(state, seat),
                                   expected_version=match.version, seat=seat, actor="timeout")
        else:
            services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                                   tenant=tenant, user=users[seat])
    raise AssertionError(f"seat 1 of {slug} was not to act within {MAX_MOVES} moves")


def _open_as(browser, site_url: str, user: User, size):
    client = Client()
    client.force_login(user)
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site_url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def _report(rows) -> str:
    return "\n".join(f"  {r['what']}: " + ("missing" if r.get("missing") else f"{r['w']}x{r['h']} at ({r['x']}, {r['y']})")
                     for r in rows)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("slug", registry.slugs())
def test_the_table_has_everything_in_reach(browser, live_site, slug, size, monkeypatch):
    # The moves below are made in this process, whose Celery app has no worker: the server's
    # sweeper keeps the (distant) deadlines instead.
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    engine = registry.get_engine(slug)
    users = _people(max(engine.min_seats, min(SEATS, engine.max_seats)))
    match = _table_where_the_viewer_acts(slug, users)
    SHOTS.mkdir(parents=True, exist_ok=True)
    width = size[0]
    context, page, errors = _open_as(browser, live_site.url, users[0], size)
    try:
        page.goto(f"{live_site.url}/matches/{match.pk}/")
        expect(page.locator("#conn-state")).to_have_text("Live")
        expect(page.locator("#status-banner")).to_have_text("Your turn.")
        expect(page.locator("#countdown")).to_have_text(COUNTDOWN)
        assert page.locator("#move-log > li").count() > 0, "the log is empty"

        # A toggle of the hand (a card, a build button) chosen, so the board shows its targets.
        toggle = page.locator("#hand-panel button[aria-pressed=false]:not([disabled])")
        if toggle.count():
            toggle.first.click()
        page.wait_for_timeout(200)  # a repaint, no network
        page.screenshot(path=SHOTS / f"{slug}-{width}.png")
        assert page.evaluate("scrollY") == 0, "the page scrolled"
        boxes = page.evaluate(BOXES_JS, SLACK_PX)
        hidden = [b for b in boxes if not b.get("visible")]
        assert not hidden, f"{slug} at {size}: not in reach without scrolling:\n{_report(hidden)}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"

        small = page.evaluate(SMALL_TARGETS_JS, [MIN_TARGET_PX, SLACK_PX])
        page_small = [s for s in small if not s["board"]]
        assert not page_small, f"{slug} at {size}: touch targets under {MIN_TARGET_PX} px: {page_small}"
        if any(s["board"] for s in small):
            zoom = page.locator("#zoom-board")
            assert zoom.count(), f"{slug} at {size}: board targets under {MIN_TARGET_PX} px and no zoom: {small}"
            selection = page.evaluate(SELECTION_JS)
            zoom.click()
            expect(zoom).to_have_attribute("aria-pressed", "true")
            page.wait_for_timeout(200)
            page.screenshot(path=SHOTS / f"{slug}-{width}-zoom.png")
            assert page.evaluate(SELECTION_JS) == selection, "the zoom lost the selection"
            assert page.evaluate(TARGET_IN_VIEW_JS), "the zoomed board does not show the selection's targets"
            still = [s for s in page.evaluate(SMALL_TARGETS_JS, [MIN_TARGET_PX, SLACK_PX]) if s["board"]]
            assert not still, f"{slug} at {size}: zoomed board targets under {MIN_TARGET_PX} px: {still[:10]}"
        assert errors == []
    finally:
        context.close()
