"""Flood control: buckets of credits (a message costs one from each bucket it draws on).

Credits refill at a steady rate up to a ceiling, so bursts are fine (tracing a few words
fast) but a client that keeps sending faster than the refill runs dry and is closed
(code 1008, policy violation). A socket draws on its seat's bucket (however many sockets
the seat opens): that is what judges a flood. It also draws on its address's, a much
larger ceiling that grows with the sockets the address holds (docs/rules.md, F17): a
club of 100 behind one Wi-Fi sends about 42 messages a second in the arena, which one
bucket of 40 for the whole address closed at random; a script that opens many sockets
to add them up is held by the sockets' quota (`server.quotas`) and `ADDRESS_MOST_SOCKETS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

#: A client address's bucket, whatever its sockets: several people may play behind one
#: address (a family, a school), so it is a few seats' worth...
ADDRESS_CAPACITY = 200.0
ADDRESS_PER_SECOND = 40.0
#: ... and it grows with each socket the address holds (a player sends about one message
#: every two seconds: a word every 4.5 s and a ping every 5 s)...
SOCKET_SHARE_CAPACITY = 10.0
SOCKET_SHARE_PER_SECOND = 2.0
#: ... up to this many sockets' worth (the sockets' quota is 128 an address by default).
ADDRESS_MOST_SOCKETS = 200
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

    def give_back(self) -> None:
        """The credit last spent was not used after all (a sign-in that succeeded)."""
        if self._at is not None:
            self._level = min(self.capacity, self._level + 1.0)

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


def address_budget(sockets: int) -> tuple[float, float]:
    """(capacity, per second) of an address that holds `sockets` sockets."""
    shares = min(sockets, ADDRESS_MOST_SOCKETS)
    capacity = max(ADDRESS_CAPACITY, SOCKET_SHARE_CAPACITY * shares)
    return capacity, max(ADDRESS_PER_SECOND, SOCKET_SHARE_PER_SECOND * shares)


class AddressCredits:
    """One bucket per client address, sized by the sockets it holds (`sockets`), the idle
    ones forgotten when there are many."""

    def __init__(self, sockets: Callable[[str], int] = lambda address: 1) -> None:
        self._buckets: dict[str, Credits] = {}
        self._sockets = sockets

    def spend(self, address: str, now: float) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= ADDRESSES_KEPT:
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full(now)}
            bucket = self._buckets[address] = Credits(ADDRESS_CAPACITY, ADDRESS_PER_SECOND)
        bucket.capacity, bucket.per_second = address_budget(self._sockets(address))
        return bucket.spend(now)

    def give_back(self, address: str) -> None:
        """The credit `address` last spent was not used (a retryable refusal)."""
        bucket = self._buckets.get(address)
        if bucket is not None:
            bucket.give_back()

    def __len__(self) -> int:
        return len(self._buckets)


#: Keys of actions refused as retryable remembered in one process (the oldest go first).
HELD_KEPT = 20_000


class HeldKeys:
    """The keys of actions refused as retryable (nothing happened), by room and seat: the
    page sends each again when the part that failed is back, and that replay costs no
    credit (each note buys one free replay), so a page's resends are never a flood."""

    def __init__(self, kept: int = HELD_KEPT) -> None:
        self._kept = kept
        self._keys: dict[tuple[str, str, str], None] = {}

    def note(self, room: str, seat: str | None, key: str | None) -> None:
        if seat is None or key is None:
            return
        self._keys[(room, seat, key)] = None
        if len(self._keys) > self._kept:
            del self._keys[next(iter(self._keys))]

    def take(self, room: str, seat: str | None, key: str | None) -> bool:
        """Whether this action is the replay of one refused as retryable (forgotten now)."""
        if seat is None or key is None:
            return False
        entry = (room, seat, key)
        if entry not in self._keys:
            return False
        del self._keys[entry]
        return True

    def __len__(self) -> int:
        return len(self._keys)
