"""Topword move generator and computer players, in one run, with the machine's load.

    PYTHONPATH=src:. python benchmarks/bench_topword.py [--expert-games 400] [--champion-games 40]
        [--seed S] [--jobs N]

1. All legal moves of fixed midgame positions (fr, 7-tile racks): median time
   per position of the pure-Python reference and of the compiled kernel, and
   greedy self-play games per second (the section shared with bench_kernels.py),
   then through the bot harness (views, decisions, the referee judging every move).
2. The 60 two-player endgames of the tests (tests/topword/topword_endgames.py),
   solved by the full-tree minimax: how often the expert's move is worth the
   best value, with and without its exact endgame search (the previous
   expert's look-ahead), and the most points a choice lost.
3. Expert against greedy over `--expert-games` seeded games (seats alternate):
   win rate with its 95% Wilson interval, average scores, the median
   CPU milliseconds per move of each level, the seeds played.
4. Champion against expert over `--champion-games` games, the same figures.

Game i of a match is seeded `--seed` + i, whatever `--jobs` (games spread over
that many processes), so a match is the same on one process or several. The time
per move is CPU time (time.process_time of the process that decides), not wall
time: a shared machine, or a job paused by a scheduler, leaves it unchanged.

Seeds: the bots were tuned on seeds 10,000-99,999 (TUNING_SEEDS); the figures
quoted in docs/ and issue 41 come from seeds 1,000,000 on (FINAL_SEED), which no
tuning run saw. The load (os.getloadavg) is printed before and after.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_kernels import greedy_games, topword_section  # noqa: E402

from motamot.lexicon import Lexicon, load_lexicon  # noqa: E402
from motamot.topword.bots import (  # noqa: E402
    Bot,
    BotView,
    Decision,
    ExpertBot,
    ExpertBudget,
    Play,
    make_bot,
    view_of,
)
from motamot.topword.movegen import _KERNEL as TOPWORD_KERNEL  # noqa: E402
from motamot.topword.selfplay import (  # noqa: E402
    GameResult,
    SelfPlayReport,
    selfplay,
    selfplay_game,
    wilson_interval,
)
from motamot.topword.tiles import TOPWORD_FR  # noqa: E402
from tests.topword.topword_endgames import PASS, BruteForce, endgames  # noqa: E402

#: Seeds the budgets were tuned on (matches run while choosing them).
TUNING_SEEDS = range(10_000, 100_000)
#: The first seed of the measures quoted in the docs: no tuning run saw these.
FINAL_SEED = 1_000_000


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


@dataclass
class TimedBot:
    """A bot whose decisions are timed in CPU seconds of this process (the benchmark's
    clock, not the engine's: engines read none)."""

    inner: Bot
    times: list[float] = field(default_factory=list)
    level: str = ""

    def __post_init__(self) -> None:
        self.level = self.inner.level

    def choose(self, view: BotView, stop: Callable[[], bool] | None = None) -> Decision:
        start = time.process_time()
        decision = self.inner.choose(view, stop)
        self.times.append(time.process_time() - start)
        return decision


def harness_section(lexicon: Lexicon, games: int) -> None:
    start = time.perf_counter()
    greedy_games(lexicon, games)
    bare = games / (time.perf_counter() - start)
    start = time.perf_counter()
    report = selfplay(["greedy", "greedy"], games, 1000, lexicon)
    harness = games / (time.perf_counter() - start)
    print(f"  {'bare greedy loop (baseline)':<40} {bare:>8.1f} games/s")
    print(
        f"  {'greedy vs greedy, bot harness':<40} {harness:>8.1f} games/s  "
        f"x{harness / bare:.2f} of the baseline; {report.to_json()['average_turns']} turns/game"
    )


def endgame_section(lexicon: Lexicon, count: int, max_tiles: int) -> None:
    """The test set's endgames: best-valued choices with and without the exact search."""
    bots = {
        "expert (exact endgame search)": ExpertBudget(),
        "expert without the endgame search": ExpertBudget(endgame_nodes=0),
    }
    best = dict.fromkeys(bots, 0)
    worst = dict.fromkeys(bots, 0)
    start = time.perf_counter()
    for endgame in endgames(lexicon, TOPWORD_FR, count, max_tiles):
        values = BruteForce(TOPWORD_FR, lexicon).options(
            endgame.board.copy(), endgame.me, endgame.opponent, endgame.passed
        )
        top = max(values.values())
        view = view_of(endgame.game)
        for name, budget in bots.items():
            decision = ExpertBot(random.Random(endgame.seed), budget=budget).choose(view)
            chosen = decision.move.notation if isinstance(decision, Play) else PASS
            best[name] += values[chosen] == top
            worst[name] = max(worst[name], top - values[chosen])
    seconds = time.perf_counter() - start
    print(
        f"Endgames: {count} two-player endgames (pile empty, <= {max_tiles} tiles on the racks), "
        f"solved by full-tree minimax ({seconds:.1f} s):"
    )
    for name in bots:
        print(f"  {name:<40} best move {best[name]:>3}/{count}, worst loss {worst[name]} points")


_LEXICON: Lexicon | None = None


def _timed_game(
    levels: tuple[str, ...], seed: int, rotation: int
) -> tuple[GameResult, dict[str, list[float]]]:
    """One seeded game (in a worker process): its result and each level's CPU seconds per move."""
    assert _LEXICON is not None
    timed: dict[str, list[float]] = {level: [] for level in levels}

    def factory(level: str, rng: random.Random) -> Bot:
        bot = TimedBot(make_bot(level, rng))
        bot.times = timed[level]
        return bot

    _, result = selfplay_game(levels, seed, _LEXICON, rotation=rotation, factory=factory)
    return result, timed


def _play(task: tuple[tuple[str, ...], int, int]) -> tuple[GameResult, dict[str, list[float]]]:
    return _timed_game(*task)


def versus(levels: Sequence[str], games: int, seed: int, lexicon: Lexicon, jobs: int = 1) -> None:
    """`games` seeded games between two levels on `jobs` processes: wins with their
    interval, CPU time per move."""
    global _LEXICON
    _LEXICON = lexicon  # the workers are forked: they share the loaded lexicon
    pair = tuple(levels)
    tasks = [(pair, seed + index, index % len(pair)) for index in range(games)]
    timed: dict[str, list[float]] = {level: [] for level in pair}
    results: list[GameResult] = []
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for result, per_level in pool.imap(_play, tasks):
            results.append(result)
            for level, seconds in per_level.items():
                timed[level].extend(seconds)
            if len(results) % 20 == 0:  # a running figure: a long match may be cut short
                wins = sum(1 for r in results if r.winners == (0,))
                low, high = wilson_interval(wins, len(results))
                print(
                    f"  ... {len(results)} games: {pair[0]} {wins} wins "
                    f"({wins / len(results):.1%}, 95% Wilson {low:.1%} - {high:.1%}), {load()}",
                    file=sys.stderr,
                    flush=True,
                )
    elapsed = time.perf_counter() - start
    report = SelfPlayReport(pair, seed, TOPWORD_FR.name, tuple(results))
    print(
        f"{pair[0]} vs {pair[1]}, {games} games, seeds {seed}-{seed + games - 1} "
        f"(seats alternate), {jobs} process(es):"
    )
    for stats in report.players():
        low, high = stats.interval
        cpu = sorted(timed[stats.level])
        p90 = cpu[int(0.9 * (len(cpu) - 1))] * 1000
        print(
            f"  {stats.name:<9} wins {stats.wins:>3}/{stats.games} = {stats.win_rate:6.1%} "
            f"(95% Wilson {low:.1%} - {high:.1%}), draws {stats.draws}, "
            f"average score {stats.average_score:.1f}; CPU per move: "
            f"{statistics.median(cpu) * 1000:.0f} ms median, {p90:.0f} ms p90, "
            f"{cpu[-1] * 1000:.0f} ms max ({len(cpu)} moves)"
        )
    margin = sum(r.scores[0] - r.scores[1] for r in results) / max(len(results), 1)
    print(f"  mean margin {margin:+.1f} for {pair[0]}; {elapsed:.0f} s wall for the match")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="positions and greedy games")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each position")
    parser.add_argument("--endgames", type=int, default=60)
    parser.add_argument("--endgame-tiles", type=int, default=6)
    parser.add_argument("--expert-games", type=int, default=400)
    parser.add_argument("--champion-games", type=int, default=40)
    parser.add_argument(
        "--seed", type=int, default=FINAL_SEED, help="first seed of the matches (see above)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the matches")
    args = parser.parse_args(argv)
    print(f"CPython {sys.version.split()[0]}; topword kernel {'on' if TOPWORD_KERNEL else 'OFF'}")
    print(f"start: {load()}")
    fr = load_lexicon("fr")
    if args.games > 0:  # 0: only the matches (and the endgames)
        topword_section(fr, args.games, args.repeat)
        harness_section(fr, args.games)
    if args.endgames > 0:
        endgame_section(fr, args.endgames, args.endgame_tiles)
    if args.expert_games > 0:
        versus(["expert", "greedy"], args.expert_games, args.seed, fr, args.jobs)
    if args.champion_games > 0:
        versus(["champion", "expert"], args.champion_games, args.seed, fr, args.jobs)
    print(f"end: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
