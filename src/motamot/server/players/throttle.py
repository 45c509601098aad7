"""Sign-in and account creation, rate limited per address and per name.

Buckets of credits (`server.throttle.Credits`): an address may try `ADDRESS_TRIES` times
(signing in or creating an account), then one more every `ADDRESS_REFILL` seconds; a
name may be tried `NAME_TRIES` times, then one more every `NAME_REFILL` seconds (so a
password is not guessed from many addresses). Kept in the process: with several server
processes, each counts its own.
"""

from __future__ import annotations

import math

from motamot.server.throttle import Credits

ADDRESS_TRIES = 10
ADDRESS_REFILL = 60.0
NAME_TRIES = 5
NAME_REFILL = 120.0
#: Keys remembered before the idle (full) ones are forgotten.
KEPT = 10_000


class Buckets:
    """One bucket of `tries` credits per key, one back every `refill` seconds."""

    def __init__(self, tries: int, refill: float) -> None:
        self.tries = tries
        self.refill = refill
        self._buckets: dict[str, Credits] = {}

    def spend(self, key: str, now: float) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= KEPT:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full(now)}
            bucket = self._buckets[key] = Credits(float(self.tries), 1.0 / self.refill)
        return bucket.spend(now)

    def wait(self, key: str, now: float) -> float:
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait(now)


class SignInLimits:
    """The limits of the account forms (sign-in and creation share them)."""

    def __init__(self) -> None:
        self.addresses = Buckets(ADDRESS_TRIES, ADDRESS_REFILL)
        self.names = Buckets(NAME_TRIES, NAME_REFILL)

    def allow(self, address: str, name_key: str, now: float) -> bool:
        """Whether one more try from `address` for the name `name_key` may go on."""
        by_address = self.addresses.spend(address, now)
        by_name = self.names.spend(name_key, now) if name_key else True
        return by_address and by_name

    def retry_after(self, address: str, name_key: str, now: float) -> int:
        """Whole seconds until `allow` may say yes again (at least 1)."""
        waits = [self.addresses.wait(address, now)]
        if name_key:
            waits.append(self.names.wait(name_key, now))
        return max(1, math.ceil(max(waits)))
