"""A Redis server of a test's own, on a free port, that the test may stop and start again (an
outage) without touching the Redis every other test shares. Needs Debian's ``redis-server``
(CI has it; the tests that use it skip without it). It keeps nothing on disk, like the
site's Redis in CI: a restart loses every key and queued task.
"""
from __future__ import annotations

import shutil
import socket
import subprocess
import time

REDIS_SERVER = shutil.which("redis-server")
START_TIMEOUT_SECONDS = 10.0


def free_port() -> int:
    """A TCP port nobody listens on right now (the kernel's choice on 127.0.0.1)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class PrivateRedis:
    """``redis-server`` on ``port`` (a free one by default) as a child process.

    ``start()`` returns once it answers PING; ``stop()`` kills it (SIGKILL: an outage, not a
    shutdown) and returns once the port refuses connections. ``url(db)`` is its address.
    """

    def __init__(self, port: int | None = None):
        if REDIS_SERVER is None:
            raise RuntimeError("redis-server is not installed")
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> PrivateRedis:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while not _answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None
        while _answers(self.port):
            time.sleep(0.02)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None
