"""Topword move generator and computer players, in one run.

    PYTHONPATH=src python benchmarks/bench_topword.py [--games 20] [--expert-games 200]

1. All legal moves of fixed midgame positions (fr, 7-tile racks): median time
   of the pure-Python reference and of the compiled kernel, and their ratio
   (the section shared with bench_kernels.py).
2. Self-play games per second through the bot harness (views, decisions,
   the referee judging every move, T18 end by the move generator): greedy
   against greedy, with the bare greedy loop of section 1 as the baseline.
3. Expert against greedy over `--expert-games` seeded two-player games
   (issue 5 asks for at least 60%): win rate, its 95% Wilson interval,
   average scores, seconds per game. `--expert-games 0` skips it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from motamot.lexicon import load_lexicon
from motamot.topword.bots import ExpertBudget
from motamot.topword.movegen import _KERNEL as TOPWORD_KERNEL
from motamot.topword.selfplay import GameResult, selfplay

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_kernels import greedy_games, topword_section


def bare_greedy_rate(games: int) -> float:
    """Games/s of the plainest loop (bench_kernels.greedy_games)."""
    lexicon = load_lexicon("fr")
    start = time.perf_counter()
    greedy_games(lexicon, games)
    return games / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="positions and greedy games")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each position")
    parser.add_argument("--expert-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="first seed of expert vs greedy")
    parser.add_argument("--candidates", type=int, default=ExpertBudget().candidates)
    parser.add_argument("--simulations", type=int, default=ExpertBudget().simulations)
    args = parser.parse_args(argv)
    print(f"CPython {sys.version.split()[0]}; topword kernel {'on' if TOPWORD_KERNEL else 'OFF'}")
    fr = load_lexicon("fr")
    topword_section(fr, args.games, args.repeat)

    bare = bare_greedy_rate(args.games)
    start = time.perf_counter()
    report = selfplay(["greedy", "greedy"], args.games, 1000, fr)
    harness = args.games / (time.perf_counter() - start)
    print(f"  {'bare greedy loop (baseline)':<40} {bare:>8.1f} games/s")
    print(
        f"  {'greedy vs greedy, bot harness':<40} {harness:>8.1f} games/s  "
        f"x{harness / bare:.2f} of the baseline; {report.to_json()['average_turns']} turns/game"
    )

    if args.expert_games <= 0:
        return 0
    budget = ExpertBudget(args.candidates, args.simulations)
    print(
        f"Expert ({budget.candidates} candidates x {budget.simulations} simulations) "
        f"vs greedy, {args.expert_games} games from seed {args.seed}:"
    )
    done = 0

    def progress(_: GameResult) -> None:
        nonlocal done
        done += 1
        if done % 20 == 0:
            print(f"  ... {done} games", file=sys.stderr, flush=True)

    start = time.perf_counter()
    versus = selfplay(
        ["expert", "greedy"], args.expert_games, args.seed, fr, budget=budget, on_game=progress
    )
    elapsed = time.perf_counter() - start
    for stats in versus.players():
        low, high = stats.interval
        print(
            f"  {stats.name:<8} wins {stats.wins:>3}/{stats.games} = {stats.win_rate:6.1%} "
            f"(95% Wilson {low:.1%} - {high:.1%}), draws {stats.draws}, "
            f"average score {stats.average_score:.1f}"
        )
    print(f"  {elapsed / versus.games:.2f} s per game ({elapsed:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
