"""What a room tells strangers: a row of the lobby, and whose move it waits for.

A kind's room says it (`Actor.listing`) from its state alone, inside its actor, each
time its events are stored: the lobby (`service.lobby`) is a projection of these, so
every process reads the same rows whichever process runs the room. Nothing secret is
in it (no rack, no seed, no token): the names seated, the rules, the clock.
"""

from __future__ import annotations

import msgspec

from motamot.names import PlayerNameError, check_name


class ListedSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Somebody sitting in the room now."""

    name: str
    #: The lasting player of a person's seat (never sent to a browser: the lobby's
    #: ratings and « à vous de jouer » read it).
    player: str | None = None
    #: A computer player's level (None: a person).
    bot: str | None = None


class Listing(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A room as strangers may know it."""

    kind: str
    #: The preset (Boggle) or ruleset (Topword) it plays.
    variant: str
    #: The rating family its games count for.
    family: str
    dictionary: str
    #: Seconds of its clock: a round (Boggle), a move (Topword); None: no clock.
    clock: float | None
    #: False: correspondence (a move may take days; the room stays listed longer).
    live: bool
    rated: bool
    public: bool
    seats: tuple[ListedSeat, ...]
    #: Seats a person may take now (0: full, or seating closed: a game started, a match
    #: over).
    free: int
    #: The lasting players whose move the room waits for (« à vous de jouer »).
    awaited: tuple[str, ...] = ()

    @property
    def people(self) -> int:
        return sum(1 for seat in self.seats if seat.bot is None)

    def listed(self, reserved: str = "") -> bool:
        """Whether the lobby shows it: public, somebody there to play with, a seat free,
        and every name fit to be shown (a name the rules refuse never appears)."""
        return (
            self.public
            and self.free > 0
            and self.people > 0
            and all(fit_name(seat.name, reserved) for seat in self.seats)
        )


def fit_name(name: str, reserved: str = "") -> bool:
    """Whether `name` passes today's name rules (`motamot.names`): a room stored under
    older rules may hold one that does not."""
    try:
        check_name(name, reserved)
    except PlayerNameError:
        return False
    return True
