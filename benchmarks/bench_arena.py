"""Arena benchmark: `python benchmarks/bench_arena.py` (2,000 players in one arena).

Issue 23's target: 2,000 players in one arena round on one `motamot serve` process (its
own process, SQLite, every word stored), each writing a word every 4 s on average at
Poisson times (words of the grid and letters that are no word, a few repeats), pinging
every 5 s, a few dropping their socket once mid-round and coming back; the p99 of a
word's verdict under 100 ms, and every player holding the round's results less than
2 s after its deadline.

The run: a fresh server in a temporary folder, with the arena's real 3-minute round and
a pause of 30 to 40 s chosen so that a round's results begin soon (the schedule is fixed
from its epoch); during that pause every player takes a seat over HTTP (each its own
lasting identity: no cookie is kept), so that all of them are in the next round; then
client processes (`--clients`, one per 1,000 players) open one socket per player, each
from a loopback address of its own, and play the round as the page does
(`load/arena.py`). The server's CPU and memory are read from /proc twice a second.

Printed: the machine's load (`os.getloadavg()`) at start and end; seating and socket
times; the words written and their verdicts' p50/p99/max (from the word's sending to its
answer, the sockets' own latency included); when every player held the results after
the deadline (p50/p99/max, and how many got them); the server's CPU during the round
and at its end, its memory; the pings; the reconnects; what the server wrote on stderr;
the clients' CPU (they share the machine's 2 cores with the server).

Issue 41's target, one arena of 7,000 players over three processes (`--store scale
--processes 3`: PostgreSQL + Redis from MOTAMOT_TEST_POSTGRES and MOTAMOT_TEST_REDIS, in
a schema and key prefix of its own, as bench_server.py's): the players are spread, the
i-th player's seat and socket on process i mod N (load/seating.py's `spread`), so that
the round's owner has a third of them and the others relay their words to it. Printed
besides: the store and processes in the header, each process's CPU and memory,
PostgreSQL's and Redis's CPU, how busy the machine was during the round, and the
verdicts' latency of the round's first 5 s, its middle and its last 5 s apart.

    python benchmarks/bench_arena.py [--players 2000] [--round-seconds 180] [--gap 4]
    python benchmarks/bench_arena.py --store scale --processes 3 --players 7000
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import math
import multiprocessing
import os
import random
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
from load.arena import ArenaRecord, ArenaSeat, client_main  # noqa: E402
from load.figures import Spread  # noqa: E402
from load.model import Model  # noqa: E402
from load.seating import NoCookies, source_address, spread  # noqa: E402
from load.servers import Samples, log_summary, store_for  # noqa: E402

from motamot.service.arena.schedule import ArenaSchedule  # noqa: E402
from tests.scale.processes import servers  # noqa: E402

#: The targets of issue 23.
P99_TARGET, RESULTS_TARGET = 0.100, 2.0
#: Seats taken over HTTP at once.
SEATING_AT_ONCE = 64
#: Seconds a fresh server takes to answer, at most, and the seating's margin in the pause.
STARTUP_SECONDS, MARGIN_SECONDS = 20.0, 2.0
#: Most players a server process takes (sockets and memory of a 2-core machine).
PER_PROCESS = 4000


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    add = parser.add_argument
    add("--players", type=int, default=2000)
    add("--round-seconds", type=int, default=180, help="the arena's round (5-3600 s)")
    add("--gap", type=float, default=4.0, help="mean seconds between a player's words")
    add("--reconnects", type=float, default=0.02, help="share of players dropping once")
    add("--clients", type=int, default=0, help="client processes (0: one per 1,000 players)")
    add("--opening", type=int, default=100, help="sockets each client opens at once")
    add("--store", choices=("sqlite", "scale"), default="sqlite")
    add("--processes", type=int, default=1, help="server processes (with --store scale)")
    args = parser.parse_args()
    if args.processes < 1 or (args.processes > 1 and args.store != "scale"):
        parser.error("several processes need --store scale (PostgreSQL + Redis)")
    most = PER_PROCESS * args.processes
    if not 1 <= args.players <= most or not 5 <= args.round_seconds <= 3600:
        parser.error(f"--players 1-{most} ({PER_PROCESS} a process), --round-seconds 5-3600")
    return args


def pick_schedule(seconds: int, now: float) -> tuple[ArenaSchedule, int]:
    """A pause of 30 to 40 s whose next results begin soonest after the server is up,
    and the round after them (the measured one)."""
    best: tuple[float, ArenaSchedule, int] | None = None
    for pause in range(30, 41):
        schedule = ArenaSchedule("classic-fr", float(seconds), float(pause))
        number = schedule.number_at(now + STARTUP_SECONDS)
        if schedule.deadline(number) < now + STARTUP_SECONDS:
            number += 1
        wait = schedule.deadline(number) - now
        if best is None or wait < best[0]:
            best = (wait, schedule, number + 1)
    assert best is not None
    return best[1], best[2]


@dataclass
class Seating:
    seats: list[ArenaSeat]
    seconds: float
    refused: list[str]
    #: when the seating began (epoch)
    started: float = 0.0


async def seat_players(bases: list[str], count: int, reconnects: float, seconds: float) -> Seating:
    """Every player's seat in the round to come, each under an identity of its own, the
    `index`-th player's seat and socket on `spread(bases, index)`."""
    rng = random.Random(23)
    gate = asyncio.Semaphore(SEATING_AT_ONCE)
    refused: list[str] = []
    jar = http.cookiejar.CookieJar(policy=NoCookies())
    limits = httpx2.Limits(max_connections=SEATING_AT_ONCE)
    started = time.time()
    client = httpx2.AsyncClient(limits=limits, timeout=60, trust_env=False, cookies=jar)
    async with client as web:

        async def one(index: int) -> ArenaSeat | None:
            base = spread(bases, index)
            async with gate:
                answer = await web.post(
                    f"{base}/api/arena/classic-fr/join", json={"name": f"Joueur {index}"}
                )
            if answer.status_code != 200:
                refused.append(f"{answer.status_code} {answer.text[:80]}")
                return None
            data = answer.json()
            drop = rng.uniform(0.2, 0.8) * seconds if rng.random() < reconnects else None
            return ArenaSeat(data["room"], data["token"], base, source_address(index), drop)

        seated = await asyncio.gather(*(one(i) for i in range(count)))
    seats = [seat for seat in seated if seat is not None]
    return Seating(seats, time.time() - started, refused, started)


