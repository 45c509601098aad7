"""Self-play: computer players of any levels play seeded games; win rates with intervals.

Game `i` of a run with seed `s` is played with game seed `s + i`; the seats
rotate with `i` so that no level keeps the same seat, and each bot gets its
own `random.Random` derived from the game seed and its place in the list.
Games end by T18 (1), (2) (the move generator tells whether anyone can
still play) and (3), with a bound on scoreless turns in a row as a guard
against bots that keep exchanging.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from motamot.lexicon import Lexicon
from motamot.topword.bots.expert import ExpertBudget
from motamot.topword.bots.leave import LeaveModel
from motamot.topword.bots.players import Bot, make_bot
from motamot.topword.bots.view import apply_decision, view_of
from motamot.topword.game import Game, generator_can_play
from motamot.topword.tiles import TOPWORD_FR, Ruleset

#: Scoreless turns in a row (passes, exchanges) after which a self-play game stops.
SCORELESS_LIMIT = 24

#: Makes the bot of one level from its seeded generator (a benchmark may wrap the bots).
BotFactory = Callable[[str, random.Random], Bot]


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends: no rounding dust
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def player_names(levels: Sequence[str]) -> list[str]:
    """One name per listed player: the level, numbered when a level appears twice."""
    counts = Counter(levels)
    seen: Counter[str] = Counter()
    names = []
    for level in levels:
        seen[level] += 1
        names.append(f"{level}-{seen[level]}" if counts[level] > 1 else level)
    return names


def play_game(game: Game, bots: Sequence[Bot], stop: Callable[[], bool] | None = None) -> Game:
    """Let `bots[i]` play for player i until the game ends; returns the game."""
    while not game.finished:
        bot = bots[game.current]
        apply_decision(game, bot.choose(view_of(game), stop))
    return game


@dataclass(frozen=True)
class GameResult:
    """One self-play game: per listed player (not per seat) its final score and outcome."""

    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    end: str


def selfplay_game(
    levels: Sequence[str],
    seed: int,
    lexicon: Lexicon,
    ruleset: Ruleset = TOPWORD_FR,
    rotation: int = 0,
    leaves: LeaveModel | None = None,
    budget: ExpertBudget | None = None,
    factory: BotFactory | None = None,
) -> tuple[Game, GameResult]:
    """One game between `levels` (seats rotated by `rotation`), seeded by `seed`."""
    count = len(levels)
    names = player_names(levels)
    seats = [(rotation + offset) % count for offset in range(count)]  # seat -> listed player
    game = Game(
        [names[listed] for listed in seats],
        seed,
        lexicon,
        ruleset,
        can_play=generator_can_play(ruleset, lexicon),
        scoreless_limit=SCORELESS_LIMIT,
    )
    if factory is None:

        def factory(level: str, rng: random.Random) -> Bot:
            return make_bot(level, rng, leaves, budget)

    bots = [factory(levels[listed], random.Random(seed * 8 + listed + 1)) for listed in seats]
    play_game(game, bots)
    finals = game.final_scores()
    by_listed = [0] * count
    for seat, listed in enumerate(seats):
        by_listed[listed] = finals[seat]
    winners = tuple(sorted(seats[seat] for seat in game.winners()))
    end = game.end_reason.value if game.end_reason else "not_over"
    return game, GameResult(seed, tuple(by_listed), winners, len(game.turns), end)


@dataclass(frozen=True)
class PlayerStats:
    name: str
    level: str
    games: int
    wins: int
    draws: int
    losses: int
    average_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass(frozen=True)
class SelfPlayReport:
    levels: tuple[str, ...]
    seed: int
    ruleset: str
    results: tuple[GameResult, ...]

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def draws(self) -> int:
        """Games whose top score was shared."""
        return sum(1 for result in self.results if len(result.winners) > 1)

    def players(self) -> list[PlayerStats]:
        stats = []
        for index, (name, level) in enumerate(
            zip(player_names(self.levels), self.levels, strict=True)
        ):
            wins = sum(1 for r in self.results if r.winners == (index,))
            draws = sum(1 for r in self.results if index in r.winners and len(r.winners) > 1)
            total = sum(r.scores[index] for r in self.results)
            average = total / self.games if self.games else 0.0
            stats.append(
                PlayerStats(
                    name, level, self.games, wins, draws, self.games - wins - draws, average
                )
            )
        return stats

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "seed": self.seed,
            "ruleset": self.ruleset,
            "draws": self.draws,
            "average_turns": round(sum(r.turns for r in self.results) / max(self.games, 1), 2),
            "end_reasons": dict(sorted(Counter(r.end for r in self.results).items())),
            "players": [
                {
                    "player": stats.name,
                    "level": stats.level,
                    "games": stats.games,
                    "wins": stats.wins,
                    "draws": stats.draws,
                    "losses": stats.losses,
                    "win_rate": round(stats.win_rate, 4),
                    "interval": [round(bound, 4) for bound in stats.interval],
                    "average_score": round(stats.average_score, 2),
                }
                for stats in self.players()
            ],
        }


def selfplay(
    levels: Sequence[str],
    games: int,
    seed: int,
    lexicon: Lexicon,
    ruleset: Ruleset = TOPWORD_FR,
    leaves: LeaveModel | None = None,
    budget: ExpertBudget | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    factory: BotFactory | None = None,
) -> SelfPlayReport:
    """`games` seeded games between `levels` (2 to 4 players, any mix of levels)."""
    results = []
    for index in range(games):
        _, result = selfplay_game(
            levels, seed + index, lexicon, ruleset, index % len(levels), leaves, budget, factory
        )
        results.append(result)
        if on_game is not None:
            on_game(result)
    return SelfPlayReport(tuple(levels), seed, ruleset.name, tuple(results))
