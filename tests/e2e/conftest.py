"""A real site for the browser tests: Daphne (and, with Redis, a Celery worker) in their own
processes, on the test database, plus headless Chromium driven by Playwright.

``live_site`` starts, on a free loopback port:

- ``daphne gameplatform.asgi:application`` with ``DATABASE_URL`` naming the test database
  pytest-django created (PostgreSQL ``test_<name>``, or the SQLite test file), so the server
  sees the rows the test commits (``transactional_db``) and the test sees the server's;
- with ``REDIS_URL``: ``celery -A gameplatform worker -P solo`` on a queue of its own
  (nothing else consumes it, and it consumes nothing else's), on the test process's channel
  prefix (a move the test makes through the services reaches the site's sockets). Without
  Redis the Daphne process runs the embedded worker thread (``gameplatform.embedded``), as
  ``make run`` does.

With Redis the site is started once per pytest process and shared by its tests (the
database flushed between them, see ``live_site``); ``site_factory`` gives a test a site of its
own. Bots wait ``BOT_DELAY_SECONDS`` = 0.05 s. The processes' output goes to
``artifacts/e2e/<name>-<xdist worker>.log`` (``<name>-shared-...`` for the shared site); a
failing test shows their tails. What a test started is stopped (SIGTERM, then SIGKILL after
``STOP_TIMEOUT_SECONDS``) before the database is flushed.

``site_factory(redis_url=..., worker=..., env=...)`` starts such a site with another Redis
(a private one a test stops and starts: ``redis_server``), without the worker, or with more
variables; ``LiveSite.restart_daphne()`` stops its Daphne and starts it again on the same
port (its log goes on in the same file).

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
    """A process this fixture started, the file its output goes to, and how it was started."""

    name: str
    process: subprocess.Popen
    log_path: Path
    argv: list[str] = field(default_factory=list)
    env: dict = field(default_factory=dict)
    log_offset: int = 0  # where this test's part of the log starts (``mark``)

    def log_text(self) -> str:
        """What the process wrote since ``mark`` (since it started, unless marked)."""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self.log_offset)
                return log.read().decode(errors="replace")
        except OSError:
            return ""

    def mark(self) -> None:
        """From now on ``log_text`` starts here: a shared site's log shows one test's part."""
        try:
            self.log_offset = self.log_path.stat().st_size
        except OSError:
            self.log_offset = 0

    def log_tail(self) -> str:
        return self.log_text()[-LOG_TAIL_CHARS:]

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
    #: PostgreSQL's ``application_name`` of the site's connections (``PGAPPNAME``): what
    #: ``sockets.database_switch`` cuts, and nothing of the test process or another site.
    db_application: str = ""

    def logs(self) -> str:
        """The tail of every service's output, for failure messages."""
        return "\n".join(f"--- {s.name} ({s.log_path}) ---\n{s.log_tail()}" for s in self.services)

    def check_alive(self) -> None:
        """Fails the test when a service has died (with its output)."""
        for s in self.services:
            if s.process.poll() is not None:
                pytest.fail(f"{s.name} exited with {s.process.returncode}\n{self.logs()}")

    def alive(self) -> bool:
        return all(s.process.poll() is None for s in self.services)

    def begin_test(self) -> None:
        """Marks every service's log (``Service.mark``): what follows is the next test's."""
        for service in self.services:
            service.mark()

    def service(self, name: str) -> Service:
        return next(s for s in self.services if s.name == name)

    def restart_daphne(self) -> None:
        """Stops Daphne (SIGTERM) and starts it again on the same port; returns once it
        answers. Its output goes on in the same log."""
        old = self.service("daphne")
        old.stop()
        self.services[self.services.index(old)] = _start(old.name, old.argv, old.env, append=True,
                                                         log_name=old.log_path.stem.rsplit("-", 1)[0])
        _wait_until(self, lambda: _http_ok(f"{self.url}/accounts/login/"), "Daphne")

    def stop(self) -> None:
        """Stops every service at once (each waits for its own SIGTERM: open sockets, a task
        in progress), then drops what the worker left in its queue."""
        for service in self.services:
            if service.process.poll() is None:
                service.process.terminate()
        for service in reversed(self.services):
            service.stop()
        if self.queue:
            _purge_queue(self.queue)


