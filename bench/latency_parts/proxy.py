"""A proxy in front of several Daphnes, so that every client uses one port (issue 14, point 6).

HAProxy or nginx from Debian (``apt-get install -y haproxy`` or ``nginx``), one process or
thread (the machine has two cores; one proxy process forwards a few thousand messages a
second), configured as README.md's "Running at scale" says a deployment does: WebSocket
upgrades passed on, ``Host`` kept (it picks the community and gives the port the origin check
compares), ``X-Forwarded-For`` overwritten with the client's address (so the services run
with ``TRUSTED_PROXY_COUNT=1``), ``X-Forwarded-Proto`` set, hour-long timeouts for the
sockets, and the least-busy Daphne for each new connection (sockets live long: round robin
over connections would do too, least-connections keeps the split even when some close).
"""
from __future__ import annotations

import shutil
from pathlib import Path

PROXIES = ("haproxy", "nginx")
HEX_STATE_ESTABLISHED = "01"


def binary(kind: str) -> str | None:
    """The path of ``kind``'s program (``/usr/sbin`` is often off a user's PATH), or None."""
    found = shutil.which(kind)
    if found:
        return found
    path = Path("/usr/sbin") / kind
    return str(path) if path.exists() else None


def haproxy_config(port: int, backends: list[int]) -> str:
    """HAProxy's configuration: listen on 127.0.0.1:``port``, forward to 127.0.0.1:each of
    ``backends``."""
    servers = "\n".join(f"    server daphne{i} 127.0.0.1:{p}" for i, p in enumerate(backends))
    return f"""# Written by bench/latency.py for one run.
global
    nbthread 1
    maxconn 8000

defaults
    mode http
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h

frontend hexagora
    bind 127.0.0.1:{port}
    http-request set-header X-Forwarded-For %[src]
    http-request set-header X-Forwarded-Proto http
    default_backend daphnes

backend daphnes
    balance leastconn
{servers}
"""


def nginx_config(port: int, backends: list[int], directory: Path) -> str:
    """nginx's configuration: as ``haproxy_config``, its pid, logs and temporary files in
    ``directory``."""
    servers = "\n".join(f"        server 127.0.0.1:{p};" for p in backends)
    d = directory
    return f"""# Written by bench/latency.py for one run.
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/nginx-error.log warn;
events {{
    worker_connections 8000;
}}
http {{
    access_log off;
    client_body_temp_path {d}/nginx-tmp/body;
    proxy_temp_path {d}/nginx-tmp/proxy;
    fastcgi_temp_path {d}/nginx-tmp/fastcgi;
    uwsgi_temp_path {d}/nginx-tmp/uwsgi;
    scgi_temp_path {d}/nginx-tmp/scgi;
    upstream daphnes {{
        least_conn;
{servers}
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://daphnes;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }}
    }}
}}
"""


def prepare(kind: str, port: int, backends: list[int], directory: Path) -> list[str]:
    """Writes ``kind``'s configuration into ``directory`` and returns the command that runs
    it in the foreground. Raises ValueError for an unknown kind, FileNotFoundError when the
    program is not installed (the message says how to install it)."""
    if kind not in PROXIES:
        raise ValueError(f"proxy must be one of {', '.join(PROXIES)}, not {kind!r}")
    program = binary(kind)
    if program is None:
        raise FileNotFoundError(f"{kind} is not installed: apt-get install -y {kind}")
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / f"{kind}.conf"
    if kind == "haproxy":
        config.write_text(haproxy_config(port, backends))
        return [program, "-db", "-f", str(config)]
    (directory / "nginx-tmp").mkdir(exist_ok=True)
    config.write_text(nginx_config(port, backends, directory))
    return [program, "-p", str(directory), "-e", str(directory / "nginx-error.log"), "-c", str(config),
            "-g", "daemon off;"]


def established_per_port(tcp_table: str, ports: list[int]) -> dict[int, int]:
    """How many established TCP connections each local port of ``ports`` has, from the text
    of /proc/net/tcp (``local_address`` as ``HEXIP:HEXPORT``, state ``01`` = established)."""
    counts = dict.fromkeys(ports, 0)
    for line in tcp_table.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 4 or fields[3] != HEX_STATE_ESTABLISHED:
            continue
        try:
            port = int(fields[1].rsplit(":", 1)[1], 16)
        except (IndexError, ValueError):
            continue
        if port in counts:
            counts[port] += 1
    return counts