def spawn(clients: int, model: Model, opening: int) -> list[Any]:
    """The client processes (each loads its word list while the players are seated)."""
    context = multiprocessing.get_context("spawn")
    out = []
    for _ in range(clients):
        ours, theirs = context.Pipe()
        process = context.Process(target=client_main, args=(theirs, model, opening), daemon=True)
        process.start()
        out.append((ours, process))
    return out


def gather(pipes: list[Any], kind: str, timeout: float) -> list[Any]:
    messages = []
    for pipe in pipes:
        if not pipe.poll(timeout):
            raise TimeoutError(f"no '{kind}' from a client process in {timeout:.0f} s")
        message = pipe.recv()
        if message[0] != kind:
            raise RuntimeError(f"a client process said {message[0]!r}, expected {kind!r}")
        messages.append(message)
    return messages


#: The server's own histograms read from its /metrics at the end, and what they time.
SERVER_HISTOGRAMS = {
    "motamot_ack_seconds": "a seat action's arrival to its answer",
    "motamot_store_append_seconds": "an append until durable",
    "motamot_event_loop_lag_seconds": "the event loop's lag",
}


def server_views(bases: list[str]) -> list[str]:
    """`server_view` of each process (named by its number when there are several)."""
    if len(bases) == 1:
        return server_view(bases[0])
    return [f"process {i}: {line}" for i, base in enumerate(bases) for line in server_view(base)]


