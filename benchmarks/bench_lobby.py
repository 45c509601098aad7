"""Lobby benchmark: a burst of seats taken in public tables while many pages follow the
lobby, on SQLite as `motamot serve` keeps it (the rooms' file, the players' file beside it).

    python benchmarks/bench_lobby.py [--tables 300] [--joins 1000] [--rate 200] [--followers 500]

`--tables` public Topword tables are made (one person each), `--followers` followers
watch the lobby (as its sockets do), then `--joins` people sit down in them at `--rate`
a second (each seat changes the lobby). Printed: the joins' acknowledgement latency with
the lobby following the rooms and without it (the same burst, its ratio), how many frames
and bytes each follower got (the watch reads at most every half second: at most one frame
per half second, however many changes), and how long a seat took to show in a
follower's lobby. The machine's load (`os.getloadavg()`) before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from motamot.server.lobby.socket import changed_frame  # noqa: E402
from motamot.service.brokers.local import LocalBroadcaster  # noqa: E402
from motamot.service.lobby import lobby_running  # noqa: E402
from motamot.service.lobby.watch import Changes  # noqa: E402
from motamot.service.notices import LocalNotices  # noqa: E402
from motamot.service.players.store import PlayerStore  # noqa: E402
from motamot.service.ports import SystemClock  # noqa: E402
from motamot.service.rooms.commands import Join  # noqa: E402
from motamot.service.rooms.host import RoomHost, cached_lexicons  # noqa: E402
from motamot.service.rooms.outcomes import Refusal  # noqa: E402
from motamot.service.stores.sqlite import SqliteStore  # noqa: E402
from motamot.service.topword.settings import TopwordSettings  # noqa: E402
from motamot.web import default_kinds  # noqa: E402


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min) on {os.cpu_count()} cpus"


def digest(n: int) -> str:
    return f"{n:064x}"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Follower:
    """One page following the lobby: the frames it got, when each seat showed."""

    def __init__(self, clock: dict[str, float], seen: dict[str, float]) -> None:
        self.frames = 0
        self.bytes = 0
        self.clock = clock
        self.seen = seen

    def __call__(self, changes: Changes) -> None:
        text = changed_frame(changes)  # as each page's socket is given it
        self.frames += 1
        self.bytes += len(text)
        now = time.perf_counter()
        for row in changes.rows:
            for name in row.players:
                if name in self.clock and name not in self.seen:
                    self.seen[name] = now - self.clock[name]


async def burst(folder: Path, args: argparse.Namespace, lobby: bool) -> dict[str, float]:
    clock = SystemClock()
    store = SqliteStore(folder / "rooms.sqlite3")
    host = RoomHost(store, LocalBroadcaster(), clock, cached_lexicons(), default_kinds().rooms)
    players = await PlayerStore.open(str(folder / "rooms.sqlite3"))
    tables = []
    for n in range(args.tables):
        room = await host.open(TopwordSettings(public=True), [Join(f"T{n}", digest(n))])
        assert not isinstance(room, Refusal)
        tables.append(room.room_id)
    acks: list[float] = []
    joined_at: dict[str, float] = {}
    seen: dict[str, float] = {}
    followers = [Follower(joined_at, seen) for _ in range(args.followers)]

    async def joins() -> float:
        start = time.perf_counter()
        for n in range(args.joins):
            name = f"P{n}"
            target = start + n / args.rate
            await asyncio.sleep(max(0.0, target - time.perf_counter()))
            room = tables[n % len(tables)]
            sent = time.perf_counter()
            answer = await host.submit(room, None, Join(name, digest(10**6 + n)))
            acks.append(time.perf_counter() - sent)
            if not isinstance(answer, Refusal):
                joined_at[name] = time.perf_counter()
        return time.perf_counter() - start

    if lobby:
        async with lobby_running(players.db, host, LocalNotices(), clock) as running:
            await running.projector.settle()
            await running.watch.refresh()
            for follower in followers:
                running.watch.follow(follower)
            reads = running.watch.reads
            seconds = await joins()
            await running.projector.settle()
            await asyncio.sleep(1.0)  # the last read, a gap later
            reads = running.watch.reads - reads
    else:
        reads = 0
        seconds = await joins()
    await host.close()
    await players.close()
    await store.close()
    frames = [f.frames for f in followers]
    return {
        "seconds": seconds,
        "ack_p50": pct(acks, 0.5) * 1000,
        "ack_p99": pct(acks, 0.99) * 1000,
        "reads": reads,
        "frames_max": max(frames) if frames else 0,
        "bytes_mean": statistics.mean(f.bytes for f in followers) if followers else 0,
        "shown": len(seen),
        "shown_p50": pct(list(seen.values()), 0.5) * 1000,
        "shown_p99": pct(list(seen.values()), 0.99) * 1000,
        "joined": len(joined_at),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--joins", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--followers", type=int, default=500)
    args = parser.parse_args()
    print(load())
    with tempfile.TemporaryDirectory() as without, tempfile.TemporaryDirectory() as with_:
        base = asyncio.run(burst(Path(without), args, lobby=False))
        lobby = asyncio.run(burst(Path(with_), args, lobby=True))
    print(
        f"{args.joins} joins at {args.rate:g}/s into {args.tables} public tables, "
        f"{args.followers} followers"
    )
    print(
        f"join ack p50/p99: {base['ack_p50']:.1f}/{base['ack_p99']:.1f} ms without the lobby, "
        f"{lobby['ack_p50']:.1f}/{lobby['ack_p99']:.1f} ms with it "
        f"(p99 ratio {lobby['ack_p99'] / base['ack_p99']:.2f})"
    )
    per_second = lobby["frames_max"] / lobby["seconds"]
    print(
        f"lobby: {lobby['reads']:.0f} reads in {lobby['seconds']:.1f} s; each follower at most "
        f"{lobby['frames_max']:.0f} frames ({per_second:.2f}/s), "
        f"{lobby['bytes_mean'] / 1024:.0f} KiB on average"
    )
    print(
        f"a seat shown in a follower's lobby: p50 {lobby['shown_p50']:.0f} ms, "
        f"p99 {lobby['shown_p99']:.0f} ms ({lobby['shown']:.0f} of {lobby['joined']:.0f} "
        "joins: a seat that fills its table takes the table out of the lobby)"
    )
    print(load())


if __name__ == "__main__":
    main()
