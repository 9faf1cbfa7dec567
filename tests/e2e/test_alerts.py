"""Issue 13, point 3, in headless Chromium on the live site: "the header shows how many matches
wait for the user, live over the WebSocket" and the opt-in browser notifications.

Two people in two browser contexts: the one to act plays a move on the table; the other's page
(``/your-turn/``, never reloaded) sees its "Your turn" badge go from 0 to 1, its list take the
match in, and shows a
notification (the Notification API stood in for, to count what the page asks for; headless
Chromium has no notification centre). Then the other plays on the table while the first sits on
that match's page with the focus: its badge follows, and no notification is shown for the match
it is looking at. Then the invitations: a member turns notifications on (the setting and the
browser's permission, asked by the settings page's button), the creator of an open match
invites "nobody" (a form error) and then that member by username (a notification on their
page, an entry on /your-turn/), and a third person takes a seat through the invitation link.
Screenshots of each page at 1280, 1366 and 360 px wide go to ``artifacts/alerts/``.
"""
from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from accounts.models import User
from gameplatform.alerts import services as alert_services
from gameplatform.matches import scheduling, services
from gameplatform.matches.models import Match
from gameplatform.players.models import Preferences
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import tenant_default
from games import registry

from .test_play_hextopia import play_one_move

pytestmark = pytest.mark.browser

STEP_MS = 20_000
SHOTS = settings.BASE_DIR / "artifacts" / "alerts"
# The Notification API, stood in for: what the page shows is recorded in window.__notices.
FAKE_NOTIFICATION = """
window.__notices = [];
window.Notification = class {
  constructor(title, options = {}) { window.__notices.push({ title, ...options }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
  addEventListener() {}
  close() {}
};
"""



def _person(name: str) -> User:
    user = User.objects.create_user(username=name, password="pw-not-used-9", email=f"{name}@example.org")
    Membership.objects.create(user=user, tenant=tenant_default())
    Preferences.objects.create(user=user, browser_notifications=True)
    return user


def _page(browser, site, user, size=(1280, 800)):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
    context.add_init_script(FAKE_NOTIFICATION)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def _me_ready(page) -> None:
    """Waits until the page's ws/me/ socket has given the count."""
    page.wait_for_function("window.hexagoraMe && window.hexagoraMe.count !== null")


def test_the_badge_follows_the_other_players_move_without_a_reload(browser, live_site, monkeypatch):
    # Moves made in this process schedule nothing here: the live site's own worker does its work.
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *args: None)
    monkeypatch.setattr(alert_services, "task_send", lambda *args, **kwargs: None)
    alice, bob = _person("alice"), _person("bob")
    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=alice, game="hextopia", seats=2, title="Badge race")
    services.match_join(tenant=tenant, user=bob, match_id=match.pk)
    services.match_start(tenant=tenant, user=alice, match_id=match.pk)
    match.refresh_from_db()
    engine = registry.get_engine(match.game)
    first = engine.to_act(engine.decode(match.state))[0]
    mover, watcher = (alice, bob) if first == 0 else (bob, alice)
    url = f"{live_site.url}/matches/{match.pk}/"
    pm, pw = _page(browser, live_site, mover), _page(browser, live_site, watcher)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        pm.goto(url)
        expect(pm.locator("#status-banner")).to_have_text("Your turn.")
        _me_ready(pm)
        expect(pm.locator("#waiting-count")).to_have_text("1")
        pw.goto(f"{live_site.url}/your-turn/")
        _me_ready(pw)
        expect(pw.locator("#waiting-count")).to_have_text("0")
        expect(pw.locator("#waiting-link")).not_to_have_class("nav-waiting has-waiting")
        pw.evaluate("window.__same_page = true")

        # The mover plays on the table: the watcher's badge says 1, live, with a notification.
        play_one_move(pm)
        expect(pw.locator("#waiting-count")).to_have_text("1")
        expect(pw.locator("#waiting-link")).to_have_class("nav-waiting has-waiting")
        expect(pm.locator("#waiting-count")).to_have_text("0")
        assert pw.evaluate("window.__same_page") is True, "the page was reloaded"
        expect(pw.locator("#waiting-panel .alert-list li")).to_have_count(1)  # the list too, in place
        pw.wait_for_function("window.__notices.length === 1")
        notice = pw.evaluate("window.__notices[0]")
        assert notice["title"] == "Your turn"
        assert notice["body"] == "It is your turn in Hextopia · Badge race."
        assert notice["tag"] == f"hexagora-turn-{match.pk}"
        for width, height in ((1280, 800), (1366, 768), (360, 740)):
            pw.set_viewport_size({"width": width, "height": height})
            pw.screenshot(path=SHOTS / f"badge-{width}.png")

        # The watcher plays on the table; the mover looks at that very match: badge, no notice.
        pw.goto(url)
        expect(pw.locator("#status-banner")).to_have_text("Your turn.")
        assert pm.evaluate("document.hasFocus()") is True
        play_one_move(pw)
        expect(pm.locator("#waiting-count")).to_have_text("1")
        expect(pw.locator("#waiting-count")).to_have_text("0")
        pm.wait_for_function("window.hexagoraMe.received.some(m => m.type === 'alert')")
        assert pm.evaluate("window.__notices.length") == 0

        # The list page, as it then is (the mover's turn), at the three widths.
        pm.goto(f"{live_site.url}/your-turn/")
        expect(pm.locator(".alert-list li")).to_have_count(1)
        for width, height in ((1280, 800), (1366, 768), (360, 740)):
            pm.set_viewport_size({"width": width, "height": height})
            pm.screenshot(path=SHOTS / f"your-turn-{width}.png", full_page=True)
    except Exception:
        pm.screenshot(path=SHOTS / "failure-mover.png", full_page=True)
        pw.screenshot(path=SHOTS / "failure-watcher.png", full_page=True)
        print(live_site.logs())
        raise
    finally:
        js = pm.js_errors + pw.js_errors
        pm.context.close()
        pw.context.close()
    assert js == []
    assert Match.unscoped.get(pk=match.pk).version >= match.version + 2


