"""Issue 24, points 2-3 at the table, in headless Chromium on a live site: a move made while
the database refuses connections is kept by the page (js/client.js), which says it is
retrying ("The server is unavailable for a moment; retrying in 5 s…") and sends it again,
same client_action_id, once the server can take it: it is applied once.
"""
from __future__ import annotations

import re

import pytest
from django.db import connection
from playwright.sync_api import expect

from gameplatform.matches.models import MoveRecord

from .sockets import database_switch
from .test_chat import _page

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
RETRYING = re.compile(r"^The server is unavailable for a moment; retrying in \d+ s…$")


def test_a_move_made_while_the_database_is_away_is_retried_and_applied_once(browser, site_factory, match_factory,
                                                                           member, other_member):
    if connection.vendor != "postgresql":
        pytest.skip("shuts a PostgreSQL database (CI runs on PostgreSQL)")
    site = site_factory(worker=False)
    match = match_factory("hextopia", [member, other_member])
    pages = [_page(browser, site, user, (1280, 800)) for user in (member, other_member)]
    for page in pages:
        page.goto(f"{site.url}/matches/{match.pk}/")
        expect(page.locator("#conn-state")).to_have_text("Live")
    mover = next(p for p in pages if p.evaluate("() => window.hexagora.page.myTurn"))
    version = match.version
    with database_switch(site) as closed:
        with closed():
            mover.evaluate("() => { const p = window.hexagora.page; p.submit(p.snapshot.legal_actions[0]); }")
            # A loaded machine may first drop the socket: its new handshake is then refused with
            # 4503, which the page reports the same way (with its back-off's seconds).
            expect(mover.locator("#conn-state")).to_have_text(RETRYING, timeout=WAIT_MS)
            expect(mover.locator("#status-banner")).to_have_text("Sending your move…")
            # A state of the same version meanwhile (a sync, a fetched view) does not answer it.
            mover.evaluate("() => { const c = window.hexagora.page.client; c._apply({ ...c.snapshot }, false); }")
            expect(mover.locator("#status-banner")).to_have_text("Sending your move…")
            mover.wait_for_timeout(1000)
            assert mover.evaluate("() => document.body.dataset.matchVersion") == str(version)
    for page in pages:
        expect(page.locator("body")).to_have_attribute("data-match-version", str(version + 1), timeout=WAIT_MS)
    expect(mover.locator("#conn-state")).to_have_text("Live")
    expect(mover.locator("#error-box")).to_be_hidden()
    assert MoveRecord.objects.filter(match=match).exclude(seq=0).count() == 1
    for page in pages:
        assert page.js_errors == []
