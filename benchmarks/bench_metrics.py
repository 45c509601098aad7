"""What the metrics cost a room: its ack latency with and without them, same run.

    python benchmarks/bench_metrics.py [--words 50] [--rooms 10]

Two `motamot serve` processes on one machine, one with its metrics (the default), one
with `--no-metrics`, both on the memory store (so that the fsync of a real store does
not hide what is measured). In each of `--rooms` rooms per server one player writes
`--words` words one at a time, each sent 0.15 s after the previous one is acknowledged
(a socket faster than 8 a second for long is closed as a flood), taking turns between
the two servers (each first every other word) so that the machine's load falls on both
alike (a room's words cost more as its round fills: every room is measured the same).
Prints each server's median and 99th percentile ack time and the CPU time each server
spent per ack (user + system, read from /proc: the figure a shared machine changes
least), their ratios (with metrics / without), and the load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.ports import free_port  # noqa: E402
from tests.scale.player import Player, create_room  # noqa: E402

#: Seconds between two words of one socket: a socket may send 8 messages a second for
#: long (`server.throttle`); faster, it is closed as a flood.
PACE = 0.15


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(port: int, data: Path, *extra: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "motamot", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", "memory", *extra]
    env = {**os.environ, "MOTAMOT_DATA_DIR": str(data)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


async def player(port: int) -> Player:
    address = f"http://127.0.0.1:{port}"
    room, seat, token = await create_room(address, "bench", duration=1800, rounds=1)
    one = Player("bench", [address], room, token, seat)
    await one.start()
    answer = await one.request({"type": "start"})
    assert answer["type"] == "ack", answer
    return one


async def measure(ports: list[int], words: int, rooms: int) -> dict[int, list[float]]:
    times: dict[int, list[float]] = {port: [] for port in ports}
    for _ in range(rooms):
        await write_in_new_rooms(ports, words, times)
    return times


async def write_in_new_rooms(ports: list[int], words: int, times: dict[int, list[float]]) -> None:
    """A new room on each server, `words` written in each, taking turns."""
    players = [await player(port) for port in ports]
    pairs = list(zip(ports, players, strict=True))
    for number in range(words):
        # each server first in turn: the first write after a pause finds colder caches
        for port, one in pairs if number % 2 == 0 else pairs[::-1]:
            word = await one.write(f"zz{number}")  # not a word: stored and judged the same
            assert word.acked is not None and one.reconnects == 0, "closed: too fast?"
            times[port].append(word.acked - word.sent)
        await asyncio.sleep(PACE)
    for one in players:
        await one.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=50)
    parser.add_argument("--rooms", type=int, default=10)
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as data:
        with_port, without_port = free_port(), free_port()
        servers = [
            start(with_port, Path(data)),
            start(without_port, Path(data), "--no-metrics"),
        ]
        try:
            cpu = [cpu_seconds(server.pid) for server in servers]
            times = asyncio.run(measure([with_port, without_port], args.words, args.rooms))
            cpu = [cpu_seconds(s.pid) - before for s, before in zip(servers, cpu, strict=True)]
        finally:
            for server in servers:
                server.terminate()
                server.wait(10)
    figures = {}
    labels = (("with metrics", with_port, cpu[0]), ("without", without_port, cpu[1]))
    for label, port, seconds in labels:
        ordered = sorted(times[port])
        figures[label] = {
            "median_ms": statistics.median(ordered) * 1000,
            "p99_ms": ordered[int(len(ordered) * 0.99)] * 1000,
            "cpu_us_per_ack": seconds / len(ordered) * 1e6,
            "acks": len(ordered),
        }
    ratios = {
        key: figures["with metrics"][key] / figures["without"][key]
        for key in ("median_ms", "p99_ms", "cpu_us_per_ack")
    }
    print(json.dumps({"figures": figures, "ratios": ratios}))
    for label, values in figures.items():
        print(
            f"{label:>13}: median {values['median_ms']:.3f} ms, p99 {values['p99_ms']:.3f} ms, "
            f"CPU {values['cpu_us_per_ack']:.0f} µs per ack, over {values['acks']} acks"
        )
    print(
        f"with / without: median x{ratios['median_ms']:.3f}, p99 x{ratios['p99_ms']:.3f}, "
        f"CPU per ack x{ratios['cpu_us_per_ack']:.3f}"
    )
    print(f"load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
