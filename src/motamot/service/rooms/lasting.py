"""Seats of lasting players: one seat per player, found by player and by token digest.

The arena and the daily grid seat thousands of strangers in one room. The shared
actor's join compares a newcomer with every seat and finds a token by scanning them;
here both are index lookups, so thousands of joins cost as many steps, not their square.
"""

from __future__ import annotations

from motamot.service.rooms.actor import Actor, Lexicons, S
from motamot.service.rooms.commands import Join
from motamot.service.rooms.events import Event, RoomCreated, SeatTaken
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.seating import digest_refusal, name_refusal


class LastingSeatsActor(Actor[S]):
    """An actor whose every seat is a lasting player's (a signed-in or remembered one)."""

    #: The refusal of a join that names no lasting player.
    NEEDS_PLAYER = "needs_player"

    def __init__(self, created: RoomCreated[S], lexicons: Lexicons) -> None:
        #: Each lasting player's seat, and each token's seat.
        self.by_player: dict[str, str] = {}
        self._by_digest: dict[str, str] = {}
        super().__init__(created, lexicons)

    def names_in_use(self) -> list[str]:
        """None: strangers share names."""
        return []

    def _join(
        self, seat: str | None, command: Join, now: float, out: list[Event]
    ) -> Refusal | None:
        """Coming back (a reload, another device) takes the player's seat back with the
        new token; a removed player stays out; a join that names no player is refused."""
        if command.player is None:
            return Refusal(self.NEEDS_PLAYER)
        known = self.by_player.get(command.player)
        if known is not None and self.seats[known].removed:
            return Refusal("removed")
        refusal = self.joining_closed() or digest_refusal(command.secret_digest)
        if refusal is None and known is None:
            refusal = self.seat_refusal(bot=False) or name_refusal(
                command.name, self.RESERVED_IN_NAMES, ()
            )
        if refusal is not None:
            return refusal
        if known is not None:
            name = self.seats[known].name
            taken = SeatTaken(
                self._next, known, name, command.secret_digest, at=now, account=command.account
            )
            self._emit(taken, out)
            return None
        self._sit_new(command, now, out)
        return None

    def seat_with_digest(self, digest: str) -> str | None:
        """The seat whose token has this digest, found in an index (a hash of a token
        the client cannot choose the digest of: a lookup tells it nothing of the others)."""
        return self._by_digest.get(digest)

    def apply(self, event: Event) -> None:
        if isinstance(event, SeatTaken) and event.seat in self.seats:
            old = self.seats[event.seat].secret_digest
            if event.secret_digest is not None and old is not None:
                self._by_digest.pop(old, None)  # taken back with a new token
        super().apply(event)
        if isinstance(event, SeatTaken):
            if event.player is not None:
                self.by_player.setdefault(event.player, event.seat)
            digest = self.seats[event.seat].secret_digest
            if digest is not None:
                self._by_digest[digest] = event.seat
