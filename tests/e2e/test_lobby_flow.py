"""Issue 8 points 3, 4 and 7 in headless Chromium on the live site (``live_site``: Daphne, with
a Celery worker on Redis, else the embedded worker):

- "fill empty seats with bots (strongest level by default; the level chooser shows what each
  level is)" on the open match page, at 1280, 1366 and 360 px;
- "a 'play against bots now' shortcut that starts a match in one click" from the lobby;
- the honest log: a move by a bot holding the seat after three time-outs and one by the bot a
  moderator handed the seat to are marked ("bot for absent player", "bot (hand-over)", the
  labels of static/js/client.js ``ACTOR_NOTES``) in the live log, the banner's latest move on a
  phone, and the replay's log, under the player's own name (the seat stays theirs);
- "a rematch button on the end screen (same players, seats rotated)".

The match of the honest log is played here, through the services, as its people, its bot seat
and the turn timer would play it (``scheduling`` is stubbed in this process, so the live
worker never gets a task for it); the pages then ask for the fresh state (``client.sync()``),
as they do by themselves after a quiet spell. Screenshots go to ``artifacts/e2e/``
(``fill-bots-<width>.png``, ``lobby-quick-<width>.png``, ``honest-log-360.png``,
``rematch-1280.png``, ``rematch-open-1280.png``, ``replay-marks-1366.png``).
"""
from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone
from playwright.sync_api import expect

from gameplatform.bots import scheduling as bot_scheduling
from gameplatform.bots.services import bot_take_turn
from gameplatform.core.errors import ServiceError
from gameplatform.matches import scheduling, services, timers
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.turns import TAKEOVER_AFTER_TIMEOUTS
from gameplatform.tenants.selectors import tenant_default
from games.registry import get_engine

from .conftest import ARTIFACTS
from .test_games_help import SIZES, page_for, people, shot

pytestmark = pytest.mark.browser

GAME = "hextopia"
MAX_ACTIONS = 5000
MARKS = {"timeout": "timer", "takeover": "bot for absent player", "handover": "bot (hand-over)"}


def _no_tasks_from_here(monkeypatch) -> None:
    """This process's moves schedule nothing: the live worker listens on a queue of its own,
    and the test drives the match itself. The live site's bot runner polls the database for
    due bot turns, so the bot turns this process marks are due an hour away: the runner (and
    the sweeper) leave them to the test's ``Driver``, which plays them at once."""
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    monkeypatch.setattr(bot_scheduling, "bot_turn_after", lambda *args: None)
    monkeypatch.setattr(django_settings, "BOT_DELAY_SECONDS", 3600.0)


def _sync(page) -> None:
    page.evaluate("window.hexagora.page.client.sync()")


def test_fill_empty_seats_with_bots_and_play_against_bots_now(browser, live_site, monkeypatch):
    _no_tasks_from_here(monkeypatch)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    alice, bob = people(2)
    engine = get_engine(GAME)
    bots = engine.bots()
    strongest = list(bots)[-1]
    assert all(factory.description for factory in bots.values())
    match = services.match_create(tenant=tenant_default(), user=alice, game=GAME, seats=3, title="Fill me")

    for width, height in SIZES:
        context, page = page_for(browser, live_site, alice, width, height)
        page.goto(f"{live_site.url}/matches/{match.pk}/")
        chooser = page.locator("form.fill-bots fieldset")
        expect(chooser.locator("legend")).to_have_text("Fill the 2 empty seats with bots")
        levels = chooser.locator("label.bot-level")
        expect(levels).to_have_count(len(bots))
        for i, (kind, factory) in enumerate(bots.items()):
            expect(levels.nth(i)).to_contain_text(kind.capitalize())
            expect(levels.nth(i)).to_contain_text(factory.description)
        expect(chooser.locator(f"input[value='{strongest}']")).to_be_checked()
        # The one-seat choosers say the same on hover, with each level's time budget (issue 29,
        # point 5), strongest first selected too.
        picker = page.locator("#bot-kind-1")
        titles = picker.locator("option").evaluate_all("os => os.map((o) => o.title)")
        assert [t.split(" Measured strength")[0] for t in titles] == [
            f"{f.description} Thinks for up to 0.1 s a move." for f in bots.values()]
        assert all("Measured strength: about " in t for t in titles)  # issue 30, point 2
        expect(levels.first).to_contain_text("Thinks for up to 0.1 s a move.")
        expect(picker).to_have_value(strongest)
        chooser.scroll_into_view_if_needed()
        shot(page, f"fill-bots-{width}", width)
        assert page.js_errors == []
        if width == SIZES[-1][0]:  # on the phone: fill them
            page.locator("#fill-bots").click()
            expect(page.locator(".messages")).to_contain_text("Bots took the empty seats.")
            players = page.locator("#seats-panel tbody tr td:nth-child(3)")
            # One name for a bot seat everywhere, as the table says it (issue 26, point 4).
            expect(players).to_have_text([re.compile(r"alice"), f"{strongest} bot", f"{strongest} bot"])
            expect(page.get_by_role("button", name="Start match")).to_be_enabled()
        context.close()
    assert [s.bot_kind for s in Seat.objects.filter(match=match).order_by("index")] == ["", strongest, strongest]

    # Play against bots now: one click in the lobby, and the table of a started match.
    for width, height in SIZES:
        context, page = page_for(browser, live_site, bob, width, height)
        page.goto(f"{live_site.url}/")
        quick = page.locator(f".quick-play button[data-quick-game='{GAME}']")
        expect(quick).to_be_visible()
        shot(page, f"lobby-quick-{width}", width)
        if width == SIZES[-1][0]:
            posts = []
            page.on("request", lambda r, posts=posts: r.method == "POST" and posts.append(r.url))
            quick.click()
            expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
            expect(page.locator("#board")).to_be_visible()
            expect(page.locator("#conn-state")).to_have_text(re.compile("Live|^$"))
            assert len(posts) == 1, posts
            quick_match = Match.unscoped.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
            assert quick_match.status == Match.Status.ACTIVE and quick_match.game == GAME
            seats = list(Seat.objects.filter(match=quick_match).order_by("index"))
            assert len(seats) == engine.min_seats
            assert seats[0].user == bob and all(s.bot_kind == strongest for s in seats[1:])
            expect(page.locator("#seat-list")).to_contain_text("bob")
            services.match_abort(match_id=quick_match.pk, by=bob)  # its bots stop here
        assert page.js_errors == []
        context.close()


