"""Flood control: a bucket of credits per connection (a message costs one).

Credits refill at a steady rate up to a ceiling, so bursts are fine (tracing
a few words fast) but a client that keeps sending faster than the refill
runs dry and is closed (code 1008, policy violation).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Credits:
    """`capacity` credits, refilled at `per_second`; `spend(now)` says whether one was left."""

    capacity: float = 40.0
    per_second: float = 8.0
    _level: float = field(default=-1.0, repr=False)
    _at: float | None = field(default=None, repr=False)

    def spend(self, now: float) -> bool:
        if self._at is None:
            self._level, self._at = self.capacity, now
        elapsed = max(0.0, now - self._at)
        self._level = min(self.capacity, self._level + elapsed * self.per_second)
        self._at = now
        if self._level < 1.0:
            return False
        self._level -= 1.0
        return True
