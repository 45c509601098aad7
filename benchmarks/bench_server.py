"""Server load benchmark: `python benchmarks/bench_server.py [--players 250,500,1000,2000]`.

    python benchmarks/bench_server.py --store scale --processes 1,2,3 --players 500,1000,2000
    python benchmarks/bench_server.py --store scale --processes 1,2,3 --route room

For each count, a fresh `motamot serve` process (SQLite in a temporary
folder, the default store), or with `--store scale` 1, 2 or 3 processes
over the machine's PostgreSQL and Redis (a fresh schema and key prefix per
run; each room's players spread over the processes in turn, so most of
their words cross Redis to the room's owner), and simulated players on
loopback: asyncio
websocket clients in rooms of 6, each round started by its host, each
player writing a word every 2 s (first word at a random phase). It measures
word-acknowledgement latency (send → the `ack` or `refused` that answers
it, so every word is stored before it counts) over a fixed window and
prints p50/p99 per count, with the machine's load average (the machine is
shared: read figures against it) and the CPU seconds the server processes
used per second of the window. Bounded: at most 2,000 players, a
window of --seconds per count, every socket closed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx2
from websockets.asyncio.client import ClientConnection, connect

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon

ROOM_SIZE = 6
WORD_EVERY = 2.0
MAX_PLAYERS = 2000
#: The latency a count must stay under to count as held (issues 11 and 13).
TARGET_P99_MS = 100.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@dataclass
class Player:
    room: str
    token: str
    host: bool
    #: the server this player talks to
    base: str
    latencies: list[float] = field(default_factory=list)
    sent: dict[int, float] = field(default_factory=dict)
    answered: int = 0
    connected: bool = False


async def make_rooms(bases: list[str], players: int, route: str = "spread") -> list[Player]:
    """Rooms of ROOM_SIZE over HTTP: a creator (the host) and the others joining; room n is
    created on server n; its players go to the servers in turn (`spread`), or all to server
    n + 1 (`room`: what a proxy routing by room gives, the room created elsewhere)."""
    seated: list[Player] = []
    limits = httpx2.Limits(max_connections=32)
    async with httpx2.AsyncClient(limits=limits, timeout=60) as http:

        async def one_room(number: int) -> list[Player]:
            size = min(ROOM_SIZE, players - number * ROOM_SIZE)
            where = bases[number % len(bases)]
            created = (
                await http.post(
                    f"{where}/api/rooms", json={"name": "p0", "duration": 3600, "rounds": 1}
                )
            ).json()
            room = created["room"]
            home = bases[(number + 1) % len(bases)]
            out = [Player(room, created["token"], True, home if route == "room" else where)]
            for index in range(1, size):
                there = home if route == "room" else bases[(number + index) % len(bases)]
                joined = await http.post(
                    f"{there}/api/rooms/{room}/join", json={"name": f"p{index}"}
                )
                assert "token" in joined.json(), (joined.status_code, joined.text)
                out.append(Player(room, joined.json()["token"], False, there))
            return out

        rooms = (players + ROOM_SIZE - 1) // ROOM_SIZE
        for batch in range(0, rooms, 50):
            groups = await asyncio.gather(
                *(one_room(n) for n in range(batch, min(rooms, batch + 50)))
            )
            for group in groups:
                seated.extend(group)
    return seated


async def receive(socket: ClientConnection, player: Player, grids: dict[str, str]) -> None:
    async for frame in socket:
        message = json.loads(frame)
        kind = message["type"]
        if kind in ("ack", "refused"):
            started = player.sent.pop(message["id"], None)
            if started is not None:
                player.latencies.append(time.perf_counter() - started)
                player.answered += 1
        if kind in ("ack", "events"):
            for event in message["events"]:
                if event.get("type") == "boggle.round_started":
                    grids[player.room] = event["grid"]


async def play(
    player: Player,
    words: dict[str, list[str]],
    grids: dict[str, str],
    ready: asyncio.Event,
    go: asyncio.Event,
    stop: asyncio.Event,
    opening: asyncio.Semaphore,
) -> None:
    base_ws = player.base.replace("http://", "ws://")
    address = f"{base_ws}/ws/{player.room}"
    await opening.acquire()  # a few handshakes at a time: a loaded machine answers them all
    try:
        socket = await connect(address, max_queue=None, open_timeout=60)
    finally:
        opening.release()
    async with socket:
        await socket.send(json.dumps({"type": "hello", "token": player.token}))
        player.connected = True
        reader = asyncio.create_task(receive(socket, player, grids))
        await ready.wait()
        if player.host:
            await socket.send(json.dumps({"type": "start", "id": 0}))
        await go.wait()
        rng = random.Random(player.token)
        await asyncio.sleep(rng.random() * WORD_EVERY)
        number = 1
        while not stop.is_set():
            room_words = words.get(player.room) or ["ZZZ"]
            text = room_words[rng.randrange(len(room_words))]
            player.sent[number] = time.perf_counter()
            await socket.send(json.dumps({"type": "word", "text": text, "id": number}))
            number += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), WORD_EVERY)
        await asyncio.sleep(1.0)  # let the last answers come in
        reader.cancel()


async def loop_lag(lags: list[float], every: float = 0.01) -> None:
    """How late the simulated players' own event loop wakes (their share of a latency)."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - asked - every)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process `pid` has used (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_level(
    players: int,
    seconds: float,
    folder: Path,
    store: str,
    processes: int = 1,
    scale: tuple[str, str] | None = None,
    route: str = "spread",
) -> dict[str, float]:
    """One count on `processes` servers (with `scale` = (db URL, broker URL): a cluster)."""
    env = {**os.environ, "MOTAMOT_DATA_DIR": str(folder)}
    profile = os.environ.get("BENCH_PROFILE")
    runner = ["-m", "cProfile", "-o", profile, "-m"] if profile else ["-m"]
    command = [sys.executable, *runner, "motamot", "serve", "--host", "127.0.0.1"]
    if scale is not None:
        command += ["--db", scale[0], "--broker", scale[1]]
    elif store == "memory":
        command += ["--db", "memory"]
    else:
        command += ["--db", str(folder / f"bench-{players}.sqlite3")]
    ports = [free_port() for _ in range(processes)]
    servers = [
        subprocess.Popen([*command, "--port", str(port)], env=env, stdout=subprocess.DEVNULL)
        for port in ports
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for port in ports:
            for _ in range(300):
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), 0.2).close()
                    break
                await asyncio.sleep(0.1)
        seated = await make_rooms(bases, players, route)
        grids: dict[str, str] = {}
        words: dict[str, list[str]] = {}
        ready, go, stop = asyncio.Event(), asyncio.Event(), asyncio.Event()
        opening = asyncio.Semaphore(50)
        tasks = [
            asyncio.create_task(play(p, words, grids, ready, go, stop, opening)) for p in seated
        ]
        for _ in range(600):  # every socket open and said hello (at most a minute)
            if all(p.connected for p in seated):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)
        ready.set()
        rooms = {p.room for p in seated}
        for _ in range(200):
            if len(grids) == len(rooms):
                break
            await asyncio.sleep(0.1)
        rules, lexicon = get_preset("classic-fr"), load_lexicon("fr")
        for room, grid in grids.items():  # half real words, half junk the referee refuses
            found = [w.word for w in solve(parse_grid(grid), rules, lexicon).words]
            words[room] = found + ["XQZW"] * max(1, len(found))
        go.set()
        await asyncio.sleep(WORD_EVERY)  # warm-up: the first words of every player
        for player in seated:
            player.latencies.clear()
        load_before = os.getloadavg()[0]
        cpu_before = sum(cpu_seconds(server.pid) for server in servers)
        client_before = time.process_time()
        lags: list[float] = []
        probe = asyncio.create_task(loop_lag(lags))
        await asyncio.sleep(seconds)
        probe.cancel()
        client_cpu = time.process_time() - client_before
        cpu = sum(cpu_seconds(server.pid) for server in servers) - cpu_before
        load_after = os.getloadavg()[0]
        stop.set()
        await asyncio.wait(tasks, timeout=30)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(10)
    latencies = sorted(x for p in seated for x in p.latencies)
    lost = sum(len(p.sent) for p in seated)
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {
        "processes": processes,
        "players": players,
        "words": len(latencies),
        "rate": len(latencies) / seconds,
        "p50": quantiles[49] * 1000,
        "p99": quantiles[98] * 1000,
        "unanswered": lost,
        "load": (load_before + load_after) / 2,
        "cpu": cpu / seconds,
        "client_cpu": client_cpu / seconds,
        "client_lag": (statistics.quantiles(lags, n=100)[98] if len(lags) > 1 else 0.0) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="250,500,1000,2000")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per count")
    parser.add_argument(
        "--store",
        choices=("sqlite", "memory", "scale"),
        default="sqlite",
        help="scale: PostgreSQL + Redis (MOTAMOT_TEST_POSTGRES, MOTAMOT_TEST_REDIS)",
    )
    parser.add_argument("--processes", default="1", help="server processes (with --store scale)")
    parser.add_argument(
        "--route",
        choices=("spread", "room"),
        default="spread",
        help="spread: a room's players over every process; room: all on one (nginx hash by room)",
    )
    args = parser.parse_args()
    counts = [min(MAX_PLAYERS, int(n)) for n in args.players.split(",")]
    spreads = [int(n) for n in args.processes.split(",")]
    if args.store != "scale" and spreads != [1]:
        parser.error("several processes need --store scale (PostgreSQL + Redis)")
    print(
        f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.2f}; "
        f"store {args.store}; players routed: {args.route}"
    )
    print(
        f"{'procs':>5} {'players':>8} {'words':>7} {'words/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'unanswered':>10} {'load':>6} {'cpu/s':>6} {'client cpu/s':>12} {'client lag p99':>14}"
    )
    held: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as folder:
        for processes in spreads:
            for count in counts:
                with _backends(args.store) as scale:
                    row = asyncio.run(
                        run_level(
                            count,
                            args.seconds,
                            Path(folder),
                            args.store,
                            processes,
                            scale,
                            args.route,
                        )
                    )
                if row["p99"] < TARGET_P99_MS and row["unanswered"] == 0:
                    held[processes] = max(held.get(processes, 0), count)
                print(
                    f"{row['processes']:>5} {row['players']:>8} {row['words']:>7} "
                    f"{row['rate']:>8.0f} {row['p50']:>8.1f} {row['p99']:>8.1f} "
                    f"{row['unanswered']:>10} {row['load']:>6.2f} {row['cpu']:>6.2f} "
                    f"{row['client_cpu']:>12.2f} {row['client_lag']:>14.1f}",
                    flush=True,
                )
    for processes in spreads:
        print(
            f"{processes} process(es): {held.get(processes, 0)} players held "
            f"at p99 < {TARGET_P99_MS:.0f} ms (of the counts tried)"
        )


@contextlib.contextmanager
def _backends(store: str) -> Iterator[tuple[str, str] | None]:
    """A fresh PostgreSQL schema and Redis key prefix for a `scale` run (removed after)."""
    if store != "scale":
        yield None
        return
    import psycopg
    import redis

    db = os.environ.get("MOTAMOT_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
    broker = os.environ.get("MOTAMOT_TEST_REDIS", "redis://127.0.0.1:6379/0")
    name = f"bench_{os.getpid()}_{time.monotonic_ns()}"
    try:
        yield f"{db}?schema={name}", f"{broker}?prefix={name}"
    finally:
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        client = redis.Redis.from_url(broker)
        keys = list(client.scan_iter(match=f"{name}:*"))
        if keys:
            client.delete(*keys)
        client.close()


if __name__ == "__main__":
    main()
