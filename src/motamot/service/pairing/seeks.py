"""A seek: somebody waiting for a quick pairing (one per lasting player at a time)."""

from __future__ import annotations

import msgspec


class Seek(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who waits, for what game, since when."""

    #: Random: the notices and the results name a seek by it.
    id: str
    #: The lasting player (one seek each).
    player: str
    #: The name they will sit under.
    name: str
    #: Signed in (a rated game seats only accounts: docs/rules.md, R1).
    account: bool
    #: Their shown rating in the ruleset's family (None: not an account). Pairing is
    #: rating-aware only between two seeks that both have one.
    rating: int | None
    ruleset: str
    #: A name of `paces.PACES`.
    pace: str
    rated: bool
    #: sha256 of the seat token the seeker's socket holds (the token never leaves it).
    digest: str
    #: Referee time it began waiting.
    since: float
    #: A live seek counts until then unless the process holding its socket renews it
    #: (None: by correspondence, it waits without a socket).
    alive_until: float | None = None
    #: Where the seek came from, as digests ("" unknown): the client address (none for a
    #: proxy's own, many players') and the browser's identity. Two seeks of one address
    #: or one browser are never paired (F18).
    origin: str = ""
    browser: str = ""

    @property
    def live(self) -> bool:
        return self.alive_until is not None


class Pairing(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Two seeks paired: the first waited longer."""

    first: Seek
    second: Seek
