"""Boggle solver benchmark: `PYTHONPATH=src python benchmarks/bench_boggle.py [--limit N]`.

Solves ../shared/bench/boards-classic-10k.txt (relative to the repository)
with ../shared/wordlists/enable2k.txt compiled as a user list, checks the
known totals (907,036 words and 1,250,115 points over the 10,000 boards;
PERS/LATG/SINE/TERS = 1,045 words, 3,625 points), then with the built-in `fr`.
Speeds are reported as ratios against a plain dict-of-dicts trie solver
measured in the same run, never as absolute claims.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from motamot.boggle import CLASSIC_EN, Grid, find_words, parse_grid, solve
from motamot.lexicon import DictionaryNotFound, Lexicon, load_lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trie_baseline import build_trie, trie_solve

REPO = Path(__file__).resolve().parents[1]
#: ../shared next to the repository; MOTAMOT_SHARED names it from a worktree elsewhere.
SHARED = Path(os.environ.get("MOTAMOT_SHARED", REPO.parent / "shared"))
BOARDS = SHARED / "bench" / "boards-classic-10k.txt"
ENABLE = SHARED / "wordlists" / "enable2k.txt"
EXPECTED_WORDS, EXPECTED_POINTS = 907_036, 1_250_115
BEST_BOARD, BEST_WORDS, BEST_POINTS = "perslatgsineters", 1_045, 3_625


def timed(label: str, run: Callable[[], tuple[int, int]], boards: int) -> float:
    start = time.perf_counter()
    words, points = run()
    elapsed = time.perf_counter() - start
    rate = boards / elapsed
    print(f"  {label:<38} {words:>9,} words {points:>10,} points  {rate:>8,.0f} boards/s")
    return rate


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="only the first N boards (totals not checked)")
    args = parser.parse_args(argv)
    if not BOARDS.is_file() or not ENABLE.is_file():
        print(f"skipped: {BOARDS} or {ENABLE} is absent (benchmark data, not shipped)")
        return 0
    lines = [line.strip() for line in BOARDS.read_text().splitlines() if line.strip()]
    if args.limit:
        lines = lines[: args.limit]
    grids: list[Grid] = [parse_grid(line) for line in lines]
    count = len(grids)
    backend = "C kernel" if importlib.import_module("motamot.boggle.solve")._KERNEL else "Python"
    print(f"{count:,} boards from {BOARDS.name}; CPython {sys.version.split()[0]}")
    print(f"solve() runs on: {backend} (find_words is always the pure-Python reference)")

    start = time.perf_counter()
    enable = load_lexicon(str(ENABLE))  # compiled once as a user list, then cached
    print(
        f"ENABLE2K: {len(enable):,} words, loaded/compiled in {time.perf_counter() - start:.1f} s"
    )
    words = [word for word in enable if len(word) >= 3]
    trie = build_trie(words)
    rules = CLASSIC_EN
    failures = 0

    def api(lexicon: Lexicon) -> Callable[[], tuple[int, int]]:
        def run() -> tuple[int, int]:
            total_words = total_points = 0
            for grid in grids:
                solution = solve(grid, rules, lexicon)
                total_words += solution.count
                total_points += solution.points
            return total_words, total_points

        return run

    def core() -> tuple[int, int]:
        arcs, root = enable.arcs, enable.root
        total_words = total_points = 0
        for grid in grids:
            found = find_words(arcs, root, grid.letters, grid.neighbours, 3)
            total_words += len(found)
            total_points += sum(rules.points(len(word)) for word in found)
        return total_words, total_points

    def baseline() -> tuple[int, int]:
        total_words = total_points = 0
        for grid in grids:
            found = trie_solve(grid.letters, grid.neighbours, trie)
            total_words += len(found)
            total_points += sum(rules.points(len(word)) for word in found)
        return total_words, total_points

    got_words, got_points = api(enable)()
    if not args.limit:
        ok = (got_words, got_points) == (EXPECTED_WORDS, EXPECTED_POINTS)
        failures += not ok
        print(
            f"ENABLE2K totals: {got_words:,} words, {got_points:,} points "
            f"(expected {EXPECTED_WORDS:,} / {EXPECTED_POINTS:,}): {'OK' if ok else 'MISMATCH'}"
        )
    best = solve(parse_grid(BEST_BOARD), rules, enable)
    ok = (best.count, best.points) == (BEST_WORDS, BEST_POINTS)
    failures += not ok
    print(
        f"{BEST_BOARD}: {best.count:,} words, {best.points:,} points "
        f"(expected {BEST_WORDS:,} / {BEST_POINTS:,}): {'OK' if ok else 'MISMATCH'}"
    )

    # The trie is millions of dicts: keep the cyclic GC from walking it (and
    # everything else built so far) while the solvers allocate their results.
    gc.collect()
    gc.freeze()
    print("speed (same run, same boards):")
    trie_rate = timed("plain dict-of-dicts trie (baseline)", baseline, count)
    core_rate = timed("motamot find_words (DAWG core)", core, count)
    api_rate = timed("motamot solve() (paths, points, sorted)", api(enable), count)
    try:
        fr = load_lexicon("fr")
    except DictionaryNotFound as error:
        print(f"  fr: skipped ({error})")
        fr_rate = None
    else:
        fr_rate = timed(f"motamot solve() with fr ({len(fr):,} words)", api(fr), count)
    print("ratios against the trie baseline:")
    print(f"  find_words / trie = {core_rate / trie_rate:.2f}")
    print(f"  solve()    / trie = {api_rate / trie_rate:.2f}")
    if fr_rate is not None:
        print(f"  solve() fr / trie = {fr_rate / trie_rate:.2f}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
