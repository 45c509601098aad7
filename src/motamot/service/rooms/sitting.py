"""Sitting down and getting up, the same in every kind: joining (or taking one's seat
back), leaving, saying one is ready, and the host's computer players.

The checks on a name or a token live in `rooms.seating`; the kind's hooks
(`joining_closed`, `seat_refusal`...) say when its rules close seating.
"""

from __future__ import annotations

import secrets

import msgspec

from motamot.service.rooms.base import RoomBase, S
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.events import Event, ReadyChanged, SeatLeft, SeatTaken
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.seating import (
    digest_refusal,
    free_bot_name,
    name_refusal,
    next_seat,
)


class Sitting(RoomBase[S]):
    """The seat commands of every room."""

    def _join(
        self, seat: str | None, command: Join, now: float, out: list[Event]
    ) -> Refusal | None:
        if self.is_present(seat):
            return Refusal("already_seated")
        invite = self.created.invite
        if invite is not None and not secrets.compare_digest(command.invite or "", invite):
            return Refusal("watch_only")
        if self._was_removed(command):
            return Refusal("removed")
        refusal = self.joining_closed() or digest_refusal(command.secret_digest)
        if refusal is None and self.rated and not command.account:
            refusal = Refusal("rated_needs_account")
        if refusal is not None:
            return refusal
        for other in self.seats.values():
            if other.is_bot:
                continue
            if other.name != command.name:
                continue
            same_token = not other.present and other.secret_digest == command.secret_digest
            if same_token or (command.player is not None and other.player == command.player):
                # the same token back, or the same lasting player under the same name from
                # another device (its new token proves the seat from now on)
                digest = other.secret_digest if same_token else command.secret_digest
                again = SeatTaken(self._next, other.seat, other.name, digest, at=now)
                self._emit(msgspec.structs.replace(again, player=other.player), out)
                return None
        # a seat taken back (above) is no new seat: only a newcomer needs a free one
        refusal = self.seat_refusal(bot=False) or name_refusal(
            command.name, self.RESERVED_IN_NAMES, self.names_in_use()
        )
        if refusal is not None:
            return refusal
        self._sit_new(command, now, out)
        return None

    def _sit_new(self, command: Join, now: float, out: list[Event]) -> None:
        """The newcomer of `command` takes the next seat (every check passed)."""
        new = next_seat(len(self.seats))
        taken = SeatTaken(
            self._next,
            new,
            command.name,
            command.secret_digest,
            at=now,
            player=command.player,
            account=command.account,
            marks=command.marks if self.rated else (),
        )
        self._emit(taken, out)

    def _was_removed(self, command: Join) -> bool:
        """Whether the person joining was removed from this room (P1): their seat's token,
        or their lasting player."""
        for other in self.seats.values():
            if not other.removed:
                continue
            if other.secret_digest is not None and secrets.compare_digest(
                other.secret_digest, command.secret_digest
            ):
                return True
            if command.player is not None and other.player == command.player:
                return True
        return False

    def _leave(self, seat: str | None, now: float, out: list[Event]) -> Refusal | None:
        if not self.is_person(seat):
            return Refusal("not_seated")
        refusal = self.leaving_closed()
        if refusal is None:
            assert seat is not None
            self._emit(SeatLeft(self._next, seat, now), out)
        return refusal

    def _set_ready(self, seat: str | None, ready: bool, out: list[Event]) -> Refusal | None:
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        if self.seats[seat].ready != ready:
            self._emit(ReadyChanged(self._next, seat, ready), out)
        return None

    def _add_bot(self, command: AddBot, now: float, out: list[Event]) -> Refusal | None:
        refusal = self.seating_closed()
        if refusal is not None:
            return refusal
        if command.level not in self.BOT_LEVELS:
            return Refusal("unknown_level", {"level": command.level})
        refusal = self.seat_refusal(bot=True)
        if refusal is not None:
            return refusal
        name = command.name or free_bot_name(seat.name for seat in self.seats.values())
        refusal = name_refusal(name, self.RESERVED_IN_NAMES, self.names_in_use())
        if refusal is not None:
            return refusal
        seat = next_seat(len(self.seats))
        self._emit(SeatTaken(self._next, seat, name, level=command.level, at=now), out)
        return None

    def _remove_bot(self, target: str, now: float, out: list[Event]) -> Refusal | None:
        refusal = self.seating_closed()
        if refusal is not None:
            return refusal
        if target not in self.seats or not self.seats[target].is_bot:
            return Refusal("not_a_bot", {"seat": target})
        if not self.seats[target].present:
            return Refusal("not_seated", {"seat": target})
        self._emit(SeatLeft(self._next, target, now), out)
        return None
