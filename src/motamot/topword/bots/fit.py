"""Fitting leave values from self-play (used by tools/fit_topword_leaves.py).

After each move or exchange made while the pile still holds tiles, the tiles
the player kept are paired with the points of that player's next move; a
ridge-regularised least-squares fit of those points on the leave features,
with an intercept for the average move, gives each feature's worth in points
relative to drawing a fresh tile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from motamot.topword.bots.leave import FEATURES, leave_features
from motamot.topword.bots.players import GreedyBot
from motamot.topword.bots.view import Exchange, Play, apply_decision, kept_tiles, view_of
from motamot.topword.game import Action, Game

Sample = tuple[list[float], float]


def game_samples(game: Game, seed: int) -> list[Sample]:
    """Play one greedy game; (features of a leave, points of the same player's next move)."""
    bots = [GreedyBot(random.Random(seed * 8 + seat + 1)) for seat in range(len(game.players))]
    waiting: dict[int, list[float]] = {}
    samples: list[Sample] = []
    while not game.finished:
        player = game.current
        view = view_of(game)
        decision = bots[player].choose(view)
        turn = apply_decision(game, decision)
        if player in waiting:
            samples.append((waiting.pop(player), float(turn.points)))
        if isinstance(decision, Play):
            kept = kept_tiles(view.rack, [tile for _, tile in decision.move.placements])
        elif isinstance(decision, Exchange):
            kept = kept_tiles(view.rack, [decision.tile])
        else:
            continue
        if turn.action is not Action.PASS and len(game.bag) > 0:
            waiting[player] = leave_features(kept)
    return samples


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well-posed)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit(samples: Sequence[Sample], ridge: float) -> tuple[list[float], float]:
    """Weights per feature (in FEATURES order) and the intercept."""
    size = len(FEATURES) + 1
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for features, target in samples:
        nonzero = [(i, x) for i, x in enumerate(features) if x] + [(size - 1, 1.0)]
        for i, xi in nonzero:
            xty[i] += xi * target
            row = xtx[i]
            for j, xj in nonzero:
                row[j] += xi * xj
    for i in range(size - 1):
        xtx[i][i] += ridge
    weights = solve(xtx, xty)
    return weights[:-1], weights[-1]
