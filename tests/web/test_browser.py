"""The main flow in headless Chromium (Debian's ``chromium``, driven by Playwright) against a
live Daphne server: create a match in the lobby, a second player joins, the creator starts,
the player to act plays from the hand, and the other player's page follows over the
WebSocket without reloading. Also the page at 360 px wide."""
import os
import re

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.db import connections
from django.test import Client
from playwright.sync_api import expect, sync_playwright

from accounts.models import User
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TIMEOUT_MS = 15000


@pytest.mark.browser
class TestMatchFlowInBrowser(ChannelsLiveServerTestCase):
    """Two people, two browser contexts, one live server."""

    @classmethod
    def setUpClass(cls):
        # The server process derives its database from TEST["NAME"] (else "test_" + NAME);
        # pytest-django has already switched NAME to the test database, so name it exactly.
        db = settings.DATABASES["default"]
        db.setdefault("TEST", {})
        cls._test_name_before = db["TEST"].get("NAME")
        db["TEST"]["NAME"] = connections["default"].settings_dict["NAME"]
        super().setUpClass()
        # Playwright's sync API keeps an event loop in this thread; the test's own ORM calls
        # are still synchronous (Django's documented way for Playwright tests).
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        cls.pw = sync_playwright().start()
        cls.browser = cls.pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.pw.stop()
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        super().tearDownClass()
        settings.DATABASES["default"]["TEST"]["NAME"] = cls._test_name_before

    def setUp(self):
        tenant = tenant_default()
        self.users = {}
        for name in ("alice", "bob"):
            user = User.objects.create_user(username=name, password="pw-not-used-9", email=f"{name}@example.org")
            Membership.objects.create(user=user, tenant=tenant)
            self.users[name] = user


    def page_for(self, name, width=1280, height=900):
        """A browser page signed in as ``name`` (the session cookie of a test-client login)."""
        client = Client()
        client.force_login(self.users[name])
        context = self.browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": self.host, "path": "/"}])
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors
        return page

    def test_create_join_start_play_and_follow_live(self):
        alice = self.page_for("alice")
        alice.goto(self.live_server_url + "/")
        alice.select_option("#id_seats", "2")
        alice.fill("#id_title", "Browser game")
        alice.click("#create-form button[type=submit]")
        expect(alice.locator("h1")).to_contain_text("Browser game")
        match_url = alice.url
        assert re.search(r"/matches/\d+/$", match_url)

        bob = self.page_for("bob")
        bob.goto(match_url)
        bob.click("text=Join this match")
        expect(bob.locator(".messages")).to_contain_text("You took a seat.")

        alice.reload()
        alice.click("text=Start match")
        for page in (alice, bob):
            if page is bob:
                page.reload()
            expect(page.locator("#board .hx-space")).to_have_count(72)
            expect(page.locator("#board .hx-piece")).to_have_count(8)
            expect(page.locator("#hand .card")).to_have_count(4)
            expect(page.locator("#conn-state")).to_have_text("Live")

        # Whoever must act plays; the other one's page follows over the WebSocket.
        expect(alice.locator("#status-banner")).to_have_text(re.compile(r"Your turn|Waiting for"))
        actor, watcher = (alice, bob) if "Your turn" in alice.locator("#status-banner").inner_text() else (bob, alice)
        expect(actor.locator("#status-banner")).to_have_text("Your turn.")
        log_before = watcher.locator("#move-log li").count()
        actor.locator("#hand button.card:not([disabled])").first.click()
        choices = actor.locator("#move-choices button")
        if choices.count():
            choices.first.click()
        else:
            actor.locator("#hand-actions button").first.click()
        expect(watcher.locator("#move-log li")).to_have_count(log_before + 1)
        expect(watcher.locator("#status-banner")).to_have_text("Your turn.")
        expect(actor.locator("#status-banner")).to_have_text(re.compile(r"^Waiting for"))
        assert alice.js_errors == [] and bob.js_errors == []

    def _started_match(self):
        from gameplatform.matches import services

        tenant = tenant_default()
        match = services.match_create(tenant=tenant, user=self.users["alice"], game="hextopia", seats=2)
        services.match_join(tenant=tenant, user=self.users["bob"], match_id=match.pk)
        return services.match_start(tenant=tenant, user=self.users["alice"], match_id=match.pk)

    def test_refused_actions_are_shown_over_the_socket_and_over_http(self):
        match = self._started_match()
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/matches/{match.pk}/")
        expect(page.locator("#conn-state")).to_have_text("Live")
        bad = "window.hexagora.page.submit({type: 'discard', card: 'ZZ'})"
        page.evaluate(bad)
        expect(page.locator("#error-box")).to_be_visible()
        first = page.locator("#error-box [data-error-text]").inner_text()
        assert first.strip()
        page.click("#error-box [data-dismiss]")
        expect(page.locator("#error-box")).to_be_hidden()
        # Socket down: the same refusal comes back from POST /api/v1/matches/<id>/actions/.
        page.evaluate("window.hexagora.page.client.stop()")
        expect(page.locator("#conn-state")).to_have_text("")
        with page.expect_response(f"**/api/v1/matches/{match.pk}/actions/") as answer:
            page.evaluate(bad)
        assert answer.value.status in (400, 409)
        expect(page.locator("#error-box")).to_be_visible()
        assert page.locator("#error-box [data-error-text]").inner_text() == first
        assert page.js_errors == []

    def test_phone_width_shows_board_hand_and_log(self):
        match = self._started_match()
        page = self.page_for("alice", width=360, height=780)
        page.goto(f"{self.live_server_url}/matches/{match.pk}/")
        expect(page.locator("#board .hx-piece")).to_have_count(8)
        board = page.locator("#board").bounding_box()
        assert board["width"] <= 360 and board["width"] > 250
        # Nothing sticks out sideways at 360 px.
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        expect(page.locator("#hand .card")).to_have_count(4)
        # At phone width the log sits in the "Moves" tab under the table; the banner shows its
        # latest line, and the tab opens the whole log over the table.
        expect(page.locator("#latest-move")).to_be_visible()
        expect(page.locator("#move-log li").first).to_be_hidden()
        page.click("#tab-moves")
        expect(page.locator("#move-log li").first).to_be_visible()
        page.click("#tab-moves")
        expect(page.locator("#move-log li").first).to_be_hidden()
        page.click("#zoom-board")
        assert page.locator("#board").bounding_box()["width"] > 500
        assert page.js_errors == []
