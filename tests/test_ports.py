"""The test servers' ports: under xdist, one block per worker outside the ephemeral
range, never a port that something holds; outside xdist, the kernel's pick."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests import ports
from tests.ports import free_port


def ephemeral_low() -> int:
    return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])


def test_a_workers_ports_come_from_its_block_below_the_ephemeral_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw2")
    drawn = [free_port() for _ in range(20)]
    assert len(set(drawn)) == 20  # the same port is not handed out twice in a row
    base = ports.FIRST + 2 * ports.BLOCK
    assert all(base <= port < base + ports.BLOCK for port in drawn)
    assert max(drawn) < ephemeral_low()


def test_two_workers_draw_from_blocks_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    first = free_port()
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    second = free_port()
    assert (first - ports.FIRST) // ports.BLOCK == 0
    assert (second - ports.FIRST) // ports.BLOCK == 1


def test_a_port_something_listens_on_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    # the last block, which no worker of a run uses (at most 4): the real gw3's servers
    # once held offset 8 of its block while this test pretended to be gw3
    last = ports.BLOCKS - 1
    monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{last}")
    monkeypatch.setattr(ports, "_offsets", iter([7, 7, 8]))
    base = ports.FIRST + last * ports.BLOCK
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", base + 7))
        holder.listen()
        assert free_port() == base + 8  # 7 is held (twice): the next offset


def test_outside_xdist_the_kernel_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two scripts side by side (CI's fault and rolling tests) draw at random over the
    kernel's range, not from one block in the same order."""
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    assert all(free_port() >= ephemeral_low() for _ in range(5))
