"""Compiled kernels against the pure-Python reference and a plain trie, in one run.

    python benchmarks/bench_kernels.py [--limit N] [--repeat R]

Boggle: the 10,000 boards of ../shared/bench/boards-classic-10k.txt with
ENABLE2K (../shared/wordlists/enable2k.txt compiled as a user list) and with
`fr`; score only and full word lists with one path per word; the compiled
kernel, the pure-Python reference and the plain dict-of-dicts trie baseline
of bench_boggle.py. Topword: all legal moves of fixed midgame positions (fr,
7-tile racks), kernel and reference; greedy self-play games per second.
Every speed is printed with its ratio to a baseline measured in this run.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from motamot.boggle import CLASSIC_EN, CLASSIC_FR, BoggleRules, Grid, find_words, parse_grid
from motamot.boggle.solve import _KERNEL as BOGGLE_KERNEL
from motamot.boggle.solve import score_many, solve, solve_reference
from motamot.lexicon import Lexicon, load_lexicon
from motamot.topword import TOPWORD_FR, Board
from motamot.topword.game import Game, generator_can_play
from motamot.topword.movegen import _KERNEL as TOPWORD_KERNEL
from motamot.topword.movegen import GenRules, best_move, generate_moves, legal_moves

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_boggle import BOARDS, ENABLE
from trie_baseline import build_trie, trie_solve

Totals = tuple[int, int]


def rate(run: Callable[[], object], items: int, repeat: int) -> tuple[float, object]:
    """Items per second: the median of `repeat` runs, and the last run's result.

    The cyclic garbage collector is off while timing, as in `timeit`: the
    solutions kept for the totals are millions of objects it would rescan.
    """
    speeds = []
    result: object = None
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            result = run()
            speeds.append(items / (time.perf_counter() - start))
        finally:
            gc.enable()
    return statistics.median(speeds), result


def boggle_section(
    name: str, lexicon: Lexicon, rules: BoggleRules, grids: Sequence[Grid], repeat: int
) -> dict[str, float]:
    """Boards per second of each solver on `grids`; checks they all agree."""
    count = len(grids)
    for grid in grids:  # parse-time caches, so every solver starts equal
        _ = grid.neighbours
    trie = build_trie([word for word in lexicon if len(word) >= rules.min_length])

    def trie_score() -> Totals:
        words = points = 0
        for grid in grids:
            found = trie_solve(grid.letters, grid.neighbours, trie)
            words += len(found)
            points += sum(rules.points(len(word)) for word in found)
        return words, points

    def reference_score() -> Totals:
        words = points = 0
        for grid in grids:
            found = find_words(
                lexicon.arcs, lexicon.root, grid.letters, grid.neighbours, rules.min_length
            )
            words += len(found)
            points += sum(rules.points(len(word)) for word in found)
        return words, points

    def kernel_score() -> Totals:
        scores = score_many(grids, rules, lexicon)
        return sum(c for c, _ in scores), sum(p for _, p in scores)

    def reference_full() -> Totals:
        solutions = [solve_reference(grid, rules, lexicon, rules.min_length) for grid in grids]
        return sum(s.count for s in solutions), sum(s.points for s in solutions)

    def kernel_full() -> Totals:
        solutions = [solve(grid, rules, lexicon) for grid in grids]
        return sum(s.count for s in solutions), sum(s.points for s in solutions)

    print(f"Boggle, {name} ({len(lexicon):,} words), {count:,} boards:")
    rows: list[tuple[str, Callable[[], Totals], int]] = [
        ("plain trie baseline (words, no paths)", trie_score, 1),
        ("pure-Python reference, score only", reference_score, 1),
        ("pure-Python reference, words + paths", reference_full, 1),
    ]
    if BOGGLE_KERNEL is not None:
        rows += [
            ("compiled kernel, score only", kernel_score, repeat),
            ("compiled kernel, words + paths", kernel_full, repeat),
        ]
    speeds: dict[str, float] = {}
    expected: object = None
    for label, run, times in rows:
        speed, totals = rate(run, count, times)
        speeds[label] = speed
        expected = totals if expected is None else expected
        agree = "" if totals == expected else "  MISMATCH"
        words, points = cast(Totals, totals)
        print(
            f"  {label:<40} {speed:>9,.0f} boards/s  {words:>9,} words {points:>10,} points"
            f"  x{speed / speeds['plain trie baseline (words, no paths)']:.1f}{agree}"
        )
    return speeds


def midgame_positions(lexicon: Lexicon, games: int) -> list[tuple[Board, tuple[str, ...]]]:
    """Fixed positions: turns 6 to 13 of seeded greedy games, each with a full rack."""
    positions = []
    for seed in range(games):
        game = Game(["A", "B"], seed, lexicon, TOPWORD_FR)
        for turn in range(14):
            if game.finished:
                break
            rack = game.rack()
            if turn >= 6 and len(rack) == TOPWORD_FR.rack_size:
                positions.append((game.board.copy(), rack))
            found = best_move(game.board, rack, TOPWORD_FR, lexicon)
            if found is None:
                game.pass_turn()
            else:
                game.play(found.move)
    return positions


def greedy_games(lexicon: Lexicon, games: int) -> int:
    """The plainest self-play: best move or pass, the referee judging each move, to the end."""
    for seed in range(games):
        game = Game(
            ["A", "B"],
            1000 + seed,
            lexicon,
            TOPWORD_FR,
            can_play=generator_can_play(TOPWORD_FR, lexicon),
        )
        while not game.finished:
            found = best_move(game.board, game.rack(), TOPWORD_FR, lexicon)
            if found is None:
                game.pass_turn()
            else:
                game.play(found.move)
    return games


def topword_section(lexicon: Lexicon, games: int, repeat: int) -> None:
    positions = midgame_positions(lexicon, games)
    rules = GenRules.of(TOPWORD_FR)

    def per_position(run: Callable[[Board, tuple[str, ...]], object]) -> float:
        times = []
        for board, rack in positions:
            best = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                run(board, rack)
                best = min(best, time.perf_counter() - start)
            times.append(best)
        return statistics.median(times) * 1000

    counts = [len(legal_moves(board, rack, TOPWORD_FR, lexicon)) for board, rack in positions]
    print(
        f"Topword, fr, {len(positions)} midgame positions, 7-tile racks "
        f"(median {statistics.median(counts):.0f} legal moves):"
    )
    reference = per_position(
        lambda board, rack: generate_moves(board.tops, board.heights, rack, lexicon, rules)
    )
    print(f"  {'pure-Python reference, all moves':<40} {reference:>8.3f} ms/position (median)")
    if TOPWORD_KERNEL is not None:
        kernel = per_position(lambda board, rack: legal_moves(board, rack, TOPWORD_FR, lexicon))
        print(
            f"  {'compiled kernel, all moves':<40} {kernel:>8.3f} ms/position  "
            f"x{reference / kernel:.1f} faster"
        )

    speed, _ = rate(lambda: greedy_games(lexicon, games), games, 1)
    print(f"  {'greedy self-play (to the end, T18)':<40} {speed:>8.1f} games/s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="only the first N boards")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each fast measurement")
    parser.add_argument(
        "--games", type=int, default=20, help="Topword games (positions, self-play)"
    )
    args = parser.parse_args(argv)
    print(
        f"CPython {sys.version.split()[0]}; kernels: boggle "
        f"{'on' if BOGGLE_KERNEL else 'OFF'}, topword {'on' if TOPWORD_KERNEL else 'OFF'}"
    )
    fr = load_lexicon("fr")
    if BOARDS.is_file() and ENABLE.is_file():
        lines = [line.strip() for line in BOARDS.read_text().splitlines() if line.strip()]
        lines = lines[: args.limit] if args.limit else lines
        enable = load_lexicon(str(ENABLE))
        boggle_section("ENABLE2K", enable, CLASSIC_EN, [parse_grid(x) for x in lines], args.repeat)
        boggle_section("fr", fr, CLASSIC_FR, [parse_grid(x) for x in lines], args.repeat)
    else:
        print(f"Boggle skipped: {BOARDS} or {ENABLE} is absent (benchmark data, not shipped)")
    topword_section(fr, args.games, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
