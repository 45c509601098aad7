"""Fault tests of issue 34: a part of the server goes away while people type words.

    python -m tests.scale.outage [--only redis,postgres,sigstop,disk]

Each scenario runs real `motamot serve` processes over parts of its own (a redis-server,
a PostgreSQL cluster, a tmpfs: `tests.scale.own`; the machine's own are never stopped),
with typists (`tests.scale.typist`: each word kept until answered, sent again with its
key, as the pages do) typing all along, and prints what happened to every word: typed,
acknowledged, refused with a reason, lost, doubled (two events of one key in the
store), tracebacks in the servers' logs, sockets the server closed, and the seconds
until play resumed once the part was back.

- redis: three processes over PostgreSQL, Redis stopped 20 s. A room's players on its
  owner keep playing (p99 < 200 ms); the others resume within 3 s of its return.
- postgres: one process over its own PostgreSQL, stopped 20 s: no socket closed by the
  server, play again within 3 s of its return; `/readyz` (asked every 0.1 s) answers
  within 0.5 s throughout, 503 while it is away, ready within 2 s of its return.
- sigstop: one process (SQLite) stopped with SIGSTOP for 12 s, then SIGCONT.
- disk: one process with SQLite on a small tmpfs, filled for 8 s, then freed: words
  are refused as retryable meanwhile, creating a room is a 503, never a 500.

Exit status 0 only if every target holds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx2

from motamot.boggle.grid import parse_grid
from motamot.boggle.rules import get_preset
from motamot.boggle.solve import solve
from motamot.lexicon import load_lexicon
from motamot.server.links import room_of
from motamot.service.stores.postgres import PostgresStore
from motamot.service.stores.sqlite import SqliteStore
from tests.scale.own import fill, own_postgres, own_redis, small_disk
from tests.scale.player import create_room, join_room
from tests.scale.processes import ServerProcess, servers
from tests.scale.typist import Typist
from tests.service.backends import postgres_schema

#: Seconds of typing before the part goes, and after it is back (before the drain).
BEFORE, AFTER = 2.0, 4.0
#: A word every this many seconds per typist.
PACE = 0.3


@dataclass
class Report:
    name: str
    typed: int = 0
    acknowledged: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    lost: int = 0
    doubled: int = 0
    tracebacks: int = 0
    closed_by_server: int = 0
    dropped: int = 0
    resume_seconds: float = 0.0
    #: p99 of the acknowledgements of the owner's own players during the outage (redis)
    owner_p99_ms: float | None = None
    close_codes: list[int] = field(default_factory=list)
    #: the server's `error` frames' codes (`flood`...)
    errors: list[str] = field(default_factory=list)
    note: str = ""
    targets: dict[str, bool] = field(default_factory=dict)

    def ok(self) -> bool:
        return all(self.targets.values())

    def line(self) -> str:
        refused = ", ".join(f"{code} {n}" for code, n in sorted(self.refused.items())) or "none"
        p99 = (
            "" if self.owner_p99_ms is None else f"; owner's players p99 {self.owner_p99_ms:.0f} ms"
        )
        failed = [name for name, held in self.targets.items() if not held]
        return (
            f"outage {self.name}: typed {self.typed}, acknowledged {self.acknowledged},"
            f" refused with a reason {sum(self.refused.values())} ({refused}), lost {self.lost},"
            f" doubled {self.doubled}; tracebacks in the logs {self.tracebacks};"
            f" sockets closed by the server {self.closed_by_server} {self.close_codes or ''}"
            f"{' errors ' + str(self.errors) if self.errors else ''}"
            f" (dropped as silent by the client {self.dropped}); seconds until play resumes"
            f" {self.resume_seconds:.2f}{p99}{'; ' + self.note if self.note else ''}"
            f" → {'OK' if not failed else 'FAILED: ' + ', '.join(failed)}"
        )


async def seat_room(
    host_at: str, others_at: Sequence[str], name: str
) -> tuple[Typist, list[Typist]]:
    """A room created through `host_at` (its host plays there, so the process there owns
    it), a player joined through each of `others_at`, its round started: the typists."""
    room, _, token = await create_room(host_at, f"{name}h", duration=600)
    host = Typist(f"{name}h", host_at, room, token, [])
    await host.connect()
    others = []
    for number, address in enumerate(others_at):
        _, joined = await join_room(address, room, f"{name}{number}")
        others.append(Typist(f"{name}{number}", address, room, joined, []))
    await host.start_round()
    assert host.grid is not None
    found = solve(parse_grid(host.grid), get_preset("classic-fr"), load_lexicon("fr")).words
    words = [entry.word for entry in found] or ["ZZZZ"]
    for number, typist in enumerate([host, *others]):
        start = number * len(words) // 3  # each from its own place: few duplicates
        typist.words = words[start:] + words[:start]
        if typist is not host:
            await typist.connect()
    return host, others


async def outage(
    report: Report,
    typists: list[Typist],
    away: Callable[[], Awaitable[None]],
    back: Callable[[], Awaitable[None]],
    seconds: float,
) -> tuple[float, float]:
    """Type, take the part `away` for `seconds`, bring it `back`, type on, drain: the
    times it went and came back (monotonic)."""
    typing = asyncio.Event()
    typing.set()
    playing = [asyncio.create_task(t.play(typing, PACE)) for t in typists]
    await asyncio.sleep(BEFORE)
    went = time.monotonic()
    await away()
    await asyncio.sleep(seconds)
    await back()
    returned = time.monotonic()
    await asyncio.sleep(AFTER)
    typing.clear()
    await asyncio.gather(*(t.drain(20) for t in typists))
    for typist in typists:
        await typist.stop()
    for task in playing:
        task.cancel()
    await asyncio.gather(*playing, return_exceptions=True)
    count(report, typists, went, returned)
    return went, returned


def count(report: Report, typists: list[Typist], went: float, returned: float) -> None:
    resumes = []
    report.close_codes = sorted({c for t in typists for c in t.closed_by_server})
    report.errors = sorted({e for t in typists for e in t.errors})
    for typist in typists:
        report.typed += len(typist.typed)
        report.closed_by_server += len(typist.closed_by_server)
        report.dropped += typist.dropped
        answered = [t for t in typist.typed.values() if t.answered is not None]
        for typed in typist.typed.values():
            if typed.answer == "ack":
                report.acknowledged += 1
            elif typed.answer is None:
                report.lost += 1
            else:
                report.refused[typed.answer] = report.refused.get(typed.answer, 0) + 1
        acks = sorted(t.answered for t in answered if t.answered is not None)
        if any(went + 1.0 <= at <= returned for at in acks):
            resumes.append(0.0)  # it played on
        else:
            after = [at for at in acks if at >= returned]
            resumes.append(after[0] - returned if after else float("inf"))
    report.resume_seconds = max(resumes, default=float("inf"))


def check_store(report: Report, typists: list[Typist], rows: list[str]) -> None:
    """Doubled: a key in two stored events; lost: an acknowledged key not stored."""
    keys: dict[str, int] = {}
    for data in rows:
        key = json.loads(data).get("key")
        if key is not None:
            keys[key] = keys.get(key, 0) + 1
    report.doubled = sum(n - 1 for n in keys.values() if n > 1)
    report.lost += sum(
        1
        for t in typists
        for typed in t.typed.values()
        if typed.answer == "ack" and typed.key not in keys
    )


def tracebacks(log: Path) -> int:
    return log.read_text(errors="replace").count("Traceback (most recent call last)")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else 0.0


async def stored_postgres(url: str, rooms: set[str]) -> list[str]:
    store = await PostgresStore.open(url)
    try:
        return [row.data for room in rooms for row in await store.load(room)]
    finally:
        await store.close()


async def stored_sqlite(path: Path, rooms: set[str]) -> list[str]:
    store = SqliteStore(path)
    try:
        return [row.data for room in rooms for row in await store.load(room)]
    finally:
        await store.close()


def rooms_of(typists: list[Typist]) -> set[str]:
    return {room_of(t.room) for t in typists}


def kept(report: Report, resume: str = "resume < 3 s") -> dict[str, bool]:
    """What every outage must keep: play resumes within 3 s of the part's return, no
    word lost nor counted twice, no traceback in the servers' log."""
    return {
        resume: report.resume_seconds < 3.0,
        "lost 0": report.lost == 0,
        "doubled 0": report.doubled == 0,
        "tracebacks 0": report.tracebacks == 0,
    }


