"""Issue 13, point 4 in headless Chromium on the live site: "the match page shows every seat's
remaining time". A Hextopia table of four under a Fischer clock, opened by the seat to act at
1280x800, 1366x768 and 360x740: the banner has one clock per seat, all in view beside the
board, the acting seat's counting down (and the banner's countdown is that seat's own bank);
the seat list carries each seat's time. A correspondence table whose player is on vacation
says so on that seat's clock. Screenshots: ``artifacts/clocks/<case>-<width>.png``."""
from __future__ import annotations

import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.matches import services
from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games import registry

pytestmark = pytest.mark.browser

SHOTS = Path(settings.BASE_DIR) / "artifacts" / "clocks"
SIZES = [(1280, 800), (1366, 768), (360, 740)]
STEP_MS = 20_000
BANK = re.compile(r"^\d+:\d\d$")
DAYS = re.compile(r"^\d+ d \d+ h( · on vacation)?$")

# Where the clocks are and what they say: the chips in the banner, the seat-list times.
CLOCKS_JS = r"""() => {
  const vw = innerWidth, vh = innerHeight;
  const inView = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5; };
  const chips = [...document.querySelectorAll("#seat-clocks .clock-chip")];
  const board = document.querySelector("#board-slot .board-wrap");
  return {
    chips: chips.map((c) => ({text: c.querySelector(".clock-time").textContent, running: c.classList.contains("running"), inView: inView(c)})),
    rows: [...document.querySelectorAll("#seat-list .seat-clock")].map((n) => n.textContent),
    banner: inView(document.getElementById("status-wrap")),
    boardInView: board ? inView(board) || board.getBoundingClientRect().top < vh : false,
    countdown: document.getElementById("countdown").textContent,
  };
}"""


def _people(n: int) -> list[User]:
    users = []
    for i in range(n):
        user = User.objects.create_user(username=f"clock{i + 1}", password="pw-not-used-9", email=f"c{i + 1}@example.org")
        Membership.objects.create(user=user, tenant=tenant_default())
        users.append(user)
    return users


def _table(users: list[User], moves: int, **clock) -> Match:
    """A started Hextopia match of ``users`` with the clock ``clock``, played on for ``moves``
    moves by the strongest bot choosing for every seat (as the people themselves)."""
    tenant = tenant_default()
    engine = registry.get_engine("hextopia")
    match = services.match_create(tenant=tenant, user=users[0], game="hextopia", seats=len(users), title="Clocks",
                                  **clock)
    for user in users[1:]:
        services.match_join(tenant=tenant, user=user, match_id=match.pk)
    services.match_start(tenant=tenant, user=users[0], match_id=match.pk)
    bot = list(engine.bots().values())[-1]()
    rng = random.Random(3)
    for _ in range(moves):
        match.refresh_from_db()
        state = engine.decode(match.state)
        seat = engine.to_act(state)[0]
        action = bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version, tenant=tenant,
                               user=users[seat])
    match.refresh_from_db()
    return match


def _open(browser, site_url: str, user: User, match: Match, size):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site_url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/matches/{match.pk}/")
    expect(page.locator("#seat-clocks .clock-chip").first).to_be_visible()
    return page, errors


def _acting_person(match: Match, users: list[User]) -> User:
    engine = registry.get_engine(match.game)
    return users[engine.to_act(engine.decode(match.state))[0]]


def test_every_seat_s_bank_shows_and_the_acting_one_counts_down(live_site, browser):
    users = _people(4)
    match = _table(users, 10, time_control="fischer", bank_minutes=5, increment_seconds=5)
    viewer = _acting_person(match, users)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page, errors = _open(browser, live_site.url, viewer, match, (width, height))
        first = page.evaluate(CLOCKS_JS)
        page.wait_for_timeout(2100)
        later = page.evaluate(CLOCKS_JS)
        page.screenshot(path=str(SHOTS / f"fischer-{width}.png"))
        where = f"at {width}x{height}"
        assert len(first["chips"]) == 4, where
        assert all(BANK.match(c["text"]) for c in first["chips"]), (where, first)
        assert all(c["inView"] for c in first["chips"]) and first["banner"] and first["boardInView"], (where, first)
        running = [i for i, c in enumerate(first["chips"]) if c["running"]]
        assert len(running) == 1, (where, first)
        i = running[0]
        assert later["chips"][i]["text"] != first["chips"][i]["text"], (where, first, later)  # counting down
        assert [c["text"] for j, c in enumerate(later["chips"]) if j != i] == [
            c["text"] for j, c in enumerate(first["chips"]) if j != i]
        # The other seats' banks grew by the increments of their turns.
        assert any(c["text"] != "5:00" for j, c in enumerate(first["chips"]) if j != i), first
        assert later["countdown"] == f"{later['chips'][i]['text']} left", (where, later)
        assert len(later["rows"]) == 4 and all(BANK.match(t) for t in later["rows"]), (where, later)
        assert not errors, errors
        page.context.close()


def test_a_paused_correspondence_clock_says_vacation(live_site, browser):
    from gameplatform.players.services import vacation_set

    users = _people(2)
    for user in users:
        vacation_set(membership=Membership.objects.get(user=user, tenant=tenant_default()),
                     until=timezone.localdate() + timedelta(days=2))
    match = _table(users, 0, time_control="correspondence", days_per_move=3)
    page, errors = _open(browser, live_site.url, users[0], match, (360, 740))
    texts = [c["text"] for c in page.evaluate(CLOCKS_JS)["chips"]]
    page.screenshot(path=str(SHOTS / "correspondence-360.png"))
    assert sorted(texts) == ["3 d 0 h", "3 d 0 h · on vacation"], texts
    assert all(DAYS.match(t) for t in texts)
    assert not errors, errors


def test_the_lobby_offers_the_chosen_clock_s_fields_only(live_site, browser):
    user = _people(1)[0]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        client = Client()
        client.force_login(user)
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_site.url}])
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        page.goto(f"{live_site.url}/")
        form = page.locator("#create-form")
        form.locator("#id_game").select_option("hextopia")
        expect(form.locator("#id_turn_seconds")).to_be_visible()
        expect(form.locator("#id_bank_minutes")).to_be_hidden()
        form.locator("#id_time_control").select_option("fischer")
        expect(form.locator("#id_turn_seconds")).to_be_hidden()
        expect(form.locator("#id_bank_minutes")).to_be_visible()
        expect(form.locator("#id_increment_seconds")).to_be_visible()
        expect(form.locator("#id_days_per_move")).to_be_hidden()
        form.locator("#id_time_control").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"lobby-fischer-{width}.png"))
        # HexBoard Words keeps its hourglass: no clock to choose, and it is sent as time per turn.
        form.locator("#id_game").select_option("hexboard-words")
        expect(form.locator("#id_time_control")).to_be_hidden()
        expect(form.locator("#id_bank_minutes")).to_be_hidden()
        assert form.locator("#id_time_control").input_value() == "turn"
        form.locator("#id_game").select_option("hextopia")
        form.locator("#id_time_control").select_option("correspondence")
        form.locator("#id_days_per_move").fill("4")
        form.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
        match = Match.unscoped.order_by("-pk").first()
        assert (match.time_control, match.days_per_move, match.turn_seconds) == ("correspondence", 4, None)
        assert "4 days per move" in page.content()
        context.close()
