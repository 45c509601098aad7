"""Fit the Topword leave values from seeded self-play (reproducible: same options, same file).

    python tools/fit_topword_leaves.py [--ruleset topword-fr] [--games 3000] [--seed 1]

Two greedy players play `--games` seeded games; `motamot.topword.bots.fit`
pairs each leave with the points of the player's next move and fits the
leave features (see `motamot.topword.bots.leave`) by ridge least squares.
The result goes to src/motamot/topword/bots/data/leaves-<ruleset>.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from motamot.lexicon import load_lexicon
from motamot.topword.bots.fit import Sample, fit, game_samples
from motamot.topword.bots.leave import LeaveModel, leave_file_name
from motamot.topword.game import Game, generator_can_play
from motamot.topword.selfplay import SCORELESS_LIMIT
from motamot.topword.tiles import get_ruleset

DATA = Path(__file__).resolve().parent.parent / "src" / "motamot" / "topword" / "bots" / "data"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="topword-fr")
    parser.add_argument("--dict", default=None)
    parser.add_argument("--games", type=int, default=3000)
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
