"""The server as ``make run`` starts it (issue 26, point 12: "Daphne prints 'No hostname was
supplied. Reverting to default 'localhost'' twice and 'HTTP/2 support not enabled' at every
make run"; "/favicon.ico is a 404 on every page").

``site_factory()`` starts ``daphne -b 127.0.0.1 -p <port> gameplatform.asgi:application`` (a
fresh process: the shared ``live_site`` may have started long before), with the embedded
worker without Redis, as ``make run`` does. Its output says where it listens and that the worker is
ready, and neither of those two lines; Daphne itself answers /favicon.ico.
"""
from __future__ import annotations

import logging
import urllib.request

import kombu
import pytest
from django.conf import settings

from gameplatform.core.logs import DropMessages
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.tenants.selectors import tenant_default

NOISE = ("No hostname was supplied", "HTTP/2 support not enabled")


def test_daphne_starts_without_the_noise(site_factory):
    live_site = site_factory()
    log = live_site.service("daphne").log_text()
    assert "Listening on TCP address 127.0.0.1" in log, log
    if live_site.mode == "embedded":
        assert "Embedded Celery worker ready" in log, log
    for line in NOISE:
        assert line not in log, log


@pytest.mark.parametrize("mode", ["redis", "embedded"])
def test_the_bot_runner_plays_bot_turns_without_a_task_each(site_factory, user_factory, wait_for, mode):
    """Issue 29: with BOT_TURNS "runner" (the default) the site's worker processes, or the
    embedded server, play the due bot turns themselves; no play_bot_turn task is sent."""
    if mode == "redis" and not settings.REDIS_URL:
        pytest.skip("no Redis here")
    live_site = site_factory(redis_url=None if mode == "redis" else "")
    owner = user_factory(tenant=tenant_default())
    match = services.match_create(tenant=tenant_default(), user=owner, game="hextopia", seats=2, title="Runner")
    Seat.objects.filter(match=match).update(user=None, bot_kind="random")
    services.match_start(tenant=tenant_default(), user=owner, match_id=match.pk)
    wait_for(lambda: MoveRecord.objects.filter(match=match).count() >= 10, timeout=60)
    assert set(MoveRecord.objects.filter(match=match).values_list("actor", flat=True)) == {"bot"}
    log = "".join(service.log_text() for service in live_site.services)
    if mode == "embedded":
        assert "bot turns by the bot runner" in log, log
    else:
        assert "playing due bot turns" in log, log
    assert "play_bot_turn[" not in log, log  # no such task received (the banner lists its name)
    Match.unscoped.filter(pk=match.pk).update(status=Match.Status.ABORTED)


def test_daphne_serves_the_icon_at_the_root(live_site):
    with urllib.request.urlopen(f"{live_site.url}/favicon.ico", timeout=10) as answer:
        assert answer.status == 200
        assert answer.read(4) == b"\x00\x00\x01\x00"


def test_the_memory_broker_names_its_host(caplog):
    """kombu warns "No hostname was supplied" for a bare ``memory://`` each time a connection's
    info is read: the worker's start, and ``seed_demo``'s bot matches before it."""
    with caplog.at_level(logging.WARNING, logger="kombu.connection"):
        info = kombu.Connection(settings.CELERY_BROKER_URL).info()
    assert info["hostname"]
    assert not [r for r in caplog.records if "hostname" in r.getMessage()]


def test_the_filter_drops_only_the_http2_notice():
    drop = DropMessages(["HTTP/2 support not enabled"])

    def record(msg: str) -> logging.LogRecord:
        return logging.LogRecord("daphne.server", logging.INFO, __file__, 1, msg, (), None)

    assert not drop.filter(record("HTTP/2 support not enabled (install the http2 and tls Twisted extras)"))
    assert drop.filter(record("Listening on TCP address 127.0.0.1:8000"))
    assert drop.filter(record("HTTP/2 support enabled"))
    assert DropMessages().filter(record("anything"))