def _start(name: str, argv: list[str], env: dict, append: bool = False, log_name: str = "") -> Service:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # One log per pytest-xdist worker (and one for its shared site): the workers' sites run
    # side by side, and a test's own site beside the shared one.
    log_path = ARTIFACTS / f"{log_name or name}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    log = open(log_path, "a" if append else "w")  # the child writes to it until stopped
    try:
        process = subprocess.Popen(
            argv, cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
    finally:
        log.close()  # the child has its own descriptor
    return Service(name=name, process=process, log_path=log_path, argv=argv, env=env)


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


def _site_start(site: LiveSite, *, port: int, redis_url: str, worker: bool, extra_env: dict,
                log_suffix: str = "") -> None:
    """Starts ``site``'s processes (module docstring), appending them to ``site.services``."""
    env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
    env.update(
        DATABASE_URL=database_url(connections["default"].settings_dict),
        DJANGO_SETTINGS_MODULE="gameplatform.settings",
        BOT_DELAY_SECONDS=BOT_DELAY_SECONDS,
        ANALYSIS_BUDGET_SECONDS="4",  # an analysis done in seconds (tests/e2e/test_analysis.py)
        ANALYSIS_SLICE_SECONDS="1",
        CSRF_TRUSTED_ORIGINS=f"http://127.0.0.1:{port}",
        PYTHONUNBUFFERED="1",
        REDIS_URL=redis_url,
        PGAPPNAME=f"hexagora-e2e-{port}",
    )
    site.db_application = env["PGAPPNAME"]
    if redis_url:
        # A queue of this site only: its worker takes no task of another test (an ETA task a
        # stopped site left) or developer. The channel (and cache) prefix stays the test
        # process's own (one per xdist worker, tests/settings.py): a move the test makes here
        # through the services is broadcast where the site's sockets listen.
        tag = f"e2e-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        queue = f"{env.get('CELERY_QUEUE', 'hexagora')}-{tag}"
        env.update(CELERY_QUEUE=queue)
        if redis_url == settings.REDIS_URL:
            site.queue = queue  # purged from this Redis afterwards
    env.update(extra_env)
    bin_dir = Path(sys.executable).parent
    if redis_url and worker:
        site.services.append(_start("celery", log_name=f"celery{log_suffix}", argv=[
            str(bin_dir / "celery"), "-A", "gameplatform", "worker", "-P", "solo", "-Q", queue,
            "-n", f"{queue}@%h", "--without-heartbeat", "--without-mingle", "--without-gossip",
            "-l", "INFO",
        ], env=env))
    site.services.append(_start("daphne", log_name=f"daphne{log_suffix}", argv=[
        str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), "gameplatform.asgi:application",
    ], env=env))
    _wait_until(site, lambda: _http_ok(f"{site.url}/accounts/login/"), "Daphne")
    if redis_url and worker:
        _wait_until(site, lambda: " ready." in site.service("celery").log_tail(), "the Celery worker")


@pytest.fixture
def site_factory(transactional_db):
    """``start(*, redis_url=settings.REDIS_URL, worker=True, env=None) -> LiveSite``: a live
    site (module docstring) on another Redis (``""``: embedded mode), without the Celery
    worker, or with more environment variables; stopped after the test."""
    sites: list[LiveSite] = []

    def start(*, redis_url: str | None = None, worker: bool = True, env: dict | None = None) -> LiveSite:
        site = _new_site(redis_url=settings.REDIS_URL if redis_url is None else redis_url, worker=worker, env=env)
        sites.append(site)
        return site

    try:
        yield start
    finally:
        for site in reversed(sites):
            site.stop()


def _new_site(*, redis_url: str, worker: bool = True, env: dict | None = None, log_suffix: str = "") -> LiveSite:
    port = free_port()
    site = LiveSite(url=f"http://127.0.0.1:{port}", mode="redis" if redis_url else "embedded")
    try:
        _site_start(site, port=port, redis_url=redis_url, worker=worker, extra_env=env or {}, log_suffix=log_suffix)
    except BaseException:
        site.stop()
        raise
    return site


@pytest.fixture(scope="session")
def _shared_sites():
    """The live sites this pytest process shares between its tests (``live_site``), stopped
    at the end of the session."""
    pool: dict[str, LiveSite] = {}
    try:
        yield pool
    finally:
        for site in pool.values():
            site.stop()


@pytest.fixture
def live_site(transactional_db, _shared_sites):
    """The site served by Daphne (and a Celery worker with Redis) on the test database; see
    the module docstring. Yields a ``LiveSite``.

    With Redis, one site serves all the tests of this pytest process (a site takes seconds to
    start, issue 25 point 8): the database is flushed between tests as before; the site's
    queue is purged after each test, and what its worker still holds (a bot turn's countdown
    of a match the flush removed) finds no match and does nothing (PostgreSQL never reuses an
    id). Each test reads its own part of the logs (``LiveSite.begin_test``). A site that died
    is replaced. Without Redis (embedded mode), a site of the test's own, as ``site_factory``
    gives (a test that needs a fresh process, other variables or to stop services uses that)."""
    if not settings.REDIS_URL:
        site = _new_site(redis_url="")
        try:
            yield site
        finally:
            site.stop()
        return
    site = _shared_sites.get("redis")
    if site is None or not site.alive():
        if site is not None:
            site.stop()
        # No sweep: the site outlives its tests, and a sweeping worker would act on what the
        # other tests of this process commit (a transactional test's overdue match) and hold
        # the sweep's lock, which shares this process's prefix (tests/matches/
        # test_sweep_everywhere.py). Bot turns and timers come through their own tasks.
        site = _shared_sites["redis"] = _new_site(redis_url=settings.REDIS_URL, log_suffix="-shared",
                                                  env={"WORKER_SWEEP": "false"})
    site.begin_test()
    yield site
    if site.queue:
        _purge_queue(site.queue)


@dataclass
class RedisServer:
    """A Redis server of one test on a spare port (``redis_server``): ``url``, ``stop()``
    (SHUTDOWN NOSAVE: it forgets everything, as a restart without persistence does),
    ``start()`` again on the same port."""

    port: int
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--logfile", str(ARTIFACTS / f"redis-{self.port}.log")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        end = time.monotonic() + READY_TIMEOUT_SECONDS
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > end:
                pytest.fail(f"redis-server on port {self.port} did not start")
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is None:
            return
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True, timeout=10)
        try:
            self.process.wait(STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT_SECONDS)
        self.process = None


@pytest.fixture
def redis_server():
    """A private ``RedisServer`` on a spare port, running; stopped after the test. Skipped
    where ``redis-server`` is not installed (CI has it)."""
    import shutil

    if shutil.which("redis-server") is None or shutil.which("redis-cli") is None:
        pytest.skip("no redis-server / redis-cli on PATH")
    server = RedisServer(port=free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


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