def server_view(base: str) -> list[str]:
    """The server's own p50/p99 (bucket bounds) of its answers, appends and loop lag:
    what of a latency is the server's, and what the clients' reading or the network's."""
    from prometheus_client.parser import text_string_to_metric_families

    try:
        text = httpx2.get(f"{base}/metrics", timeout=10, trust_env=False).text
    except httpx2.HTTPError as error:
        return [f"server's /metrics: {error}"]
    lines = []
    for family in text_string_to_metric_families(text):
        if family.name not in SERVER_HISTOGRAMS:
            continue
        buckets = sorted(
            (float(sample.labels["le"]), sample.value)
            for sample in family.samples
            if sample.name.endswith("_bucket")
        )
        total = buckets[-1][1] if buckets else 0
        lines.append(
            f"server's own view, {SERVER_HISTOGRAMS[family.name]}: {total:,.0f}, "
            f"p50 {_bound(buckets, 0.5)}, p99 {_bound(buckets, 0.99)}"
        )
    return lines


def _bound(buckets: list[tuple[float, float]], q: float) -> str:
    """The upper bound of the bucket a histogram's quantile `q` falls in."""
    total = buckets[-1][1] if buckets else 0
    edge = next((le for le, count in buckets if count >= q * total), math.inf)
    return f"≤ {edge * 1000:g} ms" if edge != math.inf else "over 5 s"


def report(
    args: argparse.Namespace,
    schedule: ArenaSchedule,
    number: int,
    seating: Seating,
    records: list[ArenaRecord],
    client_cpu: list[float],
    client_lags: list[tuple[float, float]],
    samples: Samples,
    loads: tuple[tuple[float, float, float], tuple[float, float, float]],
    log: list[str],
) -> list[str]:
    start, deadline = schedule.start(number), schedule.deadline(number)
    words = [w for r in records for w in r.words]
    answered = Spread.of(latency for _, latency, _, _ in words)
    outcomes: dict[str, int] = {}
    for _, _, outcome, _ in words:
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    got = [r.results_at - deadline for r in records if r.results_at is not None]
    results = Spread.of(got)
    players = max((r.players for r in records), default=0)
    pings = Spread.of(p for r in records for p in r.pings)
    last = max(got, default=float("nan"))
    during = samples.cpu_between(start, deadline)
    at_end = samples.cpu_between(deadline, deadline + max(last, 0.0) + 0.5)
    rss = max((max(row[2]) for row in samples.rows), default=0.0)
    cores = os.cpu_count()
    lines = [
        f"{cores} cores; load average at start {_load(loads[0])}, at end {_load(loads[1])}",
        _where(args),
        f"arena round of {schedule.round_seconds:g} s (pause {schedule.pause:g} s), "
        f"{args.players:,} players, a word every {args.gap:g} s on average (Poisson)",
        f"seating: {len(seating.seats):,} seats over HTTP in {seating.seconds:.1f} s"
        + (f", {len(seating.refused)} refused: {seating.refused[:3]}" if seating.refused else ""),
        f"sockets welcomed: {sum(r.welcomed_at is not None for r in records):,}",
        f"words: {len(words):,} answered ({len(words) / schedule.round_seconds:.0f}/s), "
        f"{sum(r.unanswered for r in records)} unanswered; outcomes {_top(outcomes)}",
        f"word verdict latency: {answered.ms()} — target p99 < {P99_TARGET * 1000:.0f} ms: "
        + ("met" if answered.p99 < P99_TARGET else "NOT met"),
        _by_time(words, start, deadline),
        f"results after the deadline: {len(got):,} of {len(records):,} players "
        f"({players:,} ranked), {results.ms()}; every player within {last:.2f} s — target "
        f"< {RESULTS_TARGET:g} s: "
        + ("met" if len(got) == len(records) and last < RESULTS_TARGET else "NOT met"),
        *_results_by_process(records, deadline),
        f"server CPU: {during / schedule.round_seconds * 100:.0f} % of a core during the "
        f"round ({during / max(len(words), 1) * 1000:.2f} ms a word), {at_end:.2f} s for the "
        f"round's end; RSS at most {rss:.0f} MB",
        *_each_process(args, samples, seating, start, deadline, max(last, 0.0)),
        f"pings: {pings.ms()}; activity frames per player: "
        f"{sum(r.activity for r in records) / max(len(records), 1):.0f}",
        f"reconnects: {sum(r.reconnects for r in records)} (each got what it missed: "
        f"{sum(r.caught_up for r in records)}); closes by the server: "
        f"{_top(_closes(records))}; errors: {sum(len(r.errors) for r in records)}",
        f"clients' CPU: {', '.join(f'{c:.0f} s' for c in client_cpu)}; their event loops' "
        f"lag during the round (in every latency above): "
        f"{Spread.of(lag for at, lag in client_lags if start <= at <= deadline).ms()}",
        *log,
    ]
    return lines


