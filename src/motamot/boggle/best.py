"""The best grid of a preset (issue 41): simulated annealing with restarts, each ended by
a greedy polish, over grids the preset's dice can show.

A state is a placement: which die sits in each cell and which face it shows, so every
grid met is legal by construction (B1, B2: a record can be rolled with the real box).
A move turns one die to another face or swaps two dice. A restart anneals for a fixed
number of steps from a random roll (the first one from the given start), from a hot
temperature to a cold one, then climbs greedily: it scores every grid one move away
(in one call to the batch solver) and takes the best while it is better.

The engine is deterministic for a seed: its only randomness is a `random.Random(seed)`
read through `random()` alone, whose output Python guarantees. It never reads the
clock: a `Budget` grants grid scorings, and the search stops when it grants none. The
number of grids scored (`Best.iterations`), given back as an `Iterations` budget,
replays the same search to the same grid, whatever stopped the first run.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Protocol

from motamot.boggle.grid import Grid, grid_of_compact
from motamot.boggle.legal import assign_dice
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import batch_totals
from motamot.lexicon import Lexicon

#: A placement: per cell, (die index in the preset's dice, face index on that die).
Placement = tuple[tuple[int, int], ...]
#: Scores kept to skip grids met again; forgotten all at once past this many.
MAX_REMEMBERED = 500_000


class Budget(Protocol):
    """What may still be spent: the engine asks before scoring grids."""

    def grant(self, wanted: int) -> int:
        """How many of `wanted` more grids may be scored now (0: stop the search)."""
        ...


@dataclass
class Iterations:
    """A budget of exactly `left` grids scored: the same count replays a search."""

    left: int

    def grant(self, wanted: int) -> int:
        granted = max(0, min(wanted, self.left))
        self.left -= granted
        return granted


@dataclass(frozen=True)
class Schedule:
    """How one restart anneals: its steps and temperatures (in points)."""

    steps: int = 8_000
    hot: float = 120.0
    cold: float = 1.0
    #: The share of moves that turn a die (the others swap two dice).
    turn_share: float = 0.5

    def __post_init__(self) -> None:
        if self.steps < 1 or not 0 < self.cold <= self.hot or not 0 <= self.turn_share <= 1:
            raise ValueError(f"not an annealing schedule: {self}")

    def temperature(self, step: int) -> float:
        """Geometric cooling from `hot` at step 0 to `cold` at the last step."""
        return float(self.hot * (self.cold / self.hot) ** (step / self.steps))


SCHEDULE = Schedule()
#: Each preset's annealing: temperatures in proportion to its grids' points (a French 4×4
#: record is near 9,000 points, an English one near 2,700, a French 5×5 one near 30,000),
#: chosen by comparing a few schedules over 150,000 grids (docs/records.md).
SCHEDULES: dict[str, Schedule] = {
    "classic-fr": Schedule(100_000, 300.0, 5.0),
    "classic-en": Schedule(100_000, 100.0, 2.0),
    "new-en": Schedule(100_000, 100.0, 2.0),
    "big": Schedule(100_000, 1_000.0, 15.0),
    "super-big": Schedule(100_000, 1_000.0, 15.0),
}


def schedule_for(rules: BoggleRules) -> Schedule:
    """The annealing of a preset (the default one for a preset not in the table)."""
    return SCHEDULES.get(rules.name, SCHEDULE)


@dataclass(frozen=True)
class Best:
    """What a search found, and how: enough to judge and to reproduce it."""

    grid: Grid
    #: Which die (index in the preset's dice) shows each cell's face.
    dice: tuple[int, ...]
    points: int
    words: int
    start: Grid
    start_points: int
    #: Grids scored by the solver (grids met again are not scored twice).
    iterations: int
    #: Grids scored when the best was first scored: a budget of this many finds it too.
    found_at: int
    #: Restarts begun, and the grid (with its points) each one that ran to its end
    #: finished on: a local optimum for turning a die and swapping two.
    restarts: int
    ends: tuple[tuple[int, Grid], ...]

    @property
    def hits(self) -> int:
        """Finished restarts that ended on the best points: how often it was found."""
        return sum(1 for points, _ in self.ends if points == self.points)

    @property
    def distinct_hits(self) -> int:
        """The different grids among those, a rotation or mirror image counting as one."""
        return len({canonical(grid) for points, grid in self.ends if points == self.points})


def canonical(grid: Grid) -> str:
    """The smallest text of a grid's eight rotations and mirror images (they hold the same
    words: adjacency has the square's symmetries)."""
    n = grid.size
    forms = []
    for flip in (False, True):
        for turns in range(4):
            cells = []
            for r in range(n):
                for c in range(n):
                    row, col = (r, c)
                    for _ in range(turns):
                        row, col = col, n - 1 - row
                    if flip:
                        col = n - 1 - col
                    cells.append(grid.faces[row * n + col])
            forms.append(Grid(n, tuple(cells)).text)
    return min(forms)


