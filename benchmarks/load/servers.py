"""The servers under test: where their rooms are stored, what they cost, what they logged.

Processes are started and stopped by tests/scale/processes.py (SIGTERM, then
SIGKILL: none is left behind); here, the store each run gets (a SQLite file in a
temporary folder, or a fresh PostgreSQL schema and Redis key prefix, removed
after), their CPU and memory read from /proc twice a second, and a summary of
what they wrote on standard error (tracebacks, warnings).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: Seconds between two readings of the servers' CPU and memory.
SAMPLE_EVERY = 0.5


@dataclass(frozen=True)
class Store:
    """What `motamot serve` gets: --db, and --broker with several processes."""

    db: str
    broker: str | None


@contextlib.contextmanager
def store_for(kind: str, folder: Path, label: str) -> Iterator[Store]:
    """A fresh store: `sqlite` (a file in `folder`) or `scale` (PostgreSQL + Redis from
    MOTAMOT_TEST_POSTGRES and MOTAMOT_TEST_REDIS: a schema and key prefix of its own)."""
    if kind == "sqlite":
        yield Store(str(folder / f"{label}.sqlite3"), None)
        return
    import psycopg
    import redis

    db = os.environ.get("MOTAMOT_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
    broker = os.environ.get("MOTAMOT_TEST_REDIS", "redis://127.0.0.1:6379/0")
    name = f"bench_{os.getpid()}_{time.monotonic_ns()}"
    try:
        yield Store(f"{db}?schema={name}", f"{broker}?prefix={name}")
    finally:
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        client = redis.Redis.from_url(broker)
        keys = list(client.scan_iter(match=f"{name}:*"))
        if keys:
            client.delete(*keys)
        client.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process `pid` has used (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of process `pid` in MB (VmRSS)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy (every core, every process: /proc/stat)."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


#: What the servers of `--store scale` stand on (shared with anyone else using them).
BACKING = ("postgres", "redis-server")


class Backing:
    """CPU seconds PostgreSQL's and Redis's processes used since the first reading (a
    backend that exits keeps what it used)."""

    def __init__(self) -> None:
        self._used: dict[int, tuple[float, float]] = {}

    def seconds(self) -> float:
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                with open(f"/proc/{entry.name}/comm") as comm:
                    if comm.read().strip() not in BACKING:
                        continue
                pid, used = int(entry.name), cpu_seconds(int(entry.name))
                first = self._used.get(pid, (used, used))[0]
                self._used[pid] = (first, used)
        return sum(last - first for first, last in self._used.values())


@dataclass
class Samples:
    """The servers' CPU seconds and RSS over time, one value per process, and how busy the
    whole machine was (what others ran meanwhile: the machine is shared)."""

    pids: list[int]
    #: with PostgreSQL + Redis: their CPU is counted apart
    backed: bool = False
    #: (epoch, CPU seconds so far per process, RSS MB per process)
    rows: list[tuple[float, list[float], list[float]]] = field(default_factory=list)
    #: (epoch, the machine's busy CPU seconds, this process's, PostgreSQL's and Redis's)
    machine: list[tuple[float, float, float, float]] = field(default_factory=list)
    _backing: Backing = field(default_factory=Backing)

    def take(self) -> None:
        with contextlib.suppress(OSError):
            cpu = [cpu_seconds(pid) for pid in self.pids]
            rss = [rss_mb(pid) for pid in self.pids]
            now = time.time()
            backing = self._backing.seconds() if self.backed else 0.0
            self.rows.append((now, cpu, rss))
            self.machine.append((now, machine_busy(), time.process_time(), backing))

    async def run(self) -> None:
        while True:
            self.take()
            await asyncio.sleep(SAMPLE_EVERY)

    def at(self, when: float) -> tuple[float, list[float], list[float]]:
        """The last reading at or before `when` (the first one if none is)."""
        best = self.rows[0]
        for row in self.rows:
            if row[0] > when:
                break
            best = row
        return best

    def cpu_between(self, start: float, end: float) -> float:
        """CPU seconds all the servers used from `start` to `end` (nearest readings)."""
        return sum(self.at(end)[1]) - sum(self.at(start)[1])

    def cpu_each(self, start: float, end: float) -> list[float]:
        """CPU seconds each server used from `start` to `end` (nearest readings)."""
        return [b - a for a, b in zip(self.at(start)[1], self.at(end)[1], strict=True)]

    def backing_between(self, start: float, end: float) -> float:
        """CPU seconds PostgreSQL and Redis used from `start` to `end` (with `backed`)."""

        def at(when: float) -> float:
            best = self.machine[0][3] if self.machine else 0.0
            for row in self.machine:
                if row[0] > when:
                    break
                best = row[3]
            return best

        return at(end) - at(start)

    def machine_between(self, start: float, end: float) -> float:
        """CPU seconds the whole machine was busy from `start` to `end` (every process)."""
        first = next((row for row in reversed(self.machine) if row[0] <= start), None)
        last = next((row for row in reversed(self.machine) if row[0] <= end), None)
        return 0.0 if first is None or last is None else last[1] - first[1]


#: A room id in a log line (counted as one kind of line whatever the room).
_ROOM_ID = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{16}(?![A-Za-z0-9_-])")
#: A JSON log line's time (counted as one kind of line whatever the time).
_TIME = re.compile(r'"time": "[^"]*", ')
_FRAME = re.compile(r'^\s*File "([^"]+)", line (\d+), in (\S+)')


def log_summary(path: Path, limit: int = 6) -> list[str]:
    """What the servers wrote on standard error: each traceback by its exception and the
    last two frames of motamot it went through, and any other line (uvicorn's warnings),
    most frequent first."""
    if not path.exists():
        return []
    lines = path.read_text(errors="replace").splitlines()
    kinds: Counter[str] = Counter()
    frames: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("Traceback"):
            inside, frames = True, []
            continue
        found = _FRAME.match(line)
        if inside and found:
            if "/motamot/" in found.group(1):
                frames.append(f"{Path(found.group(1)).stem}.{found.group(3)}:{found.group(2)}")
            continue
        if inside and line.startswith((" ", "\t")):
            continue
        if line.startswith(("During handling", "The above exception")) or not line.strip():
            continue
        where = f" (at {' ← '.join(reversed(frames[-2:]))})" if inside and frames else ""
        kinds[f"{_ROOM_ID.sub('<room>', _TIME.sub('', line))[:140]}{where}"] += 1
        inside = False
    tracebacks = sum(1 for line in lines if line.startswith("Traceback"))
    out = [f"servers' stderr: {tracebacks} traceback(s) in {len(lines)} line(s)"]
    out += [f"  {count:5} × {text}" for text, count in kinds.most_common(limit)]
    return out
