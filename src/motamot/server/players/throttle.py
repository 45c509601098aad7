"""Sign-in and account creation, limited by their failures (docs/rules.md, F10-F12).

A try takes a credit from each bucket it is judged by, before the password is checked
(so that tries sent together cannot all pass a bucket with one credit left), and gives
them back when it succeeds: only failures spend. The buckets
(`server.throttle.Credits`, one credit back every `refill` seconds up to `tries`):

- a name, for tries from a browser it never signed in on: `NAME_TRIES` failures, then
  one every `NAME_REFILL` s (a password is not guessed from many addresses);
- a name on a browser where its account signed in before (`known`): a bucket of that
  browser's own, `KNOWN_TRIES` failures then one every `KNOWN_REFILL` s, so that
  nobody else's failures ever lock the owner out of their own browser;
- an address, for tries from browsers it does not know: `ADDRESS_TRIES` failures, then
  one every `ADDRESS_REFILL` s. Sized for a school behind one address: 30 pupils who
  all mistype twice at the start of a lesson fit, a script guessing for a whole day
  gets 7,200 tries spread over names that each allow 720.

Account creation uses the address's bucket and one per name it tries (`new:` + key).
Kept in the process: with several server processes, each counts its own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from motamot.server.throttle import Credits

ADDRESS_TRIES = 60
ADDRESS_REFILL = 12.0
NAME_TRIES = 5
NAME_REFILL = 120.0
KNOWN_TRIES = 5
KNOWN_REFILL = 60.0
#: Keys remembered before the idle (full) ones are forgotten.
KEPT = 10_000


class Buckets:
    """One bucket of `tries` credits per key, one back every `refill` seconds."""

    def __init__(self, tries: int, refill: float) -> None:
        self.tries = tries
        self.refill = refill
        self._buckets: dict[str, Credits] = {}

    def bucket(self, key: str, now: float) -> Credits:
        found = self._buckets.get(key)
        if found is None:
            if len(self._buckets) >= KEPT:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full(now)}
            found = self._buckets[key] = Credits(float(self.tries), 1.0 / self.refill)
        return found


class Try:
    """One try's buckets: taken together, given back together if it succeeds."""

    def __init__(self, buckets: Sequence[Credits]) -> None:
        self.buckets = tuple(buckets)

    def succeeded(self) -> None:
        for bucket in self.buckets:
            bucket.give_back()


class SignInLimits:
    """The limits of the account forms (sign-in and creation)."""

    def __init__(self) -> None:
        self.addresses = Buckets(ADDRESS_TRIES, ADDRESS_REFILL)
        self.names = Buckets(NAME_TRIES, NAME_REFILL)
        self.known = Buckets(KNOWN_TRIES, KNOWN_REFILL)

    def _take(self, buckets: list[Credits], now: float) -> Try | int:
        """A credit of each bucket, or (none taken) whole seconds until each has one."""
        waits = [bucket.wait(now) for bucket in buckets]
        if any(wait > 0 for wait in waits):
            return max(1, math.ceil(max(waits)))
        for bucket in buckets:
            bucket.spend(now)
        return Try(buckets)

    def sign_in(self, address: str, name_key: str, known: str | None, now: float) -> Try | int:
        """A sign-in try for the name `name_key`: from a browser where its account signed
        in before (`known`: that browser's id), judged by that browser's bucket alone;
        else by the address's and the name's. The try, or the seconds to wait."""
        if known is not None:
            return self._take([self.known.bucket(f"{known}:{name_key}", now)], now)
        return self._take(
            [self.addresses.bucket(address, now), self.names.bucket(name_key, now)], now
        )

    def sign_up(self, address: str, name_key: str, now: float) -> Try | int:
        """A try at creating the account `name_key`: the try, or the seconds to wait."""
        return self._take(
            [self.addresses.bucket(address, now), self.names.bucket("new:" + name_key, now)], now
        )
