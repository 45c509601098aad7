"""Ports for the servers the tests start: each pytest worker draws from a block of its
own, below the kernel's ephemeral range.

A port found by binding to port 0 is free only until someone else takes it: another
worker's probe, or any outgoing connection (a browser's, the database's), since
`connect()` draws its local port from that same range. A server then started on it
fails to bind, and its readiness check may be answered by the other one."""

from __future__ import annotations

import itertools
import os
import socket

#: Where the blocks begin, and each one's size: all of them under 32768, where Linux's
#: ephemeral range (net.ipv4.ip_local_port_range) begins by default.
FIRST = 20_000
BLOCK = 500
BLOCKS = 25


def block() -> int:
    """This process's block: one per xdist worker (gw0, gw1…), block 0 without xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    number = worker[2:]
    return (int(number) + 1) % BLOCKS if worker.startswith("gw") and number.isdigit() else 0


#: The next offsets to try, from a place that differs between two runs at once.
_offsets = itertools.count(os.getpid() % BLOCK)


def free_port() -> int:
    """A port of this worker's block that nothing holds now (not even in TIME_WAIT)."""
    base = FIRST + block() * BLOCK
    for _ in range(BLOCK):
        port = base + next(_offsets) % BLOCK
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {base}-{base + BLOCK - 1}")