def _results_by_process(records: list[ArenaRecord], deadline: float) -> list[str]:
    """With several processes, the results after the deadline of each one's sockets (the
    round's owner sends its own seats theirs first; the others after their copy folds
    the end)."""
    bases = sorted({r.base for r in records})
    if len(bases) < 2:
        return []
    return [
        f"  results to the sockets on {base}: "
        + Spread.of(
            r.results_at - deadline for r in records if r.base == base and r.results_at
        ).ms()
        for base in bases
    ]


#: Seconds at each end of the round whose words are counted apart (`_by_time`).
EDGE_SECONDS = 5.0


def _by_time(words: list[tuple[float, float, str, str]], start: float, deadline: float) -> str:
    """The verdicts' latency by when the word was sent: the round's first seconds (every
    page's first words), its middle, and its last seconds (the end is being prepared)."""
    parts = {
        "first": [w for w in words if w[0] < start + EDGE_SECONDS],
        "middle": [w for w in words if start + EDGE_SECONDS <= w[0] < deadline - EDGE_SECONDS],
        "last": [w for w in words if w[0] >= deadline - EDGE_SECONDS],
    }
    return f"  by when sent ({EDGE_SECONDS:g} s at each end): " + "; ".join(
        f"{name} {len(some):,}: {Spread.of(w[1] for w in some).ms()}"
        for name, some in parts.items()
        if some
    )


def _where(args: argparse.Namespace) -> str:
    if args.store == "sqlite":
        return f"store: SQLite, {args.processes} process"
    return (
        f"store: PostgreSQL + Redis, {args.processes} process(es), players spread "
        f"(player i's seat and socket on process i mod {args.processes})"
    )


def _each_process(
    args: argparse.Namespace,
    samples: Samples,
    seating: Seating,
    start: float,
    deadline: float,
    last: float,
) -> list[str]:
    """Each process's CPU during the round and at its end, its memory before the seating
    and at the round's start (every socket open); PostgreSQL's and Redis's CPU."""
    if not samples.rows:
        return []
    seconds = deadline - start
    during = samples.cpu_each(start, deadline)
    at_end = samples.cpu_each(deadline, deadline + last + 0.5)
    before, opened = samples.at(seating.started)[2], samples.at(start)[2]
    lines = [
        f"process {i}: {cpu / seconds * 100:.0f} % of a core during the round, {end:.2f} s "
        f"at its end; RSS {a:.0f} MB before the seating, {b:.0f} MB at the round's start"
        for i, (cpu, end, a, b) in enumerate(zip(during, at_end, before, opened, strict=True))
    ]
    grown = sum(opened) - sum(before)
    lines.append(
        f"all processes: {sum(during) * 1000 / max(args.players, 1):.1f} ms of CPU a player "
        f"during the round, {sum(at_end) * 1000 / max(args.players, 1):.2f} ms at its end; "
        f"RSS grown by {grown:.0f} MB from the seating to the round's start "
        f"({grown * 1024 / max(args.players, 1):.0f} kB a player)"
    )
    backing = samples.backing_between(start, deadline) if samples.backed else 0.0
    if samples.backed:
        lines.append(
            f"PostgreSQL + Redis: {backing / seconds * 100:.0f} % of a core during the round, "
            f"{samples.backing_between(deadline, deadline + last + 0.5):.2f} s at its end"
        )
    busy = samples.machine_between(start, deadline)
    rest = busy - sum(during) - backing
    lines.append(
        f"the machine during the round: {busy / seconds:.2f} cores busy, of which the servers "
        f"{sum(during) / seconds:.2f}, PostgreSQL + Redis {backing / seconds:.2f}, the rest "
        f"{rest / seconds:.2f} (the clients, this process and anything else)"
    )
    return lines


