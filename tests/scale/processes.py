"""Server processes of a cluster for the scale tests: started on free ports, found by lease.

A process id is `<OS pid>-<random>` (ClusterHost), so the process holding a
room's lease is found from the lease's value.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO

import redis.asyncio as aioredis

from motamot.server.links import room_of
from tests.ports import free_port

#: Short leases: a dead owner's rooms wait this long at most (fault tests).
LEASE_SECONDS = 2.0


@dataclass
class ServerProcess:
    port: int
    process: subprocess.Popen[bytes]

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def servers(
    count: int,
    db: str,
    broker: str | None,
    lease_seconds: float | None = LEASE_SECONDS,
    *,
    env: Mapping[str, str] | None = None,
    log: IO[bytes] | None = None,
    args: Sequence[str] = (),
) -> Iterator[list[ServerProcess]]:
    """`count` server processes on free ports, stopped (SIGTERM, then SIGKILL) afterwards.

    Without `broker`, one process on its own (SQLite, or PostgreSQL alone); `lease_seconds`
    None keeps the server's own lease; `env` adds to the environment; `log` takes their
    standard error (else it is this process's); `args`: more options of `serve`."""
    env = {**os.environ, **(env or {})}
    if lease_seconds is not None:
        env["MOTAMOT_LEASE_SECONDS"] = str(lease_seconds)
    started: list[ServerProcess] = []
    try:
        for _ in range(count):
            started.append(start_server(free_port(), db, broker, env, log, args))
        for server in started:
            wait_until_up(server)
        yield started
    finally:
        for server in started:
            if server.process.poll() is None:
                server.process.send_signal(signal.SIGTERM)
        for server in started:
            try:
                server.process.wait(10)
            except subprocess.TimeoutExpired:
                server.process.kill()
                server.process.wait()


def start_server(
    port: int,
    db: str,
    broker: str | None,
    env: Mapping[str, str],
    log: IO[bytes] | None = None,
    args: Sequence[str] = (),
) -> ServerProcess:
    """One `motamot serve` on `port` (not waited for: `wait_until_up`)."""
    command = [sys.executable, "-m", "motamot", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", db, *args]
    if broker is not None:
        command += ["--broker", broker]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log)
    return ServerProcess(port, process)


def wait_until_up(server: ServerProcess, seconds: float = 90) -> None:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if server.process.poll() is not None:
            raise RuntimeError(f"server on port {server.port} exited ({server.process.returncode})")
        try:
            with urllib.request.urlopen(server.address + "/", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server on port {server.port} did not start")


async def lease_owner(client: aioredis.Redis, prefix: str, room: str) -> str | None:
    """The process holding the lease of `room` (its id, or a player's link to it)."""
    value: bytes | str | None = await client.get(f"{prefix}:lease:{room_of(room)}")
    return value.decode() if isinstance(value, bytes) else value


def pid_of(owner: str) -> int:
    """The OS process id in a process id `<pid>-<random>`."""
    return int(owner.split("-", 1)[0])
