"""How long a ban takes to close the banned player's socket (issue 36: 7.7 s, promised 2 s).

    python benchmarks/bench_bans.py [--rounds 5]                       # one process, SQLite
    python benchmarks/bench_bans.py --processes 3 --db postgresql://...?schema=x \\
        --broker redis://...?prefix=x [--tell]                           # several processes

Starts `--processes` real `motamot serve` processes (on a SQLite file of a temporary
folder, or on `--db` and `--broker`), then each round: Ana makes a room on the first, Troll
joins it and opens the room's socket on the next process, and the operator runs
`motamot admin ban Troll` as a command of its own (its start counts, as it did for the
volunteer), with `--broker` when `--tell` is given. Prints, per round, the command's own
time and how long after its end the socket was told and closed, then the median and the
worst, with the load average before and after (the machine is shared: the figures move
with it). Each process looks at the bans every 0.5 s (`server.players.bans`); a ban told
over the broker, or made from the moderation page, is read at once.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from tests.cli.test_admin_moderation import Browser, told_and_closed, two_players  # noqa: E402
from tests.server.live import LiveServer  # noqa: E402


def ban(db: str, broker: str | None, *more: str) -> float:
    """Run `motamot admin <more> --db DB` as its own process; the seconds it took."""
    command = [sys.executable, "-m", "motamot", "admin", *more, "--db", db]
    if broker is not None:
        command += ["--broker", broker]
    started = time.monotonic()
    subprocess.run(command, check=True, capture_output=True)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--db", default=None, help="postgresql://... (several processes)")
    parser.add_argument("--broker", default=None, help="redis://... (several processes)")
    parser.add_argument("--tell", action="store_true", help="ban with --broker")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-bans-"))
    db = args.db or str(folder / "rooms.sqlite3")
    extra = ["--db", db, "--broker", args.broker] if args.broker else []
    servers = [
        LiveServer(folder / f"p{n}.sqlite3" if args.db else Path(db), args=extra)
        for n in range(args.processes)
    ]
    print(f"load before: {os.getloadavg()}")
    closes = []
    try:
        for server in servers:
            server.start()
        for n in range(args.rounds):
            played = two_players(servers[0])
            there = Browser(servers[(n + 1) % len(servers)], played.troll.cookies)
            socket = there.socket(played.room, played.troll_token)
            command = ban(db, args.broker if args.tell else None, "ban", "Troll")
            ended = time.monotonic()
            said = told_and_closed(socket, 10)
            closed = time.monotonic() - ended
            closes.append(closed)
            print(f"round {n + 1}: command {command:.2f} s, closed {closed:.2f} s after, {said}")
            ban(db, None, "unban", "Troll")
            played.close()
            there.close()
            time.sleep(1.0)  # every process has read the unban
    finally:
        for server in servers:
            server.stop()
    print(f"closed after the command: median {statistics.median(closes):.2f} s,")
    print(f"  worst {max(closes):.2f} s; load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
