"""The test servers' ports: outside the ephemeral range, one block per worker, never one
that something holds."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests import ports
from tests.ports import free_port


def test_ports_come_from_this_workers_block_below_the_ephemeral_range() -> None:
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
    low = int(ephemeral[0])
    drawn = [free_port() for _ in range(20)]
    assert len(set(drawn)) == 20  # the same port is not handed out twice in a row
    base = ports.FIRST + ports.block() * ports.BLOCK
    assert all(base <= port < base + ports.BLOCK for port in drawn)
    assert max(drawn) < low


def test_two_workers_draw_from_blocks_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    first = free_port()
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    second = free_port()
    assert (first - ports.FIRST) // ports.BLOCK == 1
    assert (second - ports.FIRST) // ports.BLOCK == 2


def test_a_port_something_listens_on_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ports, "_offsets", iter([7, 7, 8]))
    base = ports.FIRST + ports.block() * ports.BLOCK
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", base + 7))
        holder.listen()
        assert free_port() == base + 8  # 7 is held (twice): the next offset
