"""Computer players by level: beginner, greedy, expert (and the experimental champion).

Every bot is given its own seeded `random.Random` (used through `random()`
only) and decides from a `BotView`; the same view and seed give the same
decision. `choose` may be given a `stop()` callback by the interface layer
(a wall-clock limit); engines never read a clock themselves, and without it
the work done is fixed by the bot's budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from motamot.topword.bots.expert import ExpertBot, ExpertBudget
from motamot.topword.bots.leave import LeaveModel
from motamot.topword.bots.view import BotView, Decision, Exchange, Pass, Play
from motamot.topword.movegen import best_move, legal_moves

Stop = Callable[[], bool]


class Bot(Protocol):
    """A computer player: one decision per turn."""

    level: str

    def choose(self, view: BotView, stop: Stop | None = None) -> Decision: ...


def pick(rng: random.Random, count: int) -> int:
    """An index below `count` drawn from `rng.random()` (stable across Python versions)."""
    return min(count - 1, int(rng.random() * count))


def fallback(view: BotView, rng: random.Random) -> Decision:
    """No move: swap a tile drawn at random while the pile lasts, else pass."""
    if view.pile_size and view.rack:
        return Exchange(view.rack[pick(rng, len(view.rack))])
    return Pass()


@dataclass
class GreedyBot:
    """The most points now; ties broken by the generator's order (`sort_key`)."""

    rng: random.Random
    level: str = "greedy"

    def choose(self, view: BotView, stop: Stop | None = None) -> Decision:
        move = best_move(view.board, view.rack, view.ruleset, view.lexicon)
        return Play(move) if move is not None else fallback(view, self.rng)


@dataclass
class BeginnerBot:
    """Plays weaker moves on purpose, the way a new player does.

    It sees mostly short words and middling moves: it picks at random among
    the moves of at most `max_length` letters ranked between the quarter and
    the half of the list by points, and now and then (`exchange_rate`) it
    swaps a random tile even though it could play.
    """

    rng: random.Random
    level: str = "beginner"
    max_length: int = 5
    exchange_rate: float = 0.06

    def choose(self, view: BotView, stop: Stop | None = None) -> Decision:
        moves = legal_moves(view.board, view.rack, view.ruleset, view.lexicon)
        if view.pile_size and self.rng.random() < self.exchange_rate:
            return fallback(view, self.rng)
        short = [move for move in moves if len(move.word) <= self.max_length] or moves
        if not short:
            return fallback(view, self.rng)
        low, high = len(short) // 4, max(len(short) // 2, 1)
        band = short[low:high] if high > low else short
        return Play(band[pick(self.rng, len(band))])


#: The levels offered at a table.
LEVELS = ("beginner", "greedy", "expert")
#: Levels that make_bot knows but tables do not offer: the champion, the expert with twice the
#: candidates and deals, five times the endgame positions, and the one-tile pre-endgame search
#: over every draw (bench_topword.py measures it against the expert; docs/rules.md, R4 note).
EXPERIMENTAL_LEVELS = ("champion",)
CHAMPION_BUDGET = ExpertBudget(
    candidates=32, simulations=192, endgame_nodes=25_000, pre_endgame_nodes=2_000
)


def make_bot(
    level: str,
    rng: random.Random,
    leaves: LeaveModel | None = None,
    budget: ExpertBudget | None = None,
) -> Bot:
    """A bot of `level` (ValueError naming the known levels otherwise)."""
    if level == "beginner":
        return BeginnerBot(rng)
    if level == "greedy":
        return GreedyBot(rng)
    if level == "expert":
        return ExpertBot(rng, leaves=leaves, budget=budget or ExpertBudget())
    if level == "champion":
        return ExpertBot(rng, leaves=leaves, budget=CHAMPION_BUDGET, level="champion")
    known = ", ".join((*LEVELS, *EXPERIMENTAL_LEVELS))
    raise ValueError(f"unknown level {level!r} (known: {known})")
