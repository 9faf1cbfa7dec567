"""Issue 24, point 4 in headless Chromium on a live site: no chat lost.

alice (French) and carol (English) are in the lobby. Daphne stops: alice's message shows as
pending ("envoi…") while the socket is down; Daphne starts again on the same port, the page
reconnects by itself, and the message appears once, for her and for carol. Then (PostgreSQL)
the database refuses connections: the server answers "unavailable", the message stays
pending and the note says the server will be retried; once the database is back the page
sends it again and it appears once. Every message is stored once.

Screenshots: ``artifacts/chat/pending-*.png``.
"""
from __future__ import annotations

import pytest
from django.db import connection
from playwright.sync_api import expect

from gameplatform.chat.models import ChatMessage
from gameplatform.players.models import Preferences

from .sockets import database_switch
from .test_chat import SHOTS, _page, _say

pytestmark = pytest.mark.browser

RECONNECT_MS = 40_000  # the page's back-off (1, 2, 4, 8, 16 s) while Daphne starts again


def _lines(page, text):
    return page.locator("#chat .chat-line:not(.chat-pending) .chat-text", has_text=text)


def test_a_message_sent_while_the_socket_is_cut_is_pending_then_shown_once(browser, site_factory, user_factory):
    site = site_factory(worker=False)
    alice, carol = user_factory("alice"), user_factory("carol")
    Preferences.objects.create(user=alice, language="fr")
    pa = _page(browser, site, alice, (1280, 800))
    pc = _page(browser, site, carol, (1280, 800))
    SHOTS.mkdir(parents=True, exist_ok=True)
    for page, live in ((pa, "Dites quelque chose…"), (pc, "Say something…")):
        page.goto(f"{site.url}/")
        expect(page.locator("#chat-input")).to_have_attribute("placeholder", live)

    # The socket is cut: typing goes on, the message waits, shown as pending.
    site.service("daphne").stop()
    expect(pa.locator("#chat-input")).to_have_attribute("placeholder", "Connexion…")
    _say(pa, "envoyé pendant la coupure")
    pending = pa.locator("#chat .chat-pending")
    expect(pending).to_have_count(1)
    expect(pending.locator(".chat-status")).to_have_text("envoi…")
    expect(pending.locator(".chat-text")).to_have_text("envoyé pendant la coupure")
    pa.screenshot(path=SHOTS / "pending-socket-cut.png")
    site.restart_daphne()
    expect(pending).to_have_count(0, timeout=RECONNECT_MS)
    for page in (pa, pc):
        expect(_lines(page, "envoyé pendant la coupure")).to_have_count(1, timeout=RECONNECT_MS)
    assert ChatMessage.unscoped.filter(text="envoyé pendant la coupure").count() == 1

    if connection.vendor == "postgresql":
        # The server cannot store it: "unavailable", kept pending, sent again once it can.
        with database_switch(site) as closed:
            with closed():
                _say(pa, "pendant que la base redémarre")
                expect(pa.locator("#chat .chat-note")).to_contain_text("nouvel essai dans 5 s")
                expect(pending).to_have_count(1)
                pa.wait_for_timeout(1500)
                expect(pending).to_have_count(1)
                pa.screenshot(path=SHOTS / "pending-unavailable.png")
        expect(pending).to_have_count(0, timeout=RECONNECT_MS)
        for page in (pa, pc):
            expect(_lines(page, "pendant que la base redémarre")).to_have_count(1, timeout=RECONNECT_MS)
        expect(pa.locator("#chat .chat-note")).to_be_hidden()
        assert ChatMessage.unscoped.filter(text="pendant que la base redémarre").count() == 1
    for page in (pa, pc):
        assert page.js_errors == []