def _closes(records: list[ArenaRecord]) -> dict[str, int]:
    found: dict[str, int] = {}
    for record in records:
        for code, _ in record.closes:
            found[str(code)] = found.get(str(code), 0) + 1
    return found


def _top(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items(), key=lambda i: -i[1])) or "-"


def _load(load: tuple[float, float, float]) -> str:
    return " / ".join(f"{x:.2f}" for x in load)


async def run(args: argparse.Namespace, folder: Path) -> list[str]:
    load_start = os.getloadavg()
    schedule, number = pick_schedule(args.round_seconds, time.time())
    model = Model("arena", args.gap, True, 0.75, 0.20, 0.05, True, 5.0)
    clients = args.clients or max(1, min(4, -(-args.players // 1000)))
    log_path = folder / "serve.stderr"
    options = ["--arena-seconds", str(args.round_seconds), "--arena-pause", f"{schedule.pause:g}"]
    env = {"MOTAMOT_DATA_DIR": str(folder)}
    print(
        f"{_where(args)}; round {number} starts in {schedule.start(number) - time.time():.0f} s "
        f"(pause {schedule.pause:g} s)",
        flush=True,
    )
    with (
        store_for(args.store, folder, "rooms") as store,
        open(log_path, "wb") as log,
        servers(
            args.processes, store.db, store.broker, None, env=env, log=log, args=options
        ) as started_servers,
    ):
        bases = [server.address for server in started_servers]
        pids = [server.process.pid for server in started_servers]
        samples = Samples(pids, backed=store.broker is not None)
        sampler = asyncio.create_task(samples.run())
        started = spawn(clients, model, args.opening)
        pipes = [pipe for pipe, _ in started]
        try:
            await asyncio.to_thread(gather, pipes, "ready", 120)
            await asyncio.sleep(max(0.0, schedule.deadline(number - 1) + 0.5 - time.time()))
            seating = await seat_players(
                bases, args.players, args.reconnects, schedule.round_seconds
            )
            print(f"seated {len(seating.seats):,} in {seating.seconds:.1f} s", flush=True)
            stop_at = schedule.deadline(number) + 30
            for index, pipe in enumerate(pipes):
                pipe.send(("play", seating.seats[index :: len(pipes)], stop_at))
            wait = stop_at - time.time() + 60
            done = await asyncio.to_thread(gather, pipes, "done", wait)
            seen = await asyncio.to_thread(server_views, bases)
        finally:
            for _, process in started:
                if process.is_alive():
                    process.kill()
                process.join(10)
            sampler.cancel()
    records = [record for message in done for record in message[1]]
    cpu = [message[2] for message in done]
    lags = [lag for message in done for lag in message[3]]
    loads = (load_start, os.getloadavg())
    return report(
        args,
        schedule,
        number,
        seating,
        records,
        cpu,
        lags,
        samples,
        loads,
        seen + log_summary(log_path),
    )


def main() -> None:
    args = parse()
    with tempfile.TemporaryDirectory() as folder:
        for line in asyncio.run(run(args, Path(folder))):
            print(line, flush=True)


if __name__ == "__main__":
    main()
