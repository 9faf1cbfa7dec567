"""The generic table in headless Chromium: two people play the test game "race"
(tests/fake_engine.py, which has no UI of its own) to the end through the buttons of
js/generic_play.js on a live Daphne server, then step through its replay (js/generic_replay.js).

The live server is forked from this process (ChannelsLiveServerTestCase), so the registry
entry for "race", added before the fork, is there too."""
import os
import re
from pathlib import Path

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.db import connections
from django.test import Client
from playwright.sync_api import expect, sync_playwright

from accounts.models import User
from gameplatform.matches import services
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games import registry
from tests import fake_engine

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TIMEOUT_MS = 15000
ARTIFACTS = Path(settings.BASE_DIR) / "artifacts" / "e2e"  # generic-<width>.png, generic-replay.png
MAX_MOVES = 40  # a race to 5 takes at most 10 moves
# "You: played, drew, moved" / "bob: rolled, moved": a line per move from the types of the
# events that page may see (another seat's secret draw is not among them).
LOG_LINE = re.compile(r"^(You|alice|bob): (played(, drew)?, moved|rolled, moved)(, game over)?$")


@pytest.mark.browser
class TestGenericTableInBrowser(ChannelsLiveServerTestCase):
    """alice and bob, two browser contexts, one live server, the race game."""

    @classmethod
    def setUpClass(cls):
        # The server process derives its database from TEST["NAME"] (else "test_" + NAME);
        # pytest-django has already switched NAME to the test database, so name it exactly.
        db = settings.DATABASES["default"]
        db.setdefault("TEST", {})
        cls._test_name_before = db["TEST"].get("NAME")
        db["TEST"]["NAME"] = connections["default"].settings_dict["NAME"]
        registry.GAMES[fake_engine.SLUG] = "tests.fake_game"
        registry._cache[fake_engine.SLUG] = fake_engine.ENGINE
        super().setUpClass()
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        cls.pw = sync_playwright().start()
        cls.browser = cls.pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.pw.stop()
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        super().tearDownClass()
        registry.GAMES.pop(fake_engine.SLUG, None)
        registry._cache.pop(fake_engine.SLUG, None)
        settings.DATABASES["default"]["TEST"]["NAME"] = cls._test_name_before

    def setUp(self):
        tenant = tenant_default()
        self.users = {}
        for name in ("alice", "bob"):
            user = User.objects.create_user(username=name, password="pw-not-used-9", email=f"{name}@example.org")
            Membership.objects.create(user=user, tenant=tenant)
            self.users[name] = user

    def page_for(self, name, width=1280, height=800):
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

    def test_two_people_play_the_race_through_the_buttons_and_replay_it(self):
        tenant = tenant_default()
        alice, bob = self.users["alice"], self.users["bob"]
        match = services.match_create(tenant=tenant, user=alice, game="race", seats=2, options={"target": 5})
        services.match_join(tenant=tenant, user=bob, match_id=match.pk)
        services.match_start(tenant=tenant, user=alice, match_id=match.pk)
        url = f"{self.live_server_url}/matches/{match.pk}/"
        pages = {"alice": self.page_for("alice"), "bob": self.page_for("bob", width=360, height=740)}
        for page in pages.values():
            page.goto(url)
            expect(page.locator("#conn-state")).to_have_text("Live")
            expect(page.locator("#generic-view")).to_contain_text('"positions"')
            expect(page.locator("#seat-list li")).to_have_count(2)
            expect(page.locator("#turn-text")).to_contain_text(re.compile(r"^Turn 1 · race · to act: "))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for page in pages.values():
            page.screenshot(path=ARTIFACTS / f"generic-{page.viewport_size['width']}.png", full_page=True)

        moves = 0
        labels = set()
        while pages["alice"].evaluate("document.body.dataset.matchStatus") == "active":
            assert moves < MAX_MOVES, "the race did not end"
            expect(pages["alice"].locator("#status-banner")).to_have_text(re.compile(r"^(Your turn\.|Waiting for bob\.)$"))
            actor = "alice" if pages["alice"].locator("#status-banner").inner_text() == "Your turn." else "bob"
            page = pages[actor]
            expect(page.locator("#status-banner")).to_have_text("Your turn.")
            buttons = page.locator("#move-choices button")
            expect(buttons.last).to_have_text("roll")
            labels.update(buttons.all_inner_texts())
            version = int(page.evaluate("document.body.dataset.matchVersion"))
            # Alternate between a card and the die, so both kinds of move are played.
            (buttons.first if moves % 2 == 0 else buttons.last).click()
            moves += 1
            for p in pages.values():
                p.wait_for_function(f"Number(document.body.dataset.matchVersion) > {version}")

        # Cards are worded from their fields, the die by its type.
        assert "roll" in labels and any(re.fullmatch(r"play · card [123]", label) for label in labels), labels
        for name, page in pages.items():
            expect(page.locator("#status-banner")).to_have_text(re.compile(r"^Finished: "))
            expect(page.locator("#result-panel")).to_be_visible()
            expect(page.locator("#result-body tr")).to_have_count(2)
            expect(page.locator("#hand-panel")).to_be_hidden()
            lines = page.locator("#move-log li").all_inner_texts()
            assert len(lines) >= moves, lines
            moved = [line for line in lines if not line.startswith("Setup")]
            assert all(LOG_LINE.match(line) for line in moved), moved
            assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
            assert page.js_errors == [], (name, page.js_errors)

        replay = pages["alice"]
        replay.goto(url + "replay/")
        expect(replay.locator("#seat-list li")).to_have_count(2)
        expect(replay.locator("#rp-step")).to_have_text(re.compile(r"^Step 0 of \d+$"))
        expect(replay.locator("#generic-view")).to_contain_text('"result": null')
        replay.keyboard.press("End")
        expect(replay.locator("#rp-step")).to_have_text(f"Step {moves} of {moves}")
        expect(replay.locator("#generic-view")).to_contain_text('"winners"')
        expect(replay.locator("#seat-list")).to_contain_text("rank 1")
        replay.screenshot(path=ARTIFACTS / "generic-replay.png", full_page=True)
        expect(replay.locator("#move-log li").nth(moves - 1)).to_be_attached()  # the log comes in its own request
        assert replay.js_errors == []
