"""Duplicate benchmark: `python benchmarks/bench_duplicate.py` (500 players at one table).

Issue 24's target: 500 players at one live duplicate table (Topword, D1-D6) on one `motamot
serve` process (its own process, SQLite, every move stored before its answer), every
player submitting in the last 20 s of a turn; every submission acknowledged within 100 ms
at p99, and every player holding the turn's results less than 2 s after its deadline.

The run: a fresh server in a temporary folder; a table created over HTTP with a short turn
clock (`--turn-seconds`), the other players joining it over HTTP (each its own lasting
identity: no cookie is kept); client processes (`--clients`, one per 250 players) open
one socket per player, each from a loopback address of its own; the host starts the
game and every page plays `--turns` turns as `load/duplicate.py` says: moves of any
strength from the engine's generator on the board and rack it sees, previews, replaced
and refused moves, at random times in the turn's last `--window` seconds. The server's
CPU and memory are read from /proc twice a second.

Printed: the machine's load (`os.getloadavg()`) at start and end; seating and socket
times; every answer's time from its sending (p50/p99/max, the sockets' own latency
included) by kind and over the turns; when every player held each turn's results after
its deadline (p50/p99/max); late submissions (refused after the deadline), answers that
never came, closes, errors; the server's CPU and memory; the server's own view of its
answers; what it wrote on stderr; the clients' CPU (they share the machine's cores);
and a verdict line against the targets.

Issue 38's targets: 60 players at one table (`--players 60 --results-target 1`):
submissions p99 < 100 ms, results < 1 s after each deadline. The simultaneous (D10, D11:
`--rooms 20 --players 100 --processes 3`): a numbered game saved first, then `--rooms`
rooms with an arbiter (who starts the game and plays nothing) and `--players` players
each playing it, on `--processes` server processes over one PostgreSQL schema and Redis
(MOTAMOT_TEST_POSTGRES, MOTAMOT_TEST_REDIS), room r owned by process r mod P; besides
the above, every process is asked for the combined ranking four times a second, and the
ranking's delay is when each process first counts a turn in every room, after the last
room's deadline of that turn (target < 2 s; submissions p99 < 200 ms).

    python benchmarks/bench_duplicate.py [--players 500] [--turns 3] [--turn-seconds 40]
                                         [--window 20] [--results-target 2]
                                         [--rooms 1] [--processes 1] [--ack-target 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import multiprocessing
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

import httpx2  # noqa: E402
from bench_arena import gather, server_view  # noqa: E402
from load.duplicate import DuplicateRecord, DuplicateSeat, client_main  # noqa: E402
from load.figures import Spread  # noqa: E402
from load.seating import NoCookies, source_address  # noqa: E402
from load.servers import Samples, log_summary, store_for  # noqa: E402
from load.simultaneous import RankingWatch, Rooms, numbered_game, seat_rooms  # noqa: E402

from motamot.service.duplicate.room import MAX_PLAYERS  # noqa: E402
from tests.scale.processes import servers  # noqa: E402

#: The targets of issue 24 (one table); issue 38's simultaneous: its submissions, and its
#: combined ranking after each turn.
ACK_TARGET, RESULTS_TARGET = 0.100, 2.0
SIMULTANEOUS_ACK_TARGET, RANKING_TARGET = 0.200, 2.0
#: Joins over HTTP at once.
SEATING_AT_ONCE = 32
#: Players a client process plays (each its own event loop).
PER_CLIENT = 250
#: The server logs warnings and errors only (not every request and socket).
QUIET = ("--log-level", "warning")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    add = parser.add_argument
    add("--players", type=int, default=500, help=f"players at the table (1-{MAX_PLAYERS})")
    add("--turns", type=int, default=3, help="turns measured")
    add("--turn-seconds", type=float, default=40.0, help="the table's turn clock (5-3600 s)")
    add("--window", type=float, default=20.0, help="players act in the turn's last S seconds")
    add("--clients", type=int, default=0, help=f"client processes (0: one per {PER_CLIENT})")
    add("--opening", type=int, default=50, help="sockets each client opens at once")
    add("--rooms", type=int, default=1, help="rooms playing one numbered game (simultaneous)")
    add("--processes", type=int, default=1, help="server processes (over PostgreSQL + Redis)")
    add("--ack-target", type=float, default=None, help="submissions' p99 target (seconds)")
    add("--results-target", type=float, default=RESULTS_TARGET, help="results target (s)")
    args = parser.parse_args()
    args.simultaneous = args.rooms > 1 or args.processes > 1
    if args.ack_target is None:
        args.ack_target = SIMULTANEOUS_ACK_TARGET if args.simultaneous else ACK_TARGET
    if args.rooms < 1 or args.processes < 1:
        parser.error("--rooms and --processes at least 1")
    if not 1 <= args.players <= MAX_PLAYERS or not 5 <= args.turn_seconds <= 3600:
        parser.error(f"--players 1-{MAX_PLAYERS}, --turn-seconds 5-3600")
    if not 0 < args.window <= args.turn_seconds or args.turns < 1:
        parser.error("--window within the turn, --turns at least 1")
    return args


@dataclass
class Seating:
    seats: list[DuplicateSeat]
    seconds: float
    refused: list[str]


async def seat_players(base: str, count: int, turn_seconds: float) -> Seating:
    """The table (its creator is the host) and every other player's seat at it, each
    under an identity of its own."""
    gate = asyncio.Semaphore(SEATING_AT_ONCE)
    refused: list[str] = []
    jar = http.cookiejar.CookieJar(policy=NoCookies())
    limits = httpx2.Limits(max_connections=SEATING_AT_ONCE)
    started = time.time()
    client = httpx2.AsyncClient(limits=limits, timeout=60, trust_env=False, cookies=jar)
    async with client as web:
        form = {"name": "Joueur 0", "turn_seconds": turn_seconds}
        answer = await web.post(f"{base}/api/duplicate", json=form)
        answer.raise_for_status()
        made = answer.json()
        room = made["room"]
        host = DuplicateSeat(room, made["token"], base, source_address(0), True)

        async def one(index: int) -> DuplicateSeat | None:
            async with gate:
                answer = await web.post(
                    f"{base}/api/rooms/{room}/join", json={"name": f"Joueur {index}"}
                )
            if answer.status_code != 200:
                refused.append(f"{answer.status_code} {answer.text[:80]}")
                return None
            return DuplicateSeat(room, answer.json()["token"], base, source_address(index))

        seated = await asyncio.gather(*(one(i) for i in range(1, count)))
    seats = [host, *(seat for seat in seated if seat is not None)]
    return Seating(seats, time.time() - started, refused)


def spawn(clients: int, args: argparse.Namespace) -> list[Any]:
    """The client processes (each loads its word list while the players are seated)."""
    context = multiprocessing.get_context("spawn")
    out = []
    for _ in range(clients):
        ours, theirs = context.Pipe()
        process = context.Process(
            target=client_main,
            args=(theirs, args.turns, args.window, args.opening),
            daemon=True,
        )
        process.start()
        out.append((ours, process))
    return out


def _load(load: tuple[float, float, float]) -> str:
    return " / ".join(f"{x:.2f}" for x in load)


def _top(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items(), key=lambda i: -i[1])) or "-"


def _count(values: Any) -> dict[str, int]:
    found: dict[str, int] = {}
    for value in values:
        found[str(value)] = found.get(str(value), 0) + 1
    return found


@dataclass
class Timing:
    """When the measured turns ran, from the first page that saw them."""

    first_start: float
    last_deadline: float


def report(
    args: argparse.Namespace,
    seating: Seating | Rooms,
    opened: int,
    records: list[DuplicateRecord],
    client_cpu: list[float],
    samples: Samples,
    loads: tuple[tuple[float, float, float], tuple[float, float, float]],
    played: tuple[float, float],
    extra: list[str],
    watch: RankingWatch | None = None,
) -> tuple[list[str], bool]:
    answers = [a for r in records for a in r.answers if a[1] != "start"]
    submits = [a for a in answers if a[1] != "preview"]
    previews = [a for a in answers if a[1] == "preview"]
    acked = Spread.of(seconds for _, _, seconds, _ in submits)
    slow = sum(seconds >= args.ack_target for _, _, seconds, _ in submits)
    late = sum(outcome == "after_deadline" for _, _, _, outcome in submits)
    lines = [
        f"{os.cpu_count()} cores; load average at start {_load(loads[0])}, "
        f"at end {_load(loads[1])}",
        (
            f"a simultaneous: {args.rooms} rooms on {args.processes} processes (PostgreSQL + "
            f"Redis), {len(seating.seats):,} seats (an arbiter a room), turn clock "
            if args.simultaneous
            else f"one duplicate table, {len(seating.seats):,} players, turn clock "
        )
        + f"{args.turn_seconds:g} s, moves in each turn's last {args.window:g} s, "
        f"{args.turns} turn(s) measured",
        f"seating: {len(seating.seats):,} seats over HTTP in {seating.seconds:.1f} s"
        + (f", {len(seating.refused)} refused: {seating.refused[:3]}" if seating.refused else ""),
        f"sockets welcomed: {opened:,} of {len(seating.seats):,}",
        f"submissions: {len(submits):,} answered ({_top(_count(a[1] for a in submits))}); "
        f"answers {_top(_count(a[3] for a in submits))}",
        f"submission → answer: {acked.ms()}; {slow} at or over "
        f"{args.ack_target * 1000:.0f} ms, {late} late (after the deadline)",
        f"previews: {len(previews):,} answered, {Spread.of(a[2] for a in previews).ms()}",
    ]
    for turn in range(1, args.turns + 1):
        mine = Spread.of(a[2] for a in submits if a[0] == turn)
        lines.append(f"  turn {turn}: {mine.count:,} submissions, {mine.ms()}")
    results_ok = True
    for turn in range(1, args.turns + 1):
        got = [r.results[turn] for r in records if turn in r.results]
        results_ok = results_ok and len(got) == len(records)
        spread = Spread.of(got)
        results_ok = results_ok and bool(got) and spread.p99 < args.results_target
        lines.append(
            f"turn {turn} results after its deadline: {len(got):,} of {len(records):,} "
            f"players, p50 {spread.p50:.2f} s, p99 {spread.p99:.2f} s, max {spread.top:.2f} s"
        )
    start, end = played
    cpu = samples.cpu_between(start, end)
    rss = max((max(row[2]) for row in samples.rows), default=0.0)
    frames = sum(r.frames for r in records)
    busy = [row for row in samples.machine if start <= row[0] <= end]
    machine = (busy[-1][1] - busy[0][1]) / max(busy[-1][0] - busy[0][0], 1e-9) if busy else 0.0
    backing = busy[-1][3] - busy[0][3] if busy else 0.0
    lines += [
        f"server CPU: {cpu:.1f} s over the {end - start:.0f} s of play "
        f"({cpu / max(end - start, 1e-9) * 100:.0f} % of a core); RSS at most {rss:.0f} MB; "
        f"the whole machine busy {machine:.2f} of its {os.cpu_count()} cores meanwhile "
        f"(the server, the clients and whatever else runs)",
        *(
            [f"PostgreSQL's and Redis's CPU meanwhile: {backing:.1f} s (theirs: anyone's use)"]
            if args.simultaneous
            else []
        ),
        f"frames to the pages: {frames:,} ({frames / max(len(records), 1):.0f} a page); "
        f"holes in the seqs: {sum(r.gaps for r in records)}; pongs: "
        f"{sum(r.pongs for r in records):,}",
        f"unanswered: {sum(r.unanswered for r in records)}; closes by the server: "
        f"{_top(_count(c[0] for r in records for c in r.closes))}; socket failures: "
        f"{sum(len(r.open_failures) for r in records)}; errors: "
        f"{_top(_count(e for r in records for e in r.errors))}",
        f"games ended early: {_top(_count(r.ended for r in records if r.ended))}",
        f"clients' CPU: {', '.join(f'{c:.0f} s' for c in client_cpu)}",
        *extra,
    ]
    ranked, ranking_ok = "", True
    if watch is not None:
        ranking_lines, ranking_ok = ranking_report(args, records, watch)
        lines += ranking_lines
        ranked = f"; the ranking within {RANKING_TARGET:g} s: {'met' if ranking_ok else 'NOT met'}"
    ack_ok = bool(submits) and acked.p99 < args.ack_target and not late
    broken = sum(len(r.closes) + len(r.open_failures) + r.unanswered for r in records)
    ok = ack_ok and results_ok and ranking_ok and not broken
    lines.append(
        f"verdict: submissions p99 {acked.p99 * 1000:.1f} ms (target < "
        f"{args.ack_target * 1000:.0f} ms): {'met' if ack_ok else 'NOT met'}; results p99 "
        f"within {args.results_target:g} s for every turn: {'met' if results_ok else 'NOT met'}"
        + ranked
        + ("" if not broken else f"; {broken} closed, failed or unanswered")
        + f" — {'PASS' if ok else 'FAIL'} (load at end {_load(loads[1])})"
    )
    return lines, ok


def ranking_report(
    args: argparse.Namespace, records: list[DuplicateRecord], watch: RankingWatch
) -> tuple[list[str], bool]:
    """Each turn: when every process's ranking counted it in every room, after the last
    room's deadline of that turn (the rooms start a moment apart)."""
    lines, ok = [], True
    asked = Spread.of(seconds for seconds, _ in watch.answers)
    size = max((size for _, size in watch.answers), default=0)
    lines.append(
        f"the combined ranking: {len(watch.answers):,} answers from {len(watch.addresses)} "
        f"processes, {watch.players:,} players ranked, answer {asked.ms()}, at most "
        f"{size / 1024:.0f} KB; failures {_top(_count(watch.failures))}"
    )
    for turn in range(1, args.turns + 1):
        deadlines = [r.deadlines[turn] for r in records if turn in r.deadlines]
        shown = [watch.shown.get((p, turn)) for p in range(len(watch.addresses))]
        if not deadlines or None in shown:
            ok = False
            lines.append(f"turn {turn}: the ranking never counted it everywhere")
            continue
        last = max(deadlines)
        delays = [at - last for at in shown if at is not None]
        ok = ok and max(delays) < RANKING_TARGET
        lines.append(
            f"turn {turn} in the ranking after the last deadline (rooms' deadlines "
            f"{last - min(deadlines):.2f} s apart): "
            + ", ".join(f"process {p + 1} {d:.2f} s" for p, d in enumerate(delays))
        )
    return lines, ok


