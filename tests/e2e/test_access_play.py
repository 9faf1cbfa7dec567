"""Issue 31, points 1-2: every game played to its end with the keyboard alone, and what a screen
reader is given, in headless Chromium at 1280x800.

For every registered game, a 2-seat match against the server's bot (seat 1, the phone test's
bot kind and options: tests/e2e/phone_games.py), from its first move, is played by seat 0 with
key presses only (Playwright ``keyboard.press``: no click, no tap, no script that plays): each turn
Alt+Shift+D opens "Describe" (js/access.js), ArrowDown walks to the move and Enter plays it.
The move is the game's bot's choice on the engine when the list offers it, else the listed move
of the same kind (a suggested discard for a chosen one), else the first.

What a screen reader reads, from the accessibility tree (Playwright's ``get_by_role``):
- the moves' buttons are named by their sentences, one per unique legal action (less the
  templates the game tells as help instead: HexBoard Words' match and steal), all different,
  each found by its name alone; Enter on one plays that very action (its MoveRecord);
- after each move of the bot the live region (``role=log``, "Moves as they are made") holds
  that move's sentence, the log's own, once.
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.tenants.selectors import tenant_default
from games import registry

from .phone import wait_ready
from .phone_games import GAMES, bot_choice
from .test_chat import _page
from .test_table_layout import _people as people

pytestmark = pytest.mark.browser

GAME_SECONDS = 600
# Longer than the phone test's two rounds: robbers, trades and cards come up by keyboard too.
OPTIONS = {"hexfolk": {"victory_points": 8, "turn_limit": 12}}
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "access"
OFFERED_JS = """() => [...document.querySelectorAll('#describe-body [data-action]')]
  .map((b) => ({i: Number(b.dataset.action), name: b.textContent}))"""
# The unique legal actions in order, as js/generic.js uniqueActions (keys sorted at every level).
UNIQUE_JS = """() => { const seen = new Set(); const out = [];
  const canon = (v) => Array.isArray(v) ? `[${v.map(canon).join(",")}]`
    : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",")}}`
    : JSON.stringify(v ?? null);
  const game = window.hexagora.page.game;
  for (const a of window.hexagora.page.snapshot.legal_actions) {
    const k = canon(a); if (!seen.has(k)) { seen.add(k); out.push({action: a, help: Boolean(game.actionHelp && game.actionHelp(a))}); } }
  return out; }"""


SPOKEN_JS = "(text) => { const g = window.hexagora.page.game; return g.spoken ? g.spoken(text) : text; }"


def _canonical(action) -> str:
    return json.dumps(action, sort_keys=True)


def _pick(offered: list[dict], unique: list[dict], wanted: dict) -> int:
    """The place in ``offered`` (the dialog's buttons) of the move to play (module docstring)."""
    actions = [unique[o["i"]] for o in offered]
    keys = [_canonical(a) for a in actions]
    if _canonical(wanted) in keys:
        return keys.index(_canonical(wanted))
    same = [k for k, a in enumerate(actions) if a.get("type") == wanted.get("type")]
    return same[0] if same else 0


def _against_bot(slug: str, game, user) -> Match:
    """A started 2-seat match of ``slug`` (``OPTIONS``, else ``game.options``): ``user`` in seat 0,
    ``game.bot`` in seat 1."""
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=user, game=slug, seats=2, options=OPTIONS.get(slug, game.options), rated=False,
                                  title="Keys only")
    services.seat_assign_bot(tenant=tenant, user=user, match_id=match.pk, seat_index=1, kind=game.bot)
    return services.match_start(tenant=tenant, user=user, match_id=match.pk)


def _our_record(match, after: int, seconds: float = 5.0):
    """Seat 0's first MoveRecord after version ``after``, waited for up to ``seconds`` (None)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        record = MoveRecord.objects.filter(match=match, seat=0, seq__gt=after).order_by("seq").first()
        if record is not None:
            return record
        time.sleep(0.1)
    return None


def _template(action: dict) -> bool:
    return any(v is None for k, v in action.items() if k != "type")


def _announced(page) -> list[str]:
    return page.locator("#announcer p").all_inner_texts()


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_match_played_to_its_end_with_the_keyboard_alone(browser, live_site, slug, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    game = GAMES[slug]
    engine = registry.get_engine(slug)
    users = people(1)
    match = _against_bot(slug, game, users[0])
    page = _page(browser, live_site, users[0], (1280, 800))
    rng = random.Random(game.seed)
    started = time.monotonic()
    page.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(page.locator("#conn-state")).to_have_text("Live")
    moves = bot_moves = refused = 0
    last_version = match.version
    while True:
        assert time.monotonic() - started < GAME_SECONDS, f"{slug}: not over after {moves} moves of ours"
        match = wait_ready(page, live_site, match.pk)
        # The bot's moves since ours: each said once, in the log's words.
        said = _announced(page)
        if match.version > last_version + 1 and said:
            log = page.locator("#move-log > li").last.inner_text()
            log = page.evaluate(SPOKEN_JS, log)  # as said: Hextopia's "A♣" is "Ace of clubs"
            assert said[-1].split("\n")[0] in log or log.split("\n")[0] in said[-1], (said, log)
            bot_moves += 1
        if match.status != Match.Status.ACTIVE:
            break
        state = engine.decode(match.state)
        wanted = bot_choice(engine, state, game.mine, rng)
        page.keyboard.press("Alt+Shift+D")
        dialog = page.get_by_role("dialog", name="The game in words")
        expect(dialog).to_be_visible()
        if moves == 0:  # what a player sees: the dialog at three widths
            SHOTS.mkdir(parents=True, exist_ok=True)
            for width, height in ((360, 740), (1366, 768), (1280, 800)):
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(path=SHOTS / f"{slug}-describe-{width}.png")
                box = page.locator("#describe-dialog").bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        seen = page.evaluate("() => window.hexagora.page.snapshot.version")
        offered = page.evaluate(OFFERED_JS)
        unique = page.evaluate(UNIQUE_JS)
        names = [b.get_attribute("aria-label") or b.inner_text() for b in dialog.get_by_role("button").all()]
        assert len({o["name"] for o in offered}) == len(offered), offered
        assert all(o["name"] in names for o in offered)
        assert [o["i"] for o in offered] == [i for i, u in enumerate(unique) if not u["help"]]
        assert all(_template(u["action"]) for u in unique if u["help"])
        unique = [u["action"] for u in unique]
        assert len(offered) >= 1
        if not page.evaluate("() => document.activeElement.matches('#describe-body [data-action]')"):
            page.keyboard.press("Tab")  # the list holds help first (Words): the focus starts on its heading
        k = _pick(offered, unique, wanted)
        chosen = unique[offered[k]["i"]]
        for _ in range(k):
            page.keyboard.press("ArrowDown")
        if page.evaluate("() => window.hexagora.page.snapshot.version") != seen:
            # The bot acted meanwhile (Hexfolk's discards after a 7 are made together): the list
            # was told again, the walk counted on the old one. Read it again.
            page.keyboard.press("Escape")
            expect(dialog).to_be_hidden()
            continue
        button = dialog.get_by_role("button", name=offered[k]["name"], exact=True)
        expect(button).to_have_count(1)
        expect(button).to_be_focused()
        page.keyboard.press("Enter")
        expect(dialog).to_be_hidden()
        moves += 1
        last_version = match.version
        page.wait_for_function("v => Number(document.body.dataset.matchVersion) > v", arg=match.version)
        # Our move, once applied: that very action. (Where the bot may act at the same time,
        # Hexfolk's answers to an offer, a move made on a version just passed is refused as
        # stale and the page shows the new state: the loop goes on from there.)
        record = _our_record(match, match.version)
        if record is not None:
            assert _canonical(record.action) == _canonical(chosen), (record.action, chosen)
        else:
            refused += 1
        # Our own move is said too.
        expect(page.locator("#announcer p").last).not_to_be_empty()
    expect(page.locator("#status-banner")).to_contain_text("Finished")
    print(f"{slug}: {moves} moves by keyboard ({refused} stale), {bot_moves} times the bot's move was said, "
          f"{time.monotonic() - started:.0f} s")
    assert refused <= moves // 10, f"{slug}: {refused} of {moves} moves refused"
    assert page.js_errors == []
