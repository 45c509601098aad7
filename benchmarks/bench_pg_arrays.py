"""PostgreSQL appends: the cost of sending an append's arrays in psycopg's text format
against the binary format the store uses (`service/stores/postgres.py`).

    python benchmarks/bench_pg_arrays.py [--events 8] [--rounds 3000]

Both formats dump the same parameters as the store's batched append (rooms, seqs, events'
JSON, expected seqs) `--rounds` times, on this process's CPU, then run the statement on
the machine's PostgreSQL to check both give the same rows. The text format is the
baseline, measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
from psycopg._queries import PostgresQuery

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

URL = "postgresql://postgres@127.0.0.1:5432/test"
ARRAYS = "SELECT * FROM unnest({rooms}::text[], {seqs}::bigint[], {datas}::text[], {exp}::bigint[])"


def parameters(events: int) -> dict[str, list[Any]]:
    """An append's parameters: `events` word events of four rooms, as the store sends them."""
    words = [
        json.dumps({"type": "boggle.word_written", "seat": f"s{n % 4}", "text": "maison", "at": n})
        for n in range(events)
    ]
    return {
        "rooms": [f"room{n % 4}" for n in range(events)],
        "seqs": list(range(1, events + 1)),
        "datas": words,
        "expected": [0] * events,
    }


def statement(placeholder: str) -> bytes:
    marks = {name: f"%({name})" + placeholder for name in ("rooms", "seqs", "datas", "exp")}
    marks["exp"] = "%(expected)" + placeholder
    return ARRAYS.format(**marks).encode()


def dump_seconds(
    conn: psycopg.Connection[Any], query: bytes, params: dict[str, Any], rounds: int
) -> float:
    converted = PostgresQuery(psycopg.adapt.Transformer(conn))
    converted.convert(query, params)
    start = time.process_time()
    for _ in range(rounds):
        converted.dump(params)
    return (time.process_time() - start) / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3000)
    args = parser.parse_args()
    params = parameters(args.events)
    with psycopg.connect(URL, autocommit=True) as conn:
        text = dump_seconds(conn, statement("s"), params, args.rounds)
        binary = dump_seconds(conn, statement("b"), params, args.rounds)
        rows = {fmt: conn.execute(statement(fmt), params).fetchall() for fmt in ("s", "b")}
    assert rows["s"] == rows["b"], "the two formats gave different rows"
    print(f"an append of {args.events} events, its four arrays dumped {args.rounds:,} times (CPU):")
    print(f"  text (baseline): {text * 1e6:7.1f} us an append")
    print(f"  binary (used):   {binary * 1e6:7.1f} us an append   ({text / binary:.1f}x faster)")
    print(f"  same rows back from PostgreSQL: {len(rows['b'])} rows")


if __name__ == "__main__":
    main()