async def redis_scenario(folder: Path) -> Report:
    report = Report("redis stopped 20 s (3 processes)")
    log = folder / "redis.log"
    with postgres_schema() as db, own_redis() as redis, log.open("wb") as out:
        with servers(3, db, redis.url(), log=out) as processes:
            addresses = [p.address for p in processes]
            owners, others = [], []
            for number, address in enumerate(addresses):
                host, joined = await seat_room(address, [addresses[(number + 1) % 3]], f"r{number}")
                owners.append(host)
                others.extend(joined)

            async def away() -> None:
                redis.stop()

            async def back() -> None:
                redis.start()

            went, returned = await outage(report, owners + others, away, back, 20.0)
        rows = await stored_postgres(db, rooms_of(owners))
    check_store(report, owners + others, rows)
    during = [
        t.latency for h in owners for t in h.typed.values()
        if t.latency is not None and t.sent_first is not None and went <= t.sent_first <= returned
    ]  # fmt: skip
    report.owner_p99_ms = p99(during) * 1000
    before = [
        t.latency for h in owners for t in h.typed.values()
        if t.latency is not None and t.sent_first is not None and t.sent_first < went
    ]  # fmt: skip
    owners_resume, others_resume = Report("owners"), Report("others")
    count(owners_resume, owners, went, returned)
    count(others_resume, others, went, returned)
    report.resume_seconds = others_resume.resume_seconds  # the owners' is 0: they played on
    meanwhile = sum(
        1 for o in others for t in o.typed.values()
        if t.answer == "ack" and t.answered is not None and went + 1 <= t.answered <= returned
    )  # fmt: skip
    report.tracebacks = tracebacks(log)
    report.note = (
        f"the owner's players kept playing: {owners_resume.resume_seconds == 0.0}"
        f" (p99 {p99(before) * 1000:.0f} ms before Redis went);"
        f" the others' words acknowledged while Redis was away: {meanwhile},"
        f" {sum(t.retries for o in others for t in o.typed.values())} retryable refusals"
    )
    report.targets = {
        "owners p99 < 200 ms": bool(during) and report.owner_p99_ms < 200,
        "owners played on": owners_resume.resume_seconds == 0.0,
        **kept(report, "others resume < 3 s"),
    }
    return report


