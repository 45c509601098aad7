"""The SQLite store: crash safety (kill -9 mid-append) and group commit."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from motamot.service.ports import StoredEvent
from motamot.service.stores.sqlite import SqliteStore
from tests.service.conftest import run

#: A child that appends batches of 3 events forever and prints each acknowledged seq.
WRITER = """
import asyncio, sys
from motamot.service.ports import StoredEvent
from motamot.service.stores.sqlite import SqliteStore

async def main() -> None:
    store = SqliteStore(sys.argv[1])
    seq = 0
    pad = "x" * 3000
    while True:
        batch = [
            StoredEvent("r", n, '{"seq":%d,"pad":"%s"}' % (n, pad)) for n in range(seq + 1, seq + 4)
        ]
        await store.append("r", seq, batch)
        seq += 3
        print(seq, flush=True)

asyncio.run(main())
"""


def test_killed_mid_append_reopens_with_every_acknowledged_event(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert child.stdout is not None
    acknowledged = 0
    deadline = time.monotonic() + 60
    while acknowledged < 150 and time.monotonic() < deadline:
        line = child.stdout.readline()
        assert line, "the writer died on its own"
        acknowledged = int(line)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert acknowledged >= 150

    async def body() -> list[StoredEvent]:
        store = SqliteStore(path)
        events = await store.load("r")
        await store.close()
        return events

    events = run(body)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert len(events) >= acknowledged
    assert len(events) % 3 == 0  # no append half-written
    for event in events:
        assert json.loads(event.data)["seq"] == event.seq
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_concurrent_appends_share_commits(tmp_path: Path) -> None:
    """500 appends at once are not 500 fsyncs: the writer groups them."""

    async def body() -> tuple[int, int]:
        store = SqliteStore(tmp_path / "events.sqlite3")
        await asyncio.gather(
            *(store.append(f"r{n}", 0, [StoredEvent(f"r{n}", 1, "{}")]) for n in range(500))
        )
        assert len(await store.rooms()) == 500
        figures = (store.commits, store.appends)
        await store.close()
        return figures

    commits, appends = run(body)
    assert appends == 500
    assert commits < 100


def test_conflict_in_a_group_fails_alone(tmp_path: Path) -> None:
    async def body() -> None:
        store = SqliteStore(tmp_path / "events.sqlite3")
        results = await asyncio.gather(
            store.append("a", 0, [StoredEvent("a", 1, "1")]),
            store.append("a", 0, [StoredEvent("a", 1, "fork")]),
            store.append("b", 0, [StoredEvent("b", 1, "1")]),
            return_exceptions=True,
        )
        assert [type(r).__name__ for r in results] == ["NoneType", "SeqConflict", "NoneType"]
        assert [e.data for e in await store.load("a")] == ["1"]
        assert [e.data for e in await store.load("b")] == ["1"]
        await store.close()

    run(body)
