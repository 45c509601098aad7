"""Computer players (B15: one person can play a real round against them).

A bot finds a realistic share of the grid's words, shorter and commoner words
first, at a human pace: it sorts the grid's words by a noisy difficulty
(length, plus rare letters as a stand-in for rare words, since the word lists
carry no frequencies), keeps its level's share of them, and writes them one by
one with human-like gaps, stopping at the end of the round. Everything comes
from the seed (through `Random.random()` only), so a round replays.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from motamot.boggle.grid import Grid
from motamot.boggle.round import Entry, Sheet
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import solve
from motamot.lexicon import Lexicon

#: How hard a letter makes a word to spot or to know (0: common ... 3: rare).
_LETTER_RARITY = {letter: 0.0 for letter in "AEINORSTUL"} | {
    **dict.fromkeys("CDMP", 0.5),
    **dict.fromkeys("BFGHV", 1.0),
    **dict.fromkeys("JKQWXYZ", 2.0),
}


@dataclass(frozen=True)
class BotLevel:
    """A computer player's strength."""

    name: str
    #: The share of the grid's words it would find in a full round.
    share: float
    #: The typical time between two words at the quickest, in seconds.
    min_gap: float
    #: How much chance mixes the order (0: strictly easiest first).
    noise: float
    #: Seconds before the first word.
    warm_up: float

    def __post_init__(self) -> None:
        if not 0 < self.share <= 1 or self.min_gap <= 0 or self.noise < 0 or self.warm_up < 0:
            raise ValueError(f"bot level {self.name!r}: out-of-range setting")


BEGINNER = BotLevel("beginner", share=0.07, min_gap=9.0, noise=1.0, warm_up=8.0)
INTERMEDIATE = BotLevel("intermediate", share=0.14, min_gap=6.0, noise=1.5, warm_up=6.0)
ADVANCED = BotLevel("advanced", share=0.25, min_gap=4.0, noise=2.0, warm_up=4.0)
EXPERT = BotLevel("expert", share=0.45, min_gap=2.5, noise=2.5, warm_up=3.0)

BOT_LEVELS: dict[str, BotLevel] = {
    level.name: level for level in (BEGINNER, INTERMEDIATE, ADVANCED, EXPERT)
}


def get_level(name: str) -> BotLevel:
    """The level called `name`; ValueError listing the known names otherwise."""
    try:
        return BOT_LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r} (known: {', '.join(BOT_LEVELS)})") from None


def difficulty(word: str) -> float:
    """How hard a word is to find: its length plus its rare letters."""
    return len(word) + sum(_LETTER_RARITY.get(letter, 1.0) for letter in word)


def bot_sheet(
    player: str,
    grid: Grid,
    rules: BoggleRules,
    lexicon: Lexicon,
    level: BotLevel,
    seed: int,
    duration: float | None = None,
) -> Sheet:
    """The words a bot writes during a round of `duration` seconds (the rules' by
    default), with the time of each."""
    rng = random.Random(seed)
    limit = float(rules.duration_seconds if duration is None else duration)
    words = [entry.word for entry in solve(grid, rules, lexicon).words]
    if not words:
        return Sheet(player, ())
    keyed = sorted(words, key=lambda w: (difficulty(w) + level.noise * 4 * rng.random(), w))
    wanted = max(1, round(level.share * len(words)))
    chosen = keyed[:wanted]
    gap = max(level.min_gap, (limit - level.warm_up) / (wanted + 1))
    entries: list[Entry] = []
    clock = level.warm_up * (0.5 + rng.random())
    for word in chosen:
        # Longer words take longer to find and write; exponential-like spread.
        spread = -math.log(1.0 - 0.9 * rng.random())
        thinking = gap * (0.3 + 0.7 * spread) * (0.6 + len(word) / 10)
        # Writing takes time: about a second, plus a quarter of a second a letter.
        clock += max(thinking, 1.0 + 0.25 * len(word))
        if clock > limit:
            break
        entries.append(Entry(word.lower(), round(clock, 1)))
    return Sheet(player, tuple(entries))