class Driver:
    """Plays a match here as everyone at it would: a bot seat (or a seat a bot holds) through
    ``bot_take_turn``, a person through ``submit_action`` with a quick bot's choice, the turn
    timer through ``turn_expire`` once the deadline is made to have passed. A move the live
    worker's sweeper made first is simply taken as made (the next look sees it)."""

    def __init__(self, match: Match, users: dict):
        self.match_id = match.pk
        self.users = users  # seat index -> User of the people
        self.engine = get_engine(match.game)
        self.chooser = self.engine.bots()["heuristic"]()
        self.rng = random.Random(7)

    def look(self):
        match = Match.unscoped.get(pk=self.match_id)
        if match.status != Match.Status.ACTIVE:
            return match, None
        return match, self.engine.to_act(self.engine.decode(match.state))[0]

    def step(self) -> None:
        match, seat = self.look()
        if Seat.objects.get(match_id=self.match_id, index=seat).bot_plays:
            bot_take_turn(match_id=self.match_id, version=match.version)
            return
        state = self.engine.decode(match.state)
        action = self.chooser.choose(self.engine.view(state, seat), self.engine.legal_actions(state, seat), self.rng)
        try:
            services.submit_action(match_id=self.match_id, action=action, expected_version=match.version,
                                   tenant=tenant_default(), user=self.users[seat])
        except ServiceError as err:
            assert err.code == "stale_version", err

    def until(self, seat) -> None:
        """Moves until ``seat`` is to act."""
        for _ in range(MAX_ACTIONS):
            if self.look()[1] == seat:
                return
            self.step()
        raise AssertionError(f"seat {seat} never came to act")

    def time_out(self) -> None:
        match = Match.unscoped.get(pk=self.match_id)
        Match.unscoped.filter(pk=self.match_id).update(deadline=timezone.now() - timedelta(seconds=1))
        assert timers.turn_expire(match_id=self.match_id, version=match.version) >= 1

    def to_the_end(self) -> Match:
        for _ in range(MAX_ACTIONS):
            match, seat = self.look()
            if seat is None:
                return match
            self.step()
        raise AssertionError("the match did not end")


def _last_actor(match_id) -> str:
    return MoveRecord.objects.filter(match_id=match_id).order_by("-seq").first().actor


