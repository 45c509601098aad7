"""Fit the Topword leave values from seeded self-play (reproducible: same options, same file).

    python tools/fit_topword_leaves.py [--ruleset topword-fr] [--games 2000] [--seed 1]

Two greedy players play `--games` seeded games. After each move or exchange
made while the pile still holds tiles, the tiles the player kept (its leave)
are recorded with the points of that player's next move. A ridge-regularised
least-squares fit of those points on the leave's features (a count per tile,
duplicates, vowel/consonant gap; see `motamot.topword.bots.leave`), with an
intercept for the average move, gives each feature's worth in points
relative to drawing a fresh tile. The result goes to
src/motamot/topword/bots/data/leaves-<ruleset>.json.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from motamot.lexicon import load_lexicon
from motamot.topword.bots.leave import FEATURES, LeaveModel, leave_features, leave_file_name
from motamot.topword.bots.players import GreedyBot
from motamot.topword.bots.view import Exchange, Play, apply_decision, kept_tiles, view_of
from motamot.topword.game import Action, Game, generator_can_play
from motamot.topword.selfplay import SCORELESS_LIMIT
from motamot.topword.tiles import get_ruleset

DATA = Path(__file__).resolve().parent.parent / "src" / "motamot" / "topword" / "bots" / "data"

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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="topword-fr")
    parser.add_argument("--dict", default=None)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=20.0)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    ruleset = get_ruleset(args.ruleset)
    dictionary = args.dict or ruleset.dictionary
    lexicon = load_lexicon(dictionary)
    can_play = generator_can_play(ruleset, lexicon)
    started = time.perf_counter()
    samples: list[Sample] = []
    for index in range(args.games):
        seed = args.seed * 1_000_000 + index
        game = Game(
            ["p1", "p2"],
            seed,
            lexicon,
            ruleset,
            can_play=can_play,
            scoreless_limit=SCORELESS_LIMIT,
        )
        samples.extend(game_samples(game, seed))
    played = time.perf_counter() - started
    weights, intercept = fit(samples, args.ridge)
    source = {
        "ruleset": ruleset.name,
        "dictionary": dictionary,
        "games": args.games,
        "seed": args.seed,
        "ridge": args.ridge,
        "samples": len(samples),
        "policy": "greedy self-play, two players",
        "target": "points of the player's next move",
        "intercept": round(intercept, 3),
    }
    model = LeaveModel.from_weights(weights, source)
    out = args.out or DATA / leave_file_name(ruleset)
    out.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
    print(
        f"{args.games} games, {len(samples)} leaves in {played:.1f} s; "
        f"intercept {intercept:.2f} points; wrote {out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
