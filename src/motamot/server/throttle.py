"""Flood control: buckets of credits (a message costs one from each bucket it draws on).

Credits refill at a steady rate up to a ceiling, so bursts are fine (tracing a few words
fast) but a client that keeps sending faster than the refill runs dry and is closed
(code 1008, policy violation). A socket draws on its seat's bucket (however many sockets
the seat opens) and on its address's (however many seats one machine holds).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: A client address's bucket: several people may play behind one address (a family, a
#: school), so it is a few seats' worth.
ADDRESS_CAPACITY = 200.0
ADDRESS_PER_SECOND = 40.0
#: Addresses remembered before the full buckets (idle addresses) are forgotten.
ADDRESSES_KEPT = 10_000


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

    def wait(self, now: float) -> float:
        """Seconds from `now` until a credit is back (0: one is left)."""
        if self._at is None:
            return 0.0
        level = min(self.capacity, self._level + max(0.0, now - self._at) * self.per_second)
        return 0.0 if level >= 1.0 else (1.0 - level) / self.per_second

    def full(self, now: float) -> bool:
        """Whether the bucket would be full at `now` (nothing spent lately)."""
        if self._at is None:
            return True
        return self._level + max(0.0, now - self._at) * self.per_second >= self.capacity


class AddressCredits:
    """One bucket per client address, the idle ones forgotten when there are many."""

    def __init__(self) -> None:
        self._buckets: dict[str, Credits] = {}

    def spend(self, address: str, now: float) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= ADDRESSES_KEPT:
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full(now)}
            bucket = self._buckets[address] = Credits(ADDRESS_CAPACITY, ADDRESS_PER_SECOND)
        return bucket.spend(now)

    def __len__(self) -> int:
        return len(self._buckets)
