"""Event store benchmark: SQLite appends per second with group commit, against one
commit (one fsync) per append.

    python benchmarks/bench_store.py [--rooms 50] [--words 20]

`--rooms` rooms each append `--words` one-event batches, all at once (as a
server with that many busy rooms does). The baseline, measured in the same
run on the same disk, is the same store with groups of one append
(`group_limit=1`): one transaction and one fsync per word. Every append is
durable when it returns in both (WAL, synchronous=FULL).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from motamot.service.ports import StoredEvent  # noqa: E402
from motamot.service.stores.sqlite import GROUP_LIMIT, SqliteStore  # noqa: E402

WORD = '{"type":"boggle.word_written","seq":%d,"seat":"s1","text":"maison","at":1.0}'


async def appends_per_second(
    path: Path, rooms: int, words: int, group_limit: int
) -> tuple[float, int]:
    store = SqliteStore(path, group_limit=group_limit)

    async def room(name: str) -> None:
        for seq in range(1, words + 1):
            await store.append(name, seq - 1, [StoredEvent(name, seq, WORD % seq)])

    start = time.perf_counter()
    await asyncio.gather(*(room(f"r{n}") for n in range(rooms)))
    seconds = time.perf_counter() - start
    commits = store.commits
    await store.close()
    return rooms * words / seconds, commits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--words", type=int, default=20)
    args = parser.parse_args()
    total = args.rooms * args.words
    with tempfile.TemporaryDirectory() as folder:
        base, base_commits = asyncio.run(
            appends_per_second(Path(folder) / "one.sqlite3", args.rooms, args.words, 1)
        )
        grouped, commits = asyncio.run(
            appends_per_second(Path(folder) / "group.sqlite3", args.rooms, args.words, GROUP_LIMIT)
        )
    print(f"{total} appends from {args.rooms} rooms at once, each durable when acknowledged")
    print(f"  one commit per append : {base:9.0f} appends/s  ({base_commits} commits)")
    print(f"  group commit          : {grouped:9.0f} appends/s  ({commits} commits)")
    print(f"  ratio                 : {grouped / base:9.1f}x")


if __name__ == "__main__":
    main()
