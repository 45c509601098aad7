"""A real `motamot serve`: metrics on a port of their own, and `/readyz` when Redis dies."""

from __future__ import annotations

import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.ports import free_port
from tests.server.live import LiveServer


def status(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.slow
def test_metrics_on_their_own_port_and_not_on_the_public_one(tmp_path: Path) -> None:
    metrics_port = free_port()
    server = LiveServer(tmp_path / "rooms.sqlite3", args=["--metrics-port", str(metrics_port)])
    server.start()
    try:
        assert status(server.url + "/metrics")[0] == 404
        code, body = status(f"http://127.0.0.1:{metrics_port}/metrics")
        assert code == 200
        assert b"motamot_open_sockets 0.0" in body and b"motamot_ack_seconds_bucket" in body
        assert status(server.url + "/healthz")[0] == 200
    finally:
        server.stop()


@pytest.mark.slow
def test_readyz_is_503_broker_while_redis_is_down(tmp_path: Path) -> None:
    port = free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    server = LiveServer(
        tmp_path / "rooms.sqlite3", args=["--broker", f"redis://127.0.0.1:{port}/0"]
    )
    try:
        time.sleep(0.3)
        server.start()
        assert status(server.url + "/readyz") == (200, b'{"status":"ready"}')
        redis.terminate()
        redis.wait(10)
        time.sleep(1.5)  # the probe in the background asks every 0.5 s, Redis in 0.5 s
        started = time.monotonic()
        code, body = status(server.url + "/readyz")
        assert (code, body) == (503, b'{"status":"unready","reason":"broker"}')
        assert time.monotonic() - started < 0.5  # from the last probe, not waiting on Redis
        assert status(server.url + "/healthz")[0] == 200
    finally:
        server.stop()
        if redis.poll() is None:
            redis.kill()
            redis.wait(10)
