"""Issue 26, point 6: ""The match has started. Good luck!" never goes away: still there at turn
50, pushing the hand down on phones. A message like this goes by itself."

On the table (js/table_notes.js), a transient notice (a flash message of level success or
info) goes at the next move, or by itself after ``NOTICE_SECONDS`` when nobody moves; at
360x740 the notes then give their room back to the board and the hand. Both cases, from the creator's own "Start match" click
on the open match's page (the notice is the start's).

The page's timers run on Playwright's clock, stopped from before the page loads: time passes
for the page only when the test says so (``clock.run_for``). So the first case holds however
slow the machine (the notice's own timer cannot have run when the move takes it), and the
second measures the page's own seconds, not the test's.
"""
from __future__ import annotations

import random
import re
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from gameplatform.matches import scheduling, services
from gameplatform.tenants.selectors import tenant_default
from games import registry
from tests.e2e.test_table_layout import SHOTS, _open_as, _people, bot_move

pytestmark = pytest.mark.browser

STARTED = "The match has started. Good luck!"
NOTICE = ".table-notes .messages li"
# static/js/table_notes.js NOTICE_SECONDS: read from the module, so the test follows it.
_NOTES_JS = Path(__file__).parents[2] / "static/js/table_notes.js"
_FOUND = re.search(r"NOTICE_SECONDS = (\d+)", _NOTES_JS.read_text()) if _NOTES_JS.exists() else None
NOTICE_SECONDS = int(_FOUND.group(1)) if _FOUND else 8
PHONE = (360, 740)


@contextmanager
def _started_table(browser, site_url: str):
    """A 2-seat Hextopia match of two people; its creator's phone-sized page after pressing
    "Start match" on the open match's page, showing the start's notice, with the page's clock
    stopped (its timers run only through ``page.clock``). Yields ``(page, errors, match, users)``."""
    users = _people(2)
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=users[0], game="hextopia", seats=2, title="Notices")
    services.match_join(tenant=tenant, user=users[1], match_id=match.pk)
    context, page, errors = _open_as(browser, site_url, users[0], PHONE)
    try:
        now = datetime.now(UTC)
        page.clock.install(time=now)
        page.clock.pause_at(now + timedelta(seconds=1))
        page.goto(f"{site_url}/matches/{match.pk}/")
        page.get_by_role("button", name="Start match").click()
        expect(page.locator("#status-banner")).not_to_have_text("Loading the table…")
        expect(page.locator(NOTICE)).to_contain_text(STARTED)
        yield page, errors, match, users
        assert errors == []
    finally:
        context.close()


def test_the_start_notice_goes_at_the_next_move(browser, live_site, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    with _started_table(browser, live_site.url) as (page, _errors, match, users):
        page.screenshot(path=SHOTS / "notice-started-360.png")
        match.refresh_from_db()
        version = page.evaluate("document.body.dataset.matchVersion")
        engine = registry.get_engine(match.game)
        seat, action = bot_move(engine, engine.decode(match.state), engine.bots()["heuristic"](), random.Random(3))
        services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                               tenant=tenant_default(), user=users[seat])
        expect(page.locator("body")).not_to_have_attribute("data-match-version", version)
        # The page's clock stood still all along: its NOTICE_SECONDS timer never ran, so the move took it.
        assert page.locator(NOTICE).count() == 0, "the move came and the notice stayed"
        page.screenshot(path=SHOTS / "notice-gone-360.png")


def test_the_start_notice_goes_by_itself(browser, live_site, monkeypatch):
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    with _started_table(browser, live_site.url) as (page, _errors, _match, _users):
        version = page.evaluate("document.body.dataset.matchVersion")
        page.clock.run_for((NOTICE_SECONDS - 1) * 1000)
        expect(page.locator(NOTICE)).to_contain_text(STARTED)  # a second before its time: still there
        page.clock.run_for(2000)
        expect(page.locator(NOTICE)).to_have_count(0)
        assert page.evaluate("document.body.dataset.matchVersion") == version, "someone moved meanwhile"
        expect(page.locator("#table-notes")).to_be_hidden()  # the notes give their room back
