"""Server benchmark that plays like people: `python benchmarks/bench_server.py`.

The targets of issue 27 (each run well under 10 minutes; servers and client
processes are stopped in `finally`):

    # one process, SQLite, rooms of 4: 2,000 and 4,000 players steady
    python benchmarks/bench_server.py --players 2000
    python benchmarks/bench_server.py --players 4000
    # 2,000 players ending their rounds together (and 500 more whose rooms start
    # 30 s later, so that they play through the others' end)
    python benchmarks/bench_server.py --players 2500 --later 0.2
    # three processes over PostgreSQL + Redis, players routed by room as the README's nginx
    python benchmarks/bench_server.py --store scale --processes 3 --route room --players 2000
    # ten rounds in a row (RSS after each round, the tenth against the second)
    python benchmarks/bench_server.py --players 2000 --rounds 10 --round-seconds 20 --old-seconds 0

Each run starts fresh servers (`motamot serve`: one process on a SQLite file in a
temporary folder, or `--processes N` over the machine's PostgreSQL and Redis,
MOTAMOT_TEST_POSTGRES and MOTAMOT_TEST_REDIS, in a schema and key prefix of
its own), seats the players over the HTTP API (a room created on any
process; with `--route room` its joins and sockets go to the process its id
hashes to), then client processes (whole rooms each, `--clients`; the later-started rooms in one
of their own) open one
websocket per player, each from a loopback address of its own (127.10.x.y: the
server keeps a flood bucket per address), and play as browsers do
(load/browser.py): hello with token and last_seq, resync on a gap, a ping
every 5 s, reconnect with back-off.
The `people` model (load/model.py): Poisson words (mean 4.5 s) that are mostly
new words of the grid (stored, broadcast), some junk (stored, refused by the
dictionary), few repeats (duplicate_entry, answered from memory); each host
starts `--rounds` rounds of `--round-seconds`, the last `--later` share of the
rooms half a round after the others, each next round `--pause` s after its
results.

Printed (load/figures.py says what each figure counts): the machine's load at
start and end; seating and connection time; the steady word-ack p50/p99/max
and the server's CPU per word; the first seconds' p99; each group's round
end (deadline → results per player, the words of the rooms still playing
meanwhile, RSS before → after); ping RTT; every word's answer (and the ones
lost to a close or never answered, counted at their wait); resyncs,
reconnects and every close the server made, with its code; what the servers
wrote on stderr; the load generator's own CPU and event-loop lag; and how busy
the machine was meanwhile, split into the server, the clients, PostgreSQL +
Redis and everything else. The machine is shared: when "everything else" holds
more than a few tenths of a core, the latencies include waiting for a core
(the CPU seconds per word and per round end, and the RSS, change little).
Then, unless `--old-seconds 0`, one line of the old model on a fresh server
(a word every 2 s, half of them one junk word repeated, rounds never end),
the same players and rooms, to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from load.model import OLD, PEOPLE  # noqa: E402
from load.report import report_old, report_people  # noqa: E402
from load.run import Setup, auto_clients, run  # noqa: E402

#: Most players one run takes (sockets and memory of a 2-core machine).
MAX_PLAYERS = 4000


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    add = parser.add_argument
    add("--players", default="2000", help="players per run; a list runs each in turn")
    add("--room-size", type=int, default=4)
    add("--later", type=float, default=0.2, help="share of rooms starting half a round later")
    add("--round-seconds", type=float, default=60.0)
    add("--rounds", type=int, default=1, help="rounds in a row per room")
    add("--pause", type=float, default=3.0, help="seconds from results to the next start")
    add("--store", choices=("sqlite", "scale"), default="sqlite")
    add("--processes", type=int, default=1, help="server processes (with --store scale)")
    add("--route", choices=("room", "spread"), default="room")
    add(
        "--clients",
        type=int,
        default=0,
        help="client processes (0: one per 1,000 players starting first, one for the later)",
    )
    add("--opening", type=int, default=100, help="sockets each client opens at once")
    add("--old-seconds", type=float, default=15.0, help="old model's window (0: none)")
    args = parser.parse_args()
    if args.processes > 1 and args.store != "scale":
        parser.error("several processes need --store scale (PostgreSQL + Redis)")
    if not 2 <= args.room_size <= 8 or not 0 <= args.later < 1 or args.rounds < 1:
        parser.error("--room-size 2-8, --later in [0, 1), --rounds ≥ 1")
    if not 10 <= args.round_seconds <= 600:
        parser.error("--round-seconds between 10 and 600")
    return args


def setups(args: argparse.Namespace, players: int) -> tuple[Setup, Setup | None]:
    people = Setup(
        players=players,
        size=args.room_size,
        later=args.later,
        store=args.store,
        processes=args.processes,
        route=args.route,
        round_seconds=args.round_seconds,
        rounds=args.rounds,
        pause=args.pause,
        clients=args.clients or auto_clients(players, args.later),
        opening=args.opening,
        model=PEOPLE,
        window=0.0,
    )
    if args.old_seconds <= 0:
        return people, None
    return people, replace(people, model=OLD, later=0.0, rounds=1, window=args.old_seconds)


def main() -> None:
    args = parse()
    counts = [int(n) for n in args.players.split(",")]
    if any(not 1 <= n <= MAX_PLAYERS for n in counts):
        sys.exit(f"--players: between 1 and {MAX_PLAYERS:,}")
    uptime = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout
    print(f"{os.cpu_count()} cores; uptime: {uptime.strip()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            people, old = setups(args, count)
            outcome = asyncio.run(run(people, Path(folder), f"people-{count}"))
            print(f"== people model, {count:,} players", flush=True)
            for line in report_people(outcome):
                print(line, flush=True)
            if old is not None:
                print(report_old(asyncio.run(run(old, Path(folder), f"old-{count}"))), flush=True)


if __name__ == "__main__":
    main()
