"""Word pace benchmark: `python benchmarks/bench_word_pace.py` (docs/rules.md, F4).

How often the bound on words faster than people type (`service/boggle/pace.py`) flags
plays that are not scripts, and how fast the computer players write. Printed, for the
classic French grids of seeds 0 to `--grids` - 1 and rounds of 180 s:

- each bot level's sheets (`boggle.bots.bot_sheet`): the most words it wrote within one
  second, its fastest rate from first word to last, and how many sheets the bound flags;
- people written as a Poisson process (a pessimistic model: real typing leaves a gap
  between two words, Poisson does not): at 1.1 words a second (the fastest people over a
  round, issue 35) and at one word every 4.5 s (the load model's people,
  `benchmarks/load/model.py`), the share of rounds flagged;
- a paste: 41 words in 0.3 s, and scripts at 2 and 5 words a second, flagged or not.

    python benchmarks/bench_word_pace.py [--grids 200] [--rounds 2000]
"""

from __future__ import annotations

import argparse
import os
import random

from motamot.boggle.bots import BOT_LEVELS, bot_sheet
from motamot.boggle.grid import roll
from motamot.boggle.rules import get_preset
from motamot.lexicon import load_lexicon
from motamot.service.boggle.pace import PACE, too_fast

ROUND = 180.0


def most_within(times: list[float], seconds: float) -> int:
    """The most words written within `seconds` of each other."""
    best, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= seconds:
            first += 1
        best = max(best, last - first + 1)
    return best


def poisson(rate: float, rng: random.Random) -> list[float]:
    times, at = [], rng.expovariate(rate)
    while at <= ROUND:
        times.append(at)
        at += rng.expovariate(rate)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grids", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f}; bound: {PACE}")
    rules = get_preset("classic-fr")
    lexicon = load_lexicon("fr")
    grids = [roll(rules, seed) for seed in range(args.grids)]
    for name, level in BOT_LEVELS.items():
        burst = flagged = 0
        rate = 0.0
        for seed, grid in enumerate(grids):
            times = [e.at for e in bot_sheet("bot", grid, rules, lexicon, level, seed).entries]
            burst = max(burst, most_within(times, 1.0))
            if len(times) > 1 and times[-1] > times[0]:
                rate = max(rate, (len(times) - 1) / (times[-1] - times[0]))
            flagged += too_fast(times) is not None
        print(
            f"bot {name:12} most words within 1 s: {burst}; fastest rate {rate:.2f} words/s;"
            f" flagged {flagged} of {len(grids)}"
        )
    rng = random.Random(1)
    for label, rate in (("people at 1.1 words/s", 1.1), ("people, a word every 4.5 s", 1 / 4.5)):
        flagged = sum(too_fast(poisson(rate, rng)) is not None for _ in range(args.rounds))
        print(f"{label:28} (Poisson) flagged {flagged} of {args.rounds} rounds")
    pastes = {
        "41 words in 0.3 s": [n * 0.0075 for n in range(41)],
        "script at 5 words/s": [n * 0.2 for n in range(41)],
        "script at 2 words/s": [n * 0.5 for n in range(41)],
    }
    for label, times in pastes.items():
        print(f"{label:28} flagged: {too_fast(times)}")


if __name__ == "__main__":
    main()
