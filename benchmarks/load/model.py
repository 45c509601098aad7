"""What players do, as data: how often they write, what they write, whether rounds end.

Two presets. `people` (issue 27): a player writes at Poisson times (mean 4.5 s
between words), mostly words of the grid it has not written yet (stored,
accepted, shown to the room), some junk (stored too: a WordWritten the
dictionary refuses), a few repeats of its own words (refused `duplicate_entry`
from memory, nothing stored), and rounds end at their deadline. `old` is the
benchmark before it: a word every 2 s, drawn from the grid's words plus as
many copies of one junk word (so about half the answers are duplicates), and a
round that never ends within the run.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass


@dataclass(frozen=True)
class Model:
    name: str
    #: mean seconds between two words of a player (Poisson) or the fixed beat
    gap: float
    poisson: bool
    #: shares of a player's words: fresh grid words, junk, repeats of its own words
    grid: float
    junk: float
    repeat: float
    #: rounds end at their deadline (else they last the whole run)
    ends: bool
    #: seconds between two pings (None: no ping)
    ping_every: float | None

    def first_gap(self, rng: random.Random) -> float:
        """Seconds before a player's first word of a round."""
        return self.next_gap(rng) if self.poisson else rng.random() * self.gap

    def next_gap(self, rng: random.Random) -> float:
        return rng.expovariate(1.0 / self.gap) if self.poisson else self.gap


PEOPLE = Model("people", 4.5, True, 0.75, 0.20, 0.05, True, 5.0)
OLD = Model("old", 2.0, False, 0.5, 0.5, 0.0, False, None)
MODELS = {model.name: model for model in (PEOPLE, OLD)}

#: The old model's one junk word (its copies after the first are duplicates).
OLD_JUNK = "XQZW"


class Sheet:
    """One player's words in one round: picks the next word the model says to write."""

    def __init__(self, model: Model, words: list[str], rng: random.Random) -> None:
        self.model = model
        self.rng = rng
        self.words = words
        self.fresh = words[:]
        rng.shuffle(self.fresh)
        self.written: list[str] = []

    def next_word(self) -> tuple[str, str]:
        """(kind, text): kind is `grid`, `junk` or `repeat`, what the player meant."""
        if self.model.name == OLD.name:
            return self._old()
        roll = self.rng.random()
        if roll < self.model.repeat and self.written:
            return "repeat", self.rng.choice(self.written)
        if roll < self.model.repeat + self.model.junk or not self.fresh:
            return "junk", self._junk()
        text = self.fresh.pop()
        self.written.append(text)
        return "grid", text

    def _old(self) -> tuple[str, str]:
        """Uniform over the grid's words and as many copies of OLD_JUNK (with replacement)."""
        count = max(1, len(self.words))
        pick = self.rng.randrange(2 * count) if self.words else count
        if pick < len(self.words):
            return "grid", self.words[pick]
        return "junk", OLD_JUNK

    def _junk(self) -> str:
        """Letters that are almost surely no word of the dictionary, new each time."""
        text = "".join(self.rng.choices(string.ascii_uppercase, k=self.rng.randint(5, 7)))
        self.written.append(text)
        return text