async def watch_readyz(address: str, seen: list[tuple[float, int, float]]) -> None:
    """Ask `/readyz` every 0.1 s: (when, status, seconds it took to answer)."""
    async with httpx2.AsyncClient(timeout=5) as http:
        while True:
            started = time.monotonic()
            try:
                status = (await http.get(f"{address}/readyz")).status_code
            except httpx2.HTTPError:
                status = 0
            seen.append((started, status, time.monotonic() - started))
            await asyncio.sleep(0.1)


def readiness(seen: list[tuple[float, int, float]], went: float, returned: float) -> str:
    slowest = max(took for _, _, took in seen)
    away = [status for at, status, _ in seen if went + 1 <= at <= returned]
    ready = [at for at, status, _ in seen if at >= returned and status == 200]
    again = f"{ready[0] - returned:.2f} s" if ready else "never"
    return (
        f"/readyz: slowest answer {slowest * 1000:.0f} ms, 503 while away"
        f" {sum(1 for s in away if s == 503)}/{len(away)}, ready {again} after the return"
    )


async def postgres_scenario(folder: Path) -> Report:
    report = Report("PostgreSQL stopped 20 s (1 process)")
    log = folder / "postgres.log"
    with (
        own_postgres() as pg,
        log.open("wb") as out,
        servers(1, pg.url, None, log=out) as processes,
    ):
        address = processes[0].address
        typists = []
        for name in ("p0", "p1"):
            host, joined = await seat_room(address, [address], name)
            typists += [host, *joined]

        async def away() -> None:
            await asyncio.to_thread(pg.stop)

        async def back() -> None:
            await asyncio.to_thread(pg.start)

        seen: list[tuple[float, int, float]] = []
        watching = asyncio.create_task(watch_readyz(address, seen))
        went, returned = await outage(report, typists, away, back, 20.0)
        watching.cancel()
        rows = await stored_postgres(pg.url, rooms_of(typists))
    check_store(report, typists, rows)
    report.note = readiness(seen, went, returned)
    ready = [at for at, status, _ in seen if at >= returned and status == 200]
    report.tracebacks = tracebacks(log)
    report.targets = {
        "no socket closed by the server": report.closed_by_server == 0,
        "/readyz within 0.5 s": max(took for _, _, took in seen) < 0.5,
        "ready < 2 s after": bool(ready) and ready[0] - returned < 2.0,
        **kept(report),
    }
    return report


