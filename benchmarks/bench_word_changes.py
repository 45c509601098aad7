"""A server's changes laid over a list (`lexicon.overlay`): what a version costs to make,
and what it costs the solver: `PYTHONPATH=src python benchmarks/bench_word_changes.py
[--changes N] [--grids N]`.

Makes `fr` with N changes (half additions of words the list lacks, half removals),
then solves the same rolled grids with the shipped list and with the version, in turn,
and reports the ratio (the same words are found, but for the changes). On a shared
machine, quote the load with the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from motamot.boggle import roll, solve
from motamot.boggle.rules import get_preset
from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.overlay import patched


def changes_of(fr: Lexicon, count: int, rng: random.Random) -> list[tuple[str, bool]]:
    """`count` changes: words of the list removed, letters the list lacks added."""
    words = list(fr)
    removed = [(word, False) for word in rng.sample(words, count // 2)]
    added: list[tuple[str, bool]] = []
    while len(added) < count - len(removed):
        text = "".join(rng.choice("AEIOURSTNLKZ") for _ in range(rng.randint(3, 8)))
        if text not in fr:
            added.append((text, True))
    return removed + added


def solve_all(lexicon: Lexicon, seeds: range) -> tuple[float, int]:
    rules = get_preset("classic-fr")
    start = time.perf_counter()
    found = sum(len(solve(roll(rules, seed), rules, lexicon).words) for seed in seeds)
    return time.perf_counter() - start, found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--grids", type=int, default=2000)
    args = parser.parse_args()
    fr = load_lexicon("fr")
    changes = changes_of(fr, args.changes, random.Random(7))
    start = time.perf_counter()
    version = patched(fr, changes, "fr+N")
    made = time.perf_counter() - start
    print(
        f"load {os.getloadavg()[0]:.2f}; {args.changes} changes made in {made * 1000:.1f} ms,"
        f" {len(version.arcs) - len(fr.arcs)} arcs more than {len(fr.arcs)}"
    )
    seeds = range(args.grids)
    times = {"fr": 0.0, "version": 0.0}
    for _ in range(3):
        for name, lexicon in (("fr", fr), ("version", version)):
            elapsed, found = solve_all(lexicon, seeds)
            times[name] += elapsed
            print(f"  {name}: {args.grids} grids in {elapsed:.2f} s, {found} words")
    print(
        f"load {os.getloadavg()[0]:.2f}; version / shipped = {times['version'] / times['fr']:.3f}"
    )


if __name__ == "__main__":
    main()
