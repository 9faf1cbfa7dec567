"""The real stack of the fault test, on spare ports, that the test may break: a PostgreSQL
cluster and a Redis server of its own, two Daphnes and two Celery workers.

- ``Cluster``: a PostgreSQL cluster made with Debian's ``pg_createcluster`` (trust auth, a free
  port), restarted with ``pg_ctlcluster ... restart`` as an operator would, dropped at the end.
  Needs root (or password-less sudo) and Debian's postgresql-common: CI has both.
- ``PrivateRedis`` (tests/private_redis.py) on a fixed port, so it comes back where clients
  expect it.
- ``Services``: the Daphnes and workers as the README's "Running at scale" runs them (DEBUG
  off, ``CONN_MAX_AGE`` 60, workers with gossip and mingle, prefork), their output in
  ``artifacts/faults/<name>.log``.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.latency import http_ok
from tests.private_redis import free_port

ROOT = Path(__file__).resolve().parents[2]
LOG_DIR = ROOT / "artifacts" / "faults"
PG_VERSION_DIR = Path("/etc/postgresql")
CLUSTER_NAME = "hexagora_faults"
DATABASE = "hexagora_faults"
READY_TIMEOUT_SECONDS = 90.0
STOP_TIMEOUT_SECONDS = 20.0


def as_root(argv: list[str]) -> list[str]:
    return argv if os.geteuid() == 0 else ["sudo", "-n", *argv]


def can_run() -> str | None:
    """None when this machine can run the fault test, else why not."""
    for tool in ("pg_createcluster", "pg_ctlcluster", "pg_dropcluster", "redis-server"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not PG_VERSION_DIR.is_dir() or not any(PG_VERSION_DIR.iterdir()):
        return "no PostgreSQL version under /etc/postgresql"
    if os.geteuid() != 0 and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode != 0:
        return "pg_createcluster needs root or password-less sudo"
    return None


class Cluster:
    """A PostgreSQL cluster of the test's own (module docstring)."""

    def __init__(self):
        self.version = sorted(p.name for p in PG_VERSION_DIR.iterdir())[0]
        self.port = free_port()

    def ctl(self, action: str) -> None:
        subprocess.run(as_root(["pg_ctlcluster", "--skip-systemctl-redirect", self.version, CLUSTER_NAME, action]),
                       check=True, capture_output=True, timeout=120)

    def create(self) -> None:
        self.drop()  # a killed earlier run's
        subprocess.run(as_root(["pg_createcluster", self.version, CLUSTER_NAME, "-p", str(self.port), "--",
                                "--auth=trust"]), check=True, capture_output=True, timeout=120)
        self.ctl("start")
        self.wait_ready()
        subprocess.run(["createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", DATABASE],
                       check=True, capture_output=True, timeout=60)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1", "-p", str(self.port)]).returncode != 0:
            if time.monotonic() > deadline:
                raise RuntimeError("the fault test's PostgreSQL did not start")
            time.sleep(0.1)

    def restart(self) -> None:
        """``pg_ctlcluster ... restart`` (fast shutdown: sessions are cut), back when it answers."""
        self.ctl("restart")
        self.wait_ready()

    def drop(self) -> None:
        subprocess.run(as_root(["pg_dropcluster", "--stop", self.version, CLUSTER_NAME]), capture_output=True,
                       timeout=120)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{DATABASE}"


@dataclass
class Services:
    """The Daphnes and workers of one run; ``env`` is theirs (and the helper scripts')."""

    env: dict[str, str]
    daphne_ports: list[int] = field(default_factory=list)
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def start(self, name: str, argv: list[str]) -> subprocess.Popen:
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        with open(LOG_DIR / f"{name}.log", "a" if name in self.processes else "w") as log:
            proc = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        self.processes[name] = proc
        return proc

    def start_all(self, daphnes: int = 2, workers: int = 2) -> None:
        bin_dir = Path(sys.executable).parent
        for i in range(workers):
            self.start(f"worker-{i}", [str(bin_dir / "celery"), "-A", "gameplatform", "worker", "-P", "prefork",
                                       "-c", "1", "-n", f"faults-{i}@%h", "-l", "INFO"])
        self.daphne_ports = [free_port() for _ in range(daphnes)]
        for i, port in enumerate(self.daphne_ports):
            self.start(f"daphne-{i}", [str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port),
                                       "gameplatform.asgi:application"])
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        pending = set(self.daphne_ports)
        while pending:
            self.check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError(f"Daphne not ready on {sorted(pending)}")
            pending = {p for p in pending if not http_ok(p)}
            time.sleep(0.2)

    def check_alive(self, except_: set[str] = frozenset()) -> None:
        for name, proc in self.processes.items():
            if name not in except_ and proc.poll() is not None:
                raise RuntimeError(f"{name} exited with {proc.returncode}: {log_tail(name)}")

    def kill(self, name: str) -> None:
        """SIGKILL, as the kernel's OOM killer or a pulled plug would."""
        proc = self.processes[name]
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(STOP_TIMEOUT_SECONDS)

    def stop(self, name: str) -> None:
        """SIGTERM to the main process only (a Celery worker's warm shutdown lets its pool
        finish the task at hand, broadcast included: systemd's ``KillMode=mixed``), then
        SIGKILL to the whole group after ``STOP_TIMEOUT_SECONDS``."""
        proc = self.processes[name]
        if proc.poll() is None:
            try:
                proc.send_signal(signal.SIGTERM)
                proc.wait(STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(STOP_TIMEOUT_SECONDS)
            except ProcessLookupError:
                pass

    def stop_all(self) -> None:
        for name, proc in list(self.processes.items()):
            self.stop(name)
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # whatever of its group is left
            except ProcessLookupError:
                pass

    def script(self, *args: str, timeout: float = 300) -> str:
        """``python -m tests.faults.matches ARGS`` with the stack's environment; its last line."""
        done = subprocess.run([sys.executable, "-m", "tests.faults.matches", *args], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"tests.faults.matches {args[0]} failed: {done.stderr[-3000:]}")
        return done.stdout.strip().splitlines()[-1]


def log_tail(name: str, chars: int = 3000) -> str:
    path = LOG_DIR / f"{name}.log"
    return path.read_text(errors="replace")[-chars:] if path.exists() else "(no log)"


def services_env(database_url: str, redis_url: str, bot_delay: float) -> dict[str, str]:
    """The environment of every process of the stack: production-like settings, this run's
    database and Redis, nothing of the pytest run's."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTEST_CURRENT_TEST", "SQLITE_TEST_NAME", "DJANGO_ALLOW_ASYNC_UNSAFE", "EMBEDDED_WORKER",
                        "CHANNEL_PREFIX", "CELERY_QUEUE")}
    env.update({
        "DJANGO_SETTINGS_MODULE": "gameplatform.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "BOT_DELAY_SECONDS": str(bot_delay),
        "CONN_MAX_AGE": "60",
        "DEBUG": "false",
        "EMBEDDED_WORKER": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        "PYTHONUNBUFFERED": "1",
    })
    return env
