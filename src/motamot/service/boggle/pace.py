"""Words faster than people type (docs/rules.md, F4): read from the times the referee
stored with each word, so that a play pasted from another's words or written by a
script is « hors classement », its player told why, and listed for the operator.

The bounds are data, and generous: the fastest people sustain about 1.1 words a second
over a round, and a person's bursts are bounded by their typing; the computer players'
expert writes a word every 1.75 s at best (`boggle.bots`). `benchmarks/bench_word_pace.py`
measures how often the bounds flag the bots and people written as a Poisson process
(a pessimistic model: real typing leaves a gap between two words).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PaceBound:
    """`burst` words within `burst_seconds`, or at least `sustained_words` words at more
    than `sustained_rate` a second from the first to the last, is faster than people."""

    burst: int = 10
    burst_seconds: float = 1.0
    sustained_words: int = 20
    sustained_rate: float = 1.5


PACE = PaceBound()


@dataclass(frozen=True, slots=True)
class TooFast:
    """The evidence: which bound, how many words, over how many seconds (from `at`)."""

    bound: str
    words: int
    seconds: float
    at: float

    @property
    def rate(self) -> float:
        return self.words / self.seconds if self.seconds > 0 else float("inf")


def too_fast(times: Sequence[float], bound: PaceBound = PACE) -> TooFast | None:
    """Whether the words written at `times` (the referee's, in order) came faster than
    people type, and the evidence; None: a person's pace."""
    count = len(times)
    for first in range(count - bound.burst + 1):
        span = times[first + bound.burst - 1] - times[first]
        if span < bound.burst_seconds:
            return TooFast("burst", bound.burst, round(span, 3), times[first])
    if count >= bound.sustained_words:
        span = times[-1] - times[0]
        if span <= 0 or (count - 1) / span > bound.sustained_rate:
            return TooFast("sustained", count, round(span, 3), times[0])
    return None