def test_bot_moves_are_marked_in_the_log_and_the_replay_and_the_rematch_rotates_seats(browser, live_site, monkeypatch):
    _no_tasks_from_here(monkeypatch)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    alice, bob = people(2)
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game=GAME, seats=3, title="Honest log", turn_seconds=600)
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.seat_assign_bot(tenant=tenant, user=alice, match_id=match.pk, seat_index=2, kind="random")
    match = services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    drive = Driver(match, {0: alice, 1: bob})
    phone_context, phone = page_for(browser, live_site, alice, *SIZES[-1])
    phone.goto(f"{live_site.url}/matches/{match.pk}/")
    expect(phone.locator("#conn-state")).to_have_text("Live")

    # Bob is away: three time-outs in a row, then a bot holds his seat for a move.
    for _ in range(TAKEOVER_AFTER_TIMEOUTS):
        drive.until(1)
        drive.time_out()
    assert Seat.objects.get(match=match, index=1).bot_takeover is True
    drive.until(1)
    drive.step()
    assert _last_actor(match.pk) == "takeover"
    services.seat_resume(tenant=tenant, user=bob, match_id=match.pk)
    # A moderator hands his seat to a bot (the admin's service); its move, then he is back.
    drive.until(1)
    services.seat_hand_to_bot(match_id=match.pk, seat_index=1)
    drive.step()
    assert _last_actor(match.pk) == "handover"

    # On alice's phone: the banner's latest move says who made it; so does the Moves tab.
    _sync(phone)
    expect(phone.locator("#latest-move")).to_contain_text(f"({MARKS['handover']})")
    phone.get_by_role("tab", name="Moves").click()
    for actor, label in MARKS.items():
        expect(phone.locator(f"#move-log li[data-actor={actor}] .log-actor").first).to_have_text(label)
    expect(phone.locator("#move-log li[data-actor=handover]")).to_be_in_viewport()
    # The seat is still bob's while the bot plays it: his moves keep his name.
    for actor in MARKS:
        expect(phone.locator(f"#move-log li[data-actor={actor}]").first).to_contain_text("bob")
    shot(phone, "honest-log-360", SIZES[-1][0])
    assert phone.js_errors == []
    phone_context.close()

    services.seat_resume(tenant=tenant, user=bob, match_id=match.pk)
    done = drive.to_the_end()
    assert done.status == Match.Status.FINISHED
    counts = {a: MoveRecord.objects.filter(match=done, actor=a).count() for a in MARKS}
    assert counts == {"timeout": TAKEOVER_AFTER_TIMEOUTS, "takeover": 1, "handover": 1}

    # The end screen: the same marks in the log, and the rematch with the seats rotated.
    context, page = page_for(browser, live_site, alice, *SIZES[0])
    page.goto(f"{live_site.url}/matches/{done.pk}/")
    expect(page.locator("#status-banner")).to_have_text(re.compile(r"^Finished: "))
    # The page embeds only the latest moves (issue 14): fetch the earlier ones as a player would.
    earlier = page.locator("#log-earlier")
    for _ in range(100):
        if earlier.is_hidden():
            break
        earlier.click()
        page.wait_for_timeout(200)
    for actor, label in MARKS.items():
        expect(page.locator(f"#move-log li[data-actor={actor}] .log-actor")).to_have_text([label] * counts[actor])
    rematch = page.locator("#rematch-btn")
    expect(rematch).to_have_text("Rematch (seats rotated)")
    rematch.scroll_into_view_if_needed()
    shot(page, "rematch-1280", SIZES[0][0])
    rematch.click()
    expect(page).not_to_have_url(re.compile(rf"/matches/{done.pk}/$"))
    players = page.locator("#seats-panel tbody tr td:nth-child(3)")
    expect(players).to_have_text(["random bot", re.compile(r"alice\s*\(you\)"), "free"])
    shot(page, "rematch-open-1280", SIZES[0][0])
    new = Match.unscoped.get(rematch_of=done)
    assert page.js_errors == []
    context.close()

    # Bob follows the end screen's link to the rematch and takes his rotated seat.
    context, page = page_for(browser, live_site, bob, *SIZES[1])
    page.goto(f"{live_site.url}/matches/{done.pk}/")
    page.get_by_role("link", name="Join the rematch").click()
    expect(page).to_have_url(re.compile(rf"/matches/{new.pk}/$"))
    page.get_by_role("button", name="Join this match").click()
    expect(page.locator(".messages")).to_contain_text("You took a seat.")
    expect(page.locator("#seats-panel tbody tr td:nth-child(3)")).to_have_text(
        ["random bot", "alice", re.compile(r"bob\s*\(you\)")])
    old_seats = list(Seat.objects.filter(match=done).order_by("index"))
    new_seats = list(Seat.objects.filter(match=new).order_by("index"))
    for s in old_seats:  # seat i's occupant sits at i + 1
        moved = new_seats[(s.index + 1) % len(old_seats)]
        assert (moved.user_id, moved.bot_kind) == (s.user_id, s.bot_kind if s.user_id is None else ""), s.index
    assert (new.game, new.options, new.turn_seconds) == (done.game, done.options, done.turn_seconds)

    # The replay marks the same moves, and a marked line shows its step.
    page.goto(f"{live_site.url}/matches/{done.pk}/replay/")
    for actor, label in MARKS.items():
        expect(page.locator(f"#move-log li[data-actor={actor}] .log-actor")).to_have_text([label] * counts[actor])
    taken = page.locator("#move-log li[data-actor=takeover]")
    taken.locator("button").click()
    expect(taken).to_have_class(re.compile(r"\bcurrent\b"))
    expect(taken).to_be_in_viewport()
    shot(page, "replay-marks-1366", SIZES[1][0])
    assert page.js_errors == []
    context.close()
