"""A real site for the browser tests: Daphne (and, with Redis, a Celery worker) in their own
processes, on the test database, plus headless Chromium driven by Playwright.

``live_site`` starts, on a free loopback port:

- ``daphne gameplatform.asgi:application`` with ``DATABASE_URL`` naming the test database
  pytest-django created (PostgreSQL ``test_<name>``, or the SQLite test file), so the server
  sees the rows the test commits (``transactional_db``) and the test sees the server's;
- with ``REDIS_URL``: ``celery -A gameplatform worker -P solo`` on a queue and channel prefix
  of its own (nothing else consumes them, and it consumes nothing else's). Without Redis the
  Daphne process runs the embedded worker thread (``gameplatform.embedded``), as ``make run``
  does.

Bots wait ``BOT_DELAY_SECONDS`` = 0.05 s. The processes' output goes to
``artifacts/e2e/<name>.log``; a failing test shows their tails. Everything started is
stopped (SIGTERM, then SIGKILL after ``STOP_TIMEOUT_SECONDS``) before the database is
flushed.

``browser``: a Chromium (Debian's ``/usr/bin/chromium``, or ``$CHROMIUM``) launched by
Playwright's bundled driver; the test is skipped only when that binary is missing.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connections

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(settings.BASE_DIR) / "artifacts" / "e2e"
BOT_DELAY_SECONDS = "0.05"
READY_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 15.0
LOG_TAIL_CHARS = 4000

# Variables of this test run that must not leak into the server: pytest's own (the embedded
# worker refuses to start under a test runner), and Django's async guard for Playwright.
DROPPED_ENV = ("PYTEST_CURRENT_TEST", "PYTEST_XDIST_WORKER", "DJANGO_ALLOW_ASYNC_UNSAFE", "EMBEDDED_WORKER",
               "HEXAGORA_NO_EMBEDDED_WORKER")


def database_url(settings_dict: dict) -> str:
    """``DATABASE_URL`` (django-environ syntax) of a connection's settings: the test database
    once pytest-django has switched ``NAME`` to it."""
    engine = settings_dict["ENGINE"]
    name = str(settings_dict["NAME"])
    if engine == "django.db.backends.sqlite3":
        if name == ":memory:" or name.startswith("file:"):
            raise RuntimeError("the browser tests need an SQLite test database on disk: set SQLITE_TEST_NAME")
        return f"sqlite:///{Path(name).resolve()}"
    if "postgresql" not in engine:
        raise RuntimeError(f"no DATABASE_URL form for {engine}")
    user = quote(settings_dict.get("USER") or "", safe="")
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{quote(password, safe='')}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or "5432"
    return f"postgres://{auth}{host}:{port}/{quote(name, safe='')}"


def free_port() -> int:
    """A TCP port nobody listens on right now (the kernel's choice on 127.0.0.1)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Service:
    """A process this fixture started, and the file its output goes to."""

    name: str
    process: subprocess.Popen
    log_path: Path

    def log_tail(self) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return text[-LOG_TAIL_CHARS:]

    def stop(self) -> None:
        """SIGTERM (Daphne and Celery shut down cleanly on it), then SIGKILL if it lingers."""
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT_SECONDS)


@dataclass
class LiveSite:
    """A running site: ``url`` ("http://127.0.0.1:<port>"), the services behind it, and
    ``mode`` ("embedded" or "redis")."""

    url: str
    mode: str
    services: list[Service] = field(default_factory=list)
    queue: str = ""

    def logs(self) -> str:
        """The tail of every service's output, for failure messages."""
        return "\n".join(f"--- {s.name} ({s.log_path}) ---\n{s.log_tail()}" for s in self.services)

    def check_alive(self) -> None:
        """Fails the test when a service has died (with its output)."""
        for s in self.services:
            if s.process.poll() is not None:
                pytest.fail(f"{s.name} exited with {s.process.returncode}\n{self.logs()}")


def _start(name: str, argv: list[str], env: dict) -> Service:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"{name}.log"
    log = open(log_path, "w")  # the child writes to it until stopped
    try:
        process = subprocess.Popen(
            argv, cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
    finally:
        log.close()  # the child has its own descriptor
    return Service(name=name, process=process, log_path=log_path)


def _wait_until(site: LiveSite, ready, what: str) -> None:
    end = time.monotonic() + READY_TIMEOUT_SECONDS
    while not ready():
        site.check_alive()
        if time.monotonic() > end:
            pytest.fail(f"{what} not ready within {READY_TIMEOUT_SECONDS} s\n{site.logs()}")
        time.sleep(0.1)


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def _purge_queue(queue: str) -> None:
    """Drops what the stopped worker left in its queue (ETA tasks of the finished match) and
    kombu's bindings of that queue, so runs leave nothing behind in Redis."""
    import redis

    from gameplatform.celery import app

    with app.connection_for_write() as conn:
        conn.default_channel.queue_purge(queue)
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        client.delete(f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
    finally:
        client.close()


@pytest.fixture
def live_site(transactional_db):
    """The site served by Daphne (and a Celery worker with Redis) on the test database; see
    the module docstring. Yields a ``LiveSite``."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
    env.update(
        DATABASE_URL=database_url(connections["default"].settings_dict),
        DJANGO_SETTINGS_MODULE="gameplatform.settings",
        BOT_DELAY_SECONDS=BOT_DELAY_SECONDS,
        CSRF_TRUSTED_ORIGINS=f"http://127.0.0.1:{port}",
        PYTHONUNBUFFERED="1",
    )
    redis = bool(settings.REDIS_URL)
    queue = ""
    if redis:
        # A queue and channel prefix of this run only: the worker takes no task of another
        # test or developer, and the server's sockets hear only this worker's broadcasts.
        tag = f"e2e-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        queue = f"{env.get('CELERY_QUEUE', 'hexagora')}-{tag}"
        env.update(CELERY_QUEUE=queue, CHANNEL_PREFIX=f"{env.get('CHANNEL_PREFIX', 'asgi')}-{tag}")
    site = LiveSite(url=f"http://127.0.0.1:{port}", mode="redis" if redis else "embedded", queue=queue)
    bin_dir = Path(sys.executable).parent
    try:
        if redis:
            site.services.append(_start("celery", [
                str(bin_dir / "celery"), "-A", "gameplatform", "worker", "-P", "solo", "-Q", queue,
                "-n", f"{queue}@%h", "--without-heartbeat", "--without-mingle", "--without-gossip",
                "-l", "INFO",
            ], env))
        site.services.append(_start("daphne", [
            str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), "gameplatform.asgi:application",
        ], env))
        _wait_until(site, lambda: _http_ok(f"{site.url}/accounts/login/"), "Daphne")
        if redis:
            _wait_until(site, lambda: " ready." in site.services[0].log_tail(), "the Celery worker")
        yield site
    finally:
        for service in reversed(site.services):
            service.stop()
        if queue:
            _purge_queue(queue)


@pytest.fixture
def browser():
    """Headless Chromium (``$CHROMIUM`` or Debian's /usr/bin/chromium) through Playwright's
    sync API; skipped only when that binary is missing."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; CI installs it)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the test's own ORM calls are
    # still synchronous (Django's documented setting for Playwright tests).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield chromium
            finally:
                chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous
