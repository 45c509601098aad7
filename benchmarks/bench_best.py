"""How fast the best-grid search scores grids (issue 41): `motamot boggle best`'s engine.

    python benchmarks/bench_best.py [--iterations N] [--seed S] [--preset P ...]

For each preset, runs the search for exactly N grids scored from seed S and prints the
grids scored a second (wall and CPU), the best it reached, and, to compare, the batch
solver alone (`score_many`) on the same number of grids: random rolls of the dice (the
cheap grids of a cold start) and the search's best grid repeated (the dense grids it
spends its time on). The search's rate sits between the two: what it loses to the
Python loop around the solver is the gap to the dense figure. The machine's load average
is printed with every line: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from motamot.boggle.best import Iterations, random_placement, search
from motamot.boggle.grid import Grid
from motamot.boggle.rules import PRESETS, BoggleRules
from motamot.boggle.solve import score_many
from motamot.lexicon import load_lexicon
from motamot.service.boggle.feedback import default_dictionary


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def rolls(rules: BoggleRules, count: int, seed: int) -> list[Grid]:
    rng = random.Random(seed)
    dice = rules.dice.dice
    grids = []
    for _ in range(count):
        placement = random_placement(rules, rng)
        grids.append(Grid(rules.size, tuple(dice[die][face] for die, face in placement)))
    return grids


def timed_scores(grids: list[Grid], rules: BoggleRules, dictionary: str) -> tuple[float, float]:
    lexicon = load_lexicon(dictionary)
    wall, cpu = time.perf_counter(), time.process_time()
    score_many(grids, rules, lexicon)
    return time.perf_counter() - wall, time.process_time() - cpu


def one(preset: str, iterations: int, seed: int) -> None:
    rules = PRESETS[preset]
    dictionary = default_dictionary(rules)
    lexicon = load_lexicon(dictionary)
    score_many(rolls(rules, 1, 0), rules, lexicon)  # the solver is built once: not timed
    wall, cpu = time.perf_counter(), time.process_time()
    best = search(rules, lexicon, seed, Iterations(iterations))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{preset} ({dictionary}), seed {seed}: {best.iterations:,} grids scored in {wall:.1f} s"
        f" = {best.iterations / wall:,.0f} grids/s (cpu {best.iterations / cpu:,.0f}/s),"
        f" best {best.points:,} points {best.grid.text}, {best.restarts} restarts"
        f" (load {load()})"
    )
    for label, grids in (
        ("random rolls", rolls(rules, iterations, seed)),
        ("its best grid, repeated", [best.grid] * iterations),
    ):
        solo_wall, solo_cpu = timed_scores(grids, rules, dictionary)
        print(
            f"  score_many alone, {label}: {iterations / solo_wall:,.0f} grids/s"
            f" (cpu {iterations / solo_cpu:,.0f}/s) (load {load()})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", action="append", choices=sorted(PRESETS))
    args = parser.parse_args()
    for preset in args.preset or ["classic-fr", "big", "classic-en"]:
        one(preset, args.iterations, args.seed)


if __name__ == "__main__":
    main()
