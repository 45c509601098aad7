"""Ports for the servers the tests start: each pytest worker draws from a block of its
own, below the kernel's ephemeral range.

A port found by binding to port 0 is free only until someone else takes it: another
worker's probe, or any outgoing connection (a browser's, the database's), since
`connect()` draws its local port from that same range. A server then started on it
fails to bind, and its readiness check may be answered by the other one. The workers of
one run draw from blocks apart; a process outside pytest-xdist (the fault scripts that
CI runs side by side) asks the kernel, whose choice is random over the whole range."""

from __future__ import annotations

import itertools
import os
import random
import socket

#: Where the blocks begin, and each one's size: all of them under 32768, where Linux's
#: ephemeral range (net.ipv4.ip_local_port_range) begins by default.
FIRST = 20_000
BLOCK = 500
BLOCKS = 25

#: The next offsets to try in this worker's block, from a random place in it.
_offsets = itertools.count(random.randrange(BLOCK))


def block() -> int | None:
    """This process's block: one per xdist worker (gw0, gw1…); None outside xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    number = worker[2:]
    if worker.startswith("gw") and number.isdigit():
        return int(number) % BLOCKS
    return None


def free_port() -> int:
    """A port that nothing holds now (not even in TIME_WAIT): of this worker's block
    under xdist, else one the kernel picks."""
    drawn = block()
    if drawn is None:
        return _kernels_pick()
    base = FIRST + drawn * BLOCK
    for _ in range(BLOCK):
        port = base + next(_offsets) % BLOCK
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {base}-{base + BLOCK - 1}")


def _kernels_pick() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port