class _Stopped(Exception):
    """The budget granted nothing more."""


class _Scorer:
    """Scores placements through the batch solver, asking the budget first, and keeps
    the best grid ever scored."""

    def __init__(self, rules: BoggleRules, lexicon: Lexicon, budget: Budget) -> None:
        self.rules, self.lexicon, self.budget = rules, lexicon, budget
        self.known: dict[str, tuple[int, int]] = {}
        self.iterations = 0
        self.best: tuple[int, int, Placement] | None = None
        #: Grids scored when the best was scored (its batch included).
        self.found_at = 0

    def text(self, placement: Placement) -> str:
        dice = self.rules.dice.dice
        return "".join(dice[die][face] for die, face in placement)

    def score(self, placements: list[Placement]) -> list[int]:
        """The points of each placement, in order; fewer than asked (maybe none) when
        the budget stops, and then `_Stopped` after the scores it granted are kept."""
        texts = [self.text(p) for p in placements]
        missing = list(dict.fromkeys(t for t in texts if t not in self.known))
        granted = self.budget.grant(len(missing)) if missing else 0
        if granted:
            totals = batch_totals(
                missing[:granted], self.rules.size, self.rules, self.lexicon, None
            )
            if len(self.known) > MAX_REMEMBERED:
                self.known.clear()
            self.known.update(zip(missing[:granted], totals, strict=True))
            self.iterations += granted
        points: list[int] = []
        for placement, text in zip(placements, texts, strict=True):
            if text not in self.known:
                raise _Stopped
            words, value = self.known[text]
            if self.best is None or value > self.best[0]:
                self.best = (value, words, placement)
                self.found_at = self.iterations
            points.append(value)
        return points


def _below(rng: random.Random, count: int) -> int:
    """An index in range(count) from `random()` alone (stable across Python versions)."""
    return min(int(rng.random() * count), count - 1)


def random_placement(rules: BoggleRules, rng: random.Random) -> Placement:
    """A roll of the preset's dice (Fisher-Yates, then a face each), from `rng`."""
    order = list(range(len(rules.dice)))
    for i in range(len(order) - 1, 0, -1):
        j = _below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple((die, _below(rng, 6)) for die in order[: rules.size * rules.size])


def placement_of(grid: Grid, rules: BoggleRules) -> Placement:
    """The placement that shows `grid`; ValueError when the dice cannot show it."""
    if grid.size != rules.size:
        raise ValueError(f"a {grid.size}x{grid.size} grid for a {rules.size}x{rules.size} preset")
    dice = assign_dice(grid.faces, rules.dice)
    if dice is None:
        raise ValueError(f"the {rules.dice.name} dice cannot show {grid.text}")
    return tuple(
        (die, rules.dice.dice[die].index(face)) for die, face in zip(dice, grid.faces, strict=True)
    )


