"""Calibrate the computer levels' fixed ratings by self-play (docs/rules.md, R4).

    python tools/calibrate_bot_ratings.py [--boggle-matches 400] [--topword-games 100] [--seed 1]

For each rating family the levels play seeded free-for-all games against one another:
Boggle one-round matches with every level in the room (4×4 `classic-fr`, and the big
grids with `big`), Topword games of the three table levels with the seats rotated
(`topword-fr`, `upwords-en`). The levels finish in the same order nearly every time,
so wins alone would push their ratings apart without end; their points say by how
much one is stronger: for each pair of levels, `share` is one's mean part of the two
scores of a game. The ratings are those for which the model's own chance of winning
(Plackett-Luce between two: 1 / (1 + exp(-(mu_a - mu_b) / c)), c the two players'
spread, sigma `BOT_SIGMA` each) is that share: mu_a - mu_b = c * logit(share), fitted
by least squares over every pair (each level's mean difference to the others). Then
the family's mus are moved together so that the weakest level is a new player's
rating (mu 25, shown 1500): a newcomer meets the beginner as an equal. Same options,
same file: src/motamot/service/players/data/bot_ratings.json.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from motamot.boggle.bots import BOT_LEVELS, bot_sheet, get_level
from motamot.boggle.grid import roll
from motamot.boggle.round import judge_round
from motamot.boggle.rules import get_preset
from motamot.lexicon import load_lexicon
from motamot.service.players.ratings import MODEL, NEW, SCALE
from motamot.topword.bots import LEVELS
from motamot.topword.selfplay import selfplay_game
from motamot.topword.tiles import get_ruleset

DATA = Path(__file__).resolve().parent.parent / "src/motamot/service/players/data"
BOGGLE_FAMILIES = {"boggle-4x4": "classic-fr", "boggle-big": "big"}
TOPWORD_FAMILIES = {"topword-fr": "topword-fr", "upwords-en": "upwords-en"}
#: The levels a person meets at a table (the champion is not one of them yet).
TOPWORD_LEVELS = tuple(level for level in LEVELS if level != "champion")

#: A level's sigma: its strength is known (it plays the same way every game).
BOT_SIGMA = 1.0
#: A game: the levels' scores, in the order of `levels`.
Game = Callable[[int], Sequence[int]]


def boggle_game(preset: str) -> tuple[tuple[str, ...], Game]:
    rules = get_preset(preset)
    lexicon = load_lexicon("fr")
    levels = tuple(BOT_LEVELS)

    def play(seed: int) -> Sequence[int]:
        grid = roll(rules, seed)
        sheets = [
            bot_sheet(level, grid, rules, lexicon, get_level(level), seed * 8 + index)
            for index, level in enumerate(levels)
        ]
        result = judge_round(grid, rules, lexicon, sheets, rules.duration_seconds)
        return [result.result_of(level).total for level in levels]

    return levels, play


def topword_game(ruleset_name: str) -> tuple[tuple[str, ...], Game]:
    ruleset = get_ruleset(ruleset_name)
    lexicon = load_lexicon(ruleset.dictionary)
    levels = TOPWORD_LEVELS

    def play(seed: int) -> Sequence[int]:
        _, result = selfplay_game(levels, seed, lexicon, ruleset, rotation=seed % len(levels))
        return result.scores

    return levels, play


def calibrate(levels: Sequence[str], play: Game, games: int, seed: int) -> dict[str, object]:
    """Each level's published rating in one family, and what the games gave."""
    rng = random.Random(seed)
    scores = [list(play(rng.getrandbits(48))) for _ in range(games)]
    count = len(levels)
    spread = math.sqrt(2 * (BOT_SIGMA**2 + MODEL.beta**2))
    gaps = [[0.0] * count for _ in range(count)]
    shares: dict[str, float] = {}
    for a in range(count):
        for b in range(count):
            if a == b:
                continue
            share = sum(_share(game[a], game[b]) for game in scores) / games
            share = min(max(share, 0.001), 0.999)
            gaps[a][b] = spread * math.log(share / (1 - share))
            if a < b:
                shares[f"{levels[a]}/{levels[b]}"] = round(share, 4)
    fitted = [sum(row) / count for row in gaps]
    shift = NEW.mu - min(fitted)
    firsts = [sum(1 for game in scores if game[i] == max(game)) for i in range(count)]
    return {
        "levels": {
            level: {
                "mu": round(fitted[i] + shift, 4),
                "sigma": BOT_SIGMA,
                "games": games,
                "shown": round(SCALE * (fitted[i] + shift)),
                "mean_score": round(sum(game[i] for game in scores) / games, 2),
                "first": firsts[i],
            }
            for i, level in enumerate(levels)
        },
        "shares": shares,
    }


def _share(mine: int, theirs: int) -> float:
    """One's part of two scores (two zeros: even)."""
    total = mine + theirs
    return 0.5 if total <= 0 else max(mine, 0) / max(total, 1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boggle-matches", type=int, default=400)
    parser.add_argument("--topword-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DATA / "bot_ratings.json")
    args = parser.parse_args(argv)
    families: dict[str, object] = {}
    shares: dict[str, object] = {}
    started = time.perf_counter()
    plans = [
        *((f, boggle_game(p), args.boggle_matches) for f, p in BOGGLE_FAMILIES.items()),
        *((f, topword_game(r), args.topword_games) for f, r in TOPWORD_FAMILIES.items()),
    ]
    for family, (levels, play), games in plans:
        found = calibrate(levels, play, games, args.seed)
        families[family], shares[family] = found["levels"], found["shares"]
        print(f"{family}: {found} ({time.perf_counter() - started:.0f} s)", flush=True)
    command = (
        f"python tools/calibrate_bot_ratings.py --boggle-matches {args.boggle_matches}"
        f" --topword-games {args.topword_games} --seed {args.seed}"
    )
    data = {
        "about": "each computer level's fixed rating per family, calibrated by self-play "
        "(docs/rules.md, R4); `first`: games it finished first (ties counted for each); "
        "`shares`: a level's mean part of the points of the two",
        "command": command,
        "anchor": "the weakest level of each family is a new player's rating (mu 25)",
        "families": families,
        "shares": shares,
    }
    args.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