# The permission not yet asked: the settings page's button asks, and the browser says yes.
ASK_NOTIFICATION = """
window.__notices = [];
window.__asked = 0;
let permission = "default";
window.Notification = class {
  constructor(title, options = {}) { window.__notices.push({ title, ...options }); }
  static get permission() { return permission; }
  static requestPermission() { window.__asked += 1; permission = "granted"; return Promise.resolve(permission); }
  addEventListener() {}
  close() {}
};
"""


def _shots(page, name: str) -> None:
    for width, height in ((1280, 800), (1366, 768), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=SHOTS / f"{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_invite_by_username_and_by_link_in_the_browser(browser, live_site, monkeypatch):
    monkeypatch.setattr(alert_services, "task_send", lambda *args, **kwargs: None)
    alice, bob, carol = _person("alice"), _person("bob"), _person("carol")
    Preferences.objects.filter(user=bob).update(browser_notifications=False)
    match = services.match_create(tenant=tenant_default(), user=alice, game="hextopia", seats=3,
                                  title="Invite night")
    pa, pb = _page(browser, live_site, alice), _page(browser, live_site, bob)
    pb.context.add_init_script(ASK_NOTIFICATION)  # runs after the stand-in above: this one wins
    pc = _page(browser, live_site, carol)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        # bob turns notifications on: the setting, then the browser's permission by the button.
        pb.goto(f"{live_site.url}/settings/")
        expect(pb.locator("#notify-state")).to_have_text("This browser has not been asked yet.")
        pb.locator("#id_browser_notifications").check()
        pb.get_by_role("button", name="Save settings").click()
        expect(pb.locator(".messages")).to_contain_text("Your settings are saved.")
        pb.locator("#notify-permission").click()
        expect(pb.locator("#notify-state")).to_have_text("This browser shows notifications from this site.")
        expect(pb.locator("#notify-permission")).to_be_hidden()
        _shots(pb, "settings")
        _me_ready(pb)

        # alice invites "nobody" (refused on the form), then bob, from the open match's page.
        pa.goto(f"{live_site.url}/matches/{match.pk}/")
        _shots(pa, "open-match")
        pa.fill("#invite-username", "nobody")
        pa.locator("#invite-form button[type=submit]").click()
        expect(pa.locator("#invite-error")).to_have_text("No member of Hexagora has that username.")
        _shots(pa, "invite-error")
        pa.fill("#invite-username", "bob")
        pa.locator("#invite-form button[type=submit]").click()
        expect(pa.locator(".messages")).to_contain_text("bob is invited.")
        # bob's settings page, never reloaded, shows the invitation as a notification.
        pb.wait_for_function("window.__notices.length === 1")
        notice = pb.evaluate("window.__notices[0]")
        assert notice["title"] == "Invitation" and notice["body"] == "alice invites you to Hextopia · Invite night."
        pb.goto(f"{live_site.url}/your-turn/")
        expect(pb.locator("#invitation-list li")).to_have_count(1)
        expect(pb.locator("#invitation-list")).to_contain_text("from alice")

        # carol gets the link from alice and takes a seat with it.
        link = pa.locator("#share-url").input_value()
        assert "/invite/" in link
        pc.goto(link)
        expect(pc.locator("#invitation-h")).to_have_text("Invite night")
        _shots(pc, "invite-link")
        pc.locator("#take-seat").click()
        expect(pc.locator(".messages")).to_contain_text("You took a seat.")
        expect(pa.locator("#seats-panel")).to_contain_text("carol")  # alice's open page, live
    except Exception:
        for name, page in (("alice", pa), ("bob", pb), ("carol", pc)):
            page.screenshot(path=SHOTS / f"failure-invite-{name}.png", full_page=True)
        print(live_site.logs())
        raise
    finally:
        js = pa.js_errors + pb.js_errors + pc.js_errors
        for page in (pa, pb, pc):
            page.context.close()
    assert js == []
