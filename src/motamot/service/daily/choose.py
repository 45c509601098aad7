"""Choosing the day's grid among rolls (G11-G13): a grid everybody plays should be worth
playing, so the day's seed draws candidate seeds in a fixed order and the first whose
grid holds enough words and points, in the weekday's band, is the day's.

Rules as data: each preset's floor and bands (`BANDS`), Monday the richest grid (the
easiest), Sunday the leanest above the floor (the hardest). The numbers are percentiles
of the word counts and points of 20,000 rolls of each preset with its own word list
(floor: words at the 30th, points at the 25th). Pure: no clock, no global random; the
solver's totals are the same with or without its compiled kernel, so is the choice.
"""

from __future__ import annotations

import datetime
import functools
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from motamot.boggle.grid import roll
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import batch_totals
from motamot.lexicon import Lexicon

#: The first day whose grid is chosen; the days before keep the raw roll of their seed
#: (G13), as the rooms stored for them hold it.
CHOSEN_FROM = datetime.date(2026, 12, 7)
#: Candidates looked at, at most (in the band, each is about one in seven).
MAX_CANDIDATES = 256
#: Candidates solved at once (the compiled solver takes a batch in one call).
BATCH = 16
_SEED_BITS = 53


@dataclass(frozen=True)
class Band:
    """How many words a chosen grid holds, at least and at most."""

    least: int
    most: int

    def holds(self, words: int) -> bool:
        return self.least <= words <= self.most


@dataclass(frozen=True)
class DailyBands:
    """A preset's floor (words and points every chosen grid has) and its seven bands of
    words, Monday first (G11, G12)."""

    words: int
    points: int
    week: tuple[Band, Band, Band, Band, Band, Band, Band]

    def floor(self, words: int, points: int) -> bool:
        return words >= self.words and points >= self.points


def _week(*bands: tuple[int, int]) -> tuple[Band, Band, Band, Band, Band, Band, Band]:
    mon, tue, wed, thu, fri, sat, sun = (Band(least, most) for least, most in bands)
    return mon, tue, wed, thu, fri, sat, sun


#: Each preset's floor and bands (percentiles of words, Monday to Sunday: 80-95, 70-85,
#: 60-75, 50-65, 45-60, 40-55, 30-45).
BANDS: dict[str, DailyBands] = {
    "classic-fr": DailyBands(
        65, 85, _week((145, 220), (125, 165), (105, 135), (90, 115), (85, 105), (80, 100), (65, 85))
    ),
    "classic-en": DailyBands(
        50, 55, _week((100, 135), (85, 105), (75, 90), (65, 80), (60, 75), (55, 70), (50, 60))
    ),
    "new-en": DailyBands(
        55, 60, _week((105, 150), (95, 120), (80, 100), (70, 85), (65, 80), (65, 75), (55, 65))
    ),
    "big": DailyBands(
        125,
        250,
        _week((275, 410), (235, 305), (200, 250), (175, 215), (160, 200), (150, 185), (125, 160)),
    ),
    "super-big": DailyBands(
        185,
        405,
        _week((375, 540), (320, 410), (280, 345), (245, 300), (230, 280), (215, 260), (185, 230)),
    ),
}


def candidates(seed: int) -> Iterator[int]:
    """The seeds a day looks at, in order: its own seed, then draws of a Random seeded
    with it (from `random()` alone, whose sequence Python keeps from version to version)."""
    yield seed
    rng = random.Random(seed)
    while True:
        yield int(rng.random() * 2**_SEED_BITS)


@functools.lru_cache(maxsize=64)
def choose(rules: BoggleRules, lexicon: Lexicon, seed: int, weekday: int) -> int:
    """The seed of the day's grid: the first candidate of `seed` whose grid meets the
    preset's floor with its words in the band of `weekday` (0: Monday); failing that
    among `MAX_CANDIDATES`, the first that meets the floor; failing that, `seed` itself.
    A preset without bands keeps `seed` (G11-G12)."""
    bands = BANDS.get(rules.name)
    if bands is None:
        return seed
    band = bands.week[weekday]
    fallback: int | None = None
    drawn = itertools.islice(candidates(seed), MAX_CANDIDATES)
    while chunk := list(itertools.islice(drawn, BATCH)):
        compacts = [roll(rules, candidate).compact for candidate in chunk]
        for candidate, (words, points) in zip(
            chunk, batch_totals(compacts, rules.size, rules, lexicon, None), strict=True
        ):
            if not bands.floor(words, points):
                continue
            if band.holds(words):
                return candidate
            if fallback is None:
                fallback = candidate
    return seed if fallback is None else fallback
