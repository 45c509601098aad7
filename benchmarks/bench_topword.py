"""Topword move generator and computer players, in one run, with the machine's load.

    PYTHONPATH=src:. python benchmarks/bench_topword.py [--expert-games 400] [--champion-games 40]

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
   milliseconds per move of each level.
4. Champion against expert over `--champion-games` games, the same figures.

The load (os.getloadavg) is printed before and after: the machine is shared.
"""

from __future__ import annotations

import argparse
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
from motamot.topword.selfplay import GameResult, selfplay  # noqa: E402
from motamot.topword.tiles import TOPWORD_FR  # noqa: E402
from tests.topword.topword_endgames import PASS, BruteForce, endgames  # noqa: E402


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


@dataclass
class TimedBot:
    """A bot whose decisions are timed (wall clock: the benchmark's, not the engine's)."""

    inner: Bot
    times: list[float] = field(default_factory=list)
    level: str = ""

    def __post_init__(self) -> None:
        self.level = self.inner.level

    def choose(self, view: BotView, stop: Callable[[], bool] | None = None) -> Decision:
        start = time.perf_counter()
        decision = self.inner.choose(view, stop)
        self.times.append(time.perf_counter() - start)
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


def versus(levels: Sequence[str], games: int, seed: int, lexicon: Lexicon) -> None:
    """`games` seeded games between two levels: wins with their interval, time per move."""
    timed: dict[str, list[float]] = {level: [] for level in levels}
    done = 0

    def factory(level: str, rng: random.Random) -> Bot:
        bot = TimedBot(make_bot(level, rng))
        bot.times = timed[level]
        return bot

    def progress(_: GameResult) -> None:
        nonlocal done
        done += 1
        if done % 20 == 0:
            print(f"  ... {done} games, {load()}", file=sys.stderr, flush=True)

    start = time.perf_counter()
    report = selfplay(levels, games, seed, lexicon, on_game=progress, factory=factory)
    elapsed = time.perf_counter() - start
    print(f"{levels[0]} vs {levels[1]}, {games} games from seed {seed} (seats alternate):")
    for stats in report.players():
        low, high = stats.interval
        times = sorted(timed[stats.level])
        p90 = times[int(0.9 * (len(times) - 1))] * 1000
        print(
            f"  {stats.name:<9} wins {stats.wins:>3}/{stats.games} = {stats.win_rate:6.1%} "
            f"(95% Wilson {low:.1%} - {high:.1%}), draws {stats.draws}, "
            f"average score {stats.average_score:.1f}; "
            f"{statistics.median(times) * 1000:.1f} ms/move median, {p90:.0f} ms p90, "
            f"{times[-1] * 1000:.0f} ms max"
        )
    print(f"  {elapsed / max(report.games, 1):.2f} s per game ({elapsed:.0f} s)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="positions and greedy games")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each position")
    parser.add_argument("--endgames", type=int, default=60)
    parser.add_argument("--endgame-tiles", type=int, default=6)
    parser.add_argument("--expert-games", type=int, default=400)
    parser.add_argument("--champion-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0, help="first seed of the matches")
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
        versus(["expert", "greedy"], args.expert_games, args.seed, fr)
    if args.champion_games > 0:
        versus(["champion", "expert"], args.champion_games, args.seed, fr)
    print(f"end: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