async def run(args: argparse.Namespace, folder: Path) -> tuple[list[str], bool]:
    if args.simultaneous:
        with store_for("scale", folder, "simultaneous") as store:
            return await play(args, folder, store.db, store.broker)
    return await play(args, folder, str(folder / "rooms.sqlite3"), None)


async def play(
    args: argparse.Namespace, folder: Path, db: str, broker: str | None
) -> tuple[list[str], bool]:
    load_start = os.getloadavg()
    everyone = args.players * args.rooms
    clients = args.clients or max(1, -(-everyone // PER_CLIENT))
    log_path = folder / "serve.stderr"
    env = {"MOTAMOT_DATA_DIR": str(folder)}
    with (
        open(log_path, "wb") as log,
        servers(args.processes, db, broker, None, env=env, log=log, args=QUIET) as processes,
    ):
        addresses = [server.address for server in processes]
        samples = Samples([server.process.pid for server in processes], backed=broker is not None)
        sampler = asyncio.create_task(samples.run())
        started = spawn(clients, args)
        pipes = [pipe for pipe, _ in started]
        watch, watching = None, None
        seating: Seating | Rooms
        try:
            if args.simultaneous:
                game = await numbered_game(addresses[0])
                seating = await seat_rooms(
                    addresses, args.rooms, args.players, args.turn_seconds, game
                )
                watch = RankingWatch(addresses, args.rooms)
                watching = asyncio.create_task(watch.run())
            else:
                seating = await seat_players(addresses[0], args.players, args.turn_seconds)
            print(f"seated {len(seating.seats):,} in {seating.seconds:.1f} s", flush=True)
            await asyncio.to_thread(gather, pipes, "ready", 120)
            for index, pipe in enumerate(pipes):
                pipe.send(("open", seating.seats[index :: len(pipes)]))
            opened = sum(m[1] for m in await asyncio.to_thread(gather, pipes, "opened", 120))
            print(f"{opened:,} sockets welcomed; the game starts", flush=True)
            play_start = time.time()
            stop_at = play_start + args.turns * args.turn_seconds + 30
            for pipe in pipes:
                pipe.send(("play", stop_at))
            done = await asyncio.to_thread(gather, pipes, "done", stop_at - time.time() + 60)
            play_end = time.time()
            seen = []
            for number, address in enumerate(addresses, 1):
                told = await asyncio.to_thread(server_view, address)
                seen += [
                    f"process {number}: {line}" if len(addresses) > 1 else line for line in told
                ]
        finally:
            if watching is not None:
                watching.cancel()
            for _, process in started:
                if process.is_alive():
                    process.kill()
                process.join(10)
            sampler.cancel()
    records = [record for message in done for record in message[1]]
    cpu = [message[2] for message in done]
    loads = (load_start, os.getloadavg())
    extra = seen + log_summary(log_path)
    return report(
        args, seating, opened, records, cpu, samples, loads, (play_start, play_end), extra, watch
    )


def main() -> None:
    args = parse()
    with tempfile.TemporaryDirectory() as folder:
        lines, ok = asyncio.run(run(args, Path(folder)))
        for line in lines:
            print(line, flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