async def sigstop_scenario(folder: Path) -> Report:
    report = Report("server stopped (SIGSTOP) 12 s (1 process, SQLite)")
    log = folder / "sigstop.log"
    db = folder / "sigstop.sqlite3"
    with log.open("wb") as out, servers(1, str(db), None, log=out) as processes:
        server: ServerProcess = processes[0]
        host, joined = await seat_room(server.address, [server.address], "s")
        typists = [host, *joined]

        async def away() -> None:
            server.process.send_signal(signal.SIGSTOP)

        async def back() -> None:
            server.process.send_signal(signal.SIGCONT)

        await outage(report, typists, away, back, 12.0)
    check_store(report, typists, await stored_sqlite(db, rooms_of(typists)))
    report.tracebacks = tracebacks(log)
    report.targets = kept(report)
    return report


async def disk_scenario(folder: Path) -> Report:
    report = Report("disk full 8 s (1 process, SQLite)")
    log = folder / "disk.log"
    with small_disk(24) as (disk, what), log.open("wb") as out:
        db = disk / "rooms.sqlite3"
        with servers(1, str(db), None, log=out) as processes:
            address = processes[0].address
            host, joined = await seat_room(address, [address], "d")
            typists = [host, *joined]
            statuses: list[int] = []
            filler: list[Path] = []

            async def away() -> None:
                filler.append(fill(disk))
                await asyncio.sleep(1.0)
                async with httpx2.AsyncClient(timeout=10) as http:
                    for _ in range(3):
                        answer = await http.post(f"{address}/api/rooms", json={"name": "Zoé"})
                        statuses.append(answer.status_code)

            async def back() -> None:
                filler[0].unlink()

            await outage(report, typists, away, back, 8.0)
        check_store(report, typists, await stored_sqlite(db, rooms_of(typists)))
    report.tracebacks = tracebacks(log)
    retried = sum(typed.retries for t in typists for typed in t.typed.values())
    report.note = (
        f"{what}; room creations answered {statuses}; words refused as retryable {retried}"
    )
    report.targets = {
        "creating a room: 503, never 500": bool(statuses) and 500 not in statuses,
        **kept(report),
    }
    return report


SCENARIOS = {
    "redis": redis_scenario,
    "postgres": postgres_scenario,
    "sigstop": sigstop_scenario,
    "disk": disk_scenario,
}


#: Scenarios run side by side, two at a time, each in a thread with its own event loop:
#: a long one (Redis, PostgreSQL: 20 s away) beside a light one (one process, two
#: players), so that the whole fits in CI's two minutes.
PAIRS = (("redis", "sigstop"), ("postgres", "disk"))


def run_scenario(name: str, folder: Path) -> Report:
    return asyncio.run(SCENARIOS[name](folder))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(SCENARIOS), help="scenarios, comma-separated")
    parser.add_argument("--one-at-a-time", action="store_true", help="no two scenarios at once")
    args = parser.parse_args(argv)
    chosen = args.only.split(",")
    groups: list[tuple[str, ...]]
    if args.one_at_a_time:
        groups = [(name,) for name in chosen]
    else:
        paired = {name for pair in PAIRS for name in pair}
        groups = [tuple(n for n in pair if n in chosen) for pair in PAIRS]
        groups += [(name,) for name in chosen if name not in paired]
    failed = False
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="motamot-outage-") as folder:
        for group in (g for g in groups if g):
            with ThreadPoolExecutor(len(group)) as pool:
                reports = list(pool.map(run_scenario, group, [Path(folder)] * len(group)))
            for report in reports:
                print(report.line(), flush=True)
                failed |= not report.ok()
    print(f"outage tests took {time.monotonic() - started:.0f} s")
    if failed:
        print("OUTAGE TEST FAILED", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
