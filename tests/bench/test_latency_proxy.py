"""bench/latency.py's proxy in front of several Daphnes (issue 14, point 6): the
configurations forward WebSockets to every Daphne from one port, and the connections per
Daphne are counted from /proc/net/tcp. The programs themselves check the files where Debian's
packages are installed (the bench does not need them in CI)."""
import subprocess

import pytest

from bench.latency_parts import proxy

TCP_TABLE = """  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1F41 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1
   1: 0100007F:1F41 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 2 1
   2: 0100007F:1F41 0100007F:C351 01 00000000:00000000 00:00000000 00000000     0        0 3 1
   3: 0100007F:1F42 0100007F:C352 01 00000000:00000000 00:00000000 00000000     0        0 4 1
   4: 0100007F:C350 0100007F:1F41 01 00000000:00000000 00:00000000 00000000     0        0 5 1
   5: 0100007F:1F42 0100007F:C353 06 00000000:00000000 00:00000000 00000000     0        0 6 1
"""


def test_established_per_port_counts_only_established_on_those_ports():
    # 0x1F41 = 8001, 0x1F42 = 8002; the listener (0A), TIME_WAIT (06) and the client end (C350) left out
    assert proxy.established_per_port(TCP_TABLE, [8001, 8002, 8003]) == {8001: 2, 8002: 1, 8003: 0}


def test_haproxy_config_forwards_to_every_daphne_and_overwrites_the_client_address():
    text = proxy.haproxy_config(9000, [8001, 8002])
    assert "bind 127.0.0.1:9000" in text
    assert "server daphne0 127.0.0.1:8001" in text and "server daphne1 127.0.0.1:8002" in text
    assert "http-request set-header X-Forwarded-For %[src]" in text  # TRUSTED_PROXY_COUNT=1
    assert "timeout tunnel 1h" in text  # upgraded sockets live long


def test_nginx_config_passes_upgrades_and_keeps_the_host_with_its_port(tmp_path):
    text = proxy.nginx_config(9000, [8001, 8002], tmp_path)
    assert "listen 127.0.0.1:9000;" in text
    assert "server 127.0.0.1:8001;" in text and "server 127.0.0.1:8002;" in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text
    assert "proxy_set_header Host $http_host;" in text  # the origin check compares the port
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in text


def test_prepare_refuses_an_unknown_proxy(tmp_path):
    with pytest.raises(ValueError, match="haproxy, nginx"):
        proxy.prepare("squid", 9000, [8001], tmp_path)


@pytest.mark.parametrize("kind", proxy.PROXIES)
def test_the_installed_program_accepts_its_configuration(kind, tmp_path):
    if proxy.binary(kind) is None:
        pytest.skip(f"{kind} not installed (apt-get install -y {kind}); the bench alone needs it")
    argv = proxy.prepare(kind, 9000, [8001, 8002], tmp_path)
    check = [argv[0], "-c", "-f", argv[-1]] if kind == "haproxy" else [*argv[:-2], "-t"]
    result = subprocess.run(check, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr
