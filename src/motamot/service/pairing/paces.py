"""The paces a quick pairing offers (rules as data): a live clock per move, or days per
move by correspondence. A pace is a table's turn clock (`TopwordSettings.turn_seconds`,
whose one bound allows both)."""

from __future__ import annotations

from dataclasses import dataclass

#: From a day per move on, a game is by correspondence (its player may come back later).
CORRESPONDENCE_SECONDS = 86_400


@dataclass(frozen=True)
class Pace:
    """A clock per move, by name."""

    name: str
    seconds: float

    @property
    def live(self) -> bool:
        """A live game: both players at their screens (a live seek dies with its socket)."""
        return self.seconds < CORRESPONDENCE_SECONDS


PACES: dict[str, Pace] = {
    pace.name: pace
    for pace in (
        Pace("1m", 60),
        Pace("2m", 120),
        Pace("1d", CORRESPONDENCE_SECONDS),
        Pace("3d", 3 * CORRESPONDENCE_SECONDS),
    )
}