def _moves(rules: BoggleRules, placement: Placement) -> list[Placement]:
    """Every placement one move away that shows another grid: each die turned to each of
    its other letters, each two dice with different faces swapped (cells in order)."""
    dice = rules.dice.dice
    shown = [dice[die][face] for die, face in placement]
    found: list[Placement] = []
    for cell, (die, _face) in enumerate(placement):
        letters = {shown[cell]}
        for other in range(6):  # the first face of each other letter
            if dice[die][other] not in letters:
                letters.add(dice[die][other])
                moved = list(placement)
                moved[cell] = (die, other)
                found.append(tuple(moved))
    for a in range(len(placement)):
        for b in range(a + 1, len(placement)):
            if shown[a] != shown[b]:
                moved = list(placement)
                moved[a], moved[b] = moved[b], moved[a]
                found.append(tuple(moved))
    return found


def _random_move(
    rules: BoggleRules, placement: Placement, rng: random.Random, turn: float
) -> Placement:
    """One random move: turn a die (to a face showing another letter) or swap two dice."""
    dice = rules.dice.dice
    cells = len(placement)
    moved = list(placement)
    cell = _below(rng, cells)
    die, face = placement[cell]
    if rng.random() < turn:
        others = [f for f in range(6) if dice[die][f] != dice[die][face]]
        if others:
            moved[cell] = (die, others[_below(rng, len(others))])
            return tuple(moved)
    other = _below(rng, cells - 1)
    other += other >= cell
    moved[cell], moved[other] = moved[other], moved[cell]
    return tuple(moved)


def _anneal(
    rules: BoggleRules, scorer: _Scorer, placement: Placement, rng: random.Random, plan: Schedule
) -> tuple[Placement, int]:
    """One restart's annealing from `placement`: where it ends and its points."""
    (points,) = scorer.score([placement])
    for step in range(plan.steps):
        candidate = _random_move(rules, placement, rng, plan.turn_share)
        (value,) = scorer.score([candidate])
        worse = points - value
        if worse <= 0 or rng.random() < math.exp(-worse / plan.temperature(step)):
            placement, points = candidate, value
    return placement, points


def _polish(
    rules: BoggleRules, scorer: _Scorer, placement: Placement, points: int
) -> tuple[int, Grid]:
    """Greedy climb: the best grid one move away while it scores more; where it ends."""
    while True:
        moves = _moves(rules, placement)
        values = scorer.score(moves)
        best = max(range(len(moves)), key=values.__getitem__)
        if values[best] <= points:
            return points, grid_of_compact(rules.size, scorer.text(placement))
        placement, points = moves[best], values[best]


def search(
    rules: BoggleRules,
    lexicon: Lexicon,
    seed: int,
    budget: Budget,
    plan: Schedule | None = None,
    start: Grid | None = None,
) -> Best:
    """The best grid found for `rules` under `lexicon` before `budget` stops: restarts of
    annealing (`plan`, else the preset's) and polish, the first from `start` (legal for
    the dice) or a random roll.
    ValueError when `start` is not a grid of these dice or the budget grants nothing."""
    plan = schedule_for(rules) if plan is None else plan
    rng = random.Random(seed)
    first = placement_of(start, rules) if start is not None else random_placement(rules, rng)
    scorer = _Scorer(rules, lexicon, budget)
    try:
        (start_points,) = scorer.score([first])
    except _Stopped:
        raise ValueError("the budget granted no grid at all") from None
    ends: list[tuple[int, Grid]] = []
    restarts = 0
    placement = first
    try:
        while True:
            restarts += 1
            end, points = _anneal(rules, scorer, placement, rng, plan)
            ends.append(_polish(rules, scorer, end, points))
            placement = random_placement(rules, rng)
    except _Stopped:
        pass
    assert scorer.best is not None
    points, words, best = scorer.best
    text = scorer.text
    return Best(
        grid=grid_of_compact(rules.size, text(best)),
        dice=tuple(die for die, _ in best),
        points=points,
        words=words,
        start=grid_of_compact(rules.size, text(first)),
        start_points=start_points,
        iterations=scorer.iterations,
        found_at=scorer.found_at,
        restarts=restarts,
        ends=tuple(ends),
    )
