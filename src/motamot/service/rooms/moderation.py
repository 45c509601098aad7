"""What the host (or the system) decides for everybody in a room, the same in every kind:
the settings, whether strangers see the room, removing a person (docs/rules.md, P1), and
a deleted account's seats renamed; and what the server's operators alone do (the system,
seat None: the moderation page and the command line): a message removed, a person
removed even from a rated game in play, the room closed for good.
"""

from __future__ import annotations

import msgspec

from motamot.service.rooms.base import RoomBase, S
from motamot.service.rooms.events import (
    ChatRemoved,
    Event,
    RoomClosed,
    SeatRemoved,
    SeatRenamed,
    SettingsChanged,
)
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.seating import anonymous_name
from motamot.service.rooms.settings import pin_dictionary, settings_refusal


class Moderation(RoomBase[S]):
    """The host's and the system's commands of every room (the host is checked already)."""

    def _remove_player(
        self, seat: str | None, target: str, now: float, out: list[Event]
    ) -> Refusal | None:
        """P1: the host removes a person, present or gone (so that they do not come
        back); never themselves (they leave), never a computer player (remove_bot)."""
        found = self.seats.get(target)
        if found is None or found.is_bot:
            return Refusal("not_a_person", {"seat": target})
        if target == seat:
            return Refusal("remove_self")
        if found.removed:
            return Refusal("already_removed", {"name": found.name})
        if seat is not None and self.rated and self.settings_closed() is not None:
            # a rated game is not won by removing the player ahead (the operator may)
            return Refusal("rated_in_play")
        self._before_removal(target, now, out)
        self._emit(SeatRemoved(self._next, target, now, operator=seat is None), out)
        return None

    def _remove_message(self, said: int, now: float, out: list[Event]) -> Refusal | None:
        """The operator removes the line numbered `said` (among those the room keeps)."""
        refusal = self.chat.removal(said)
        if refusal is None:
            self._emit(ChatRemoved(self._next, said, now), out)
        return refusal

    def _close(self, now: float, out: list[Event]) -> Refusal | None:
        """The operator closes the room: nothing more is taken (`handle`); never a room
        the server runs for everybody (the arena's, the daily grid's)."""
        if not self.CLOSABLE:
            return Refusal("not_closable")
        self._emit(RoomClosed(self._next, now), out)
        return None

    def _anonymise(self, seat: str | None, player: str, out: list[Event]) -> Refusal | None:
        """A deleted account's seats get free names; only the system asks it."""
        if seat is not None:
            return Refusal("not_host")
        for taken in list(self.seats.values()):
            if taken.player == player:
                name = anonymous_name(other.name for other in self.seats.values())
                self._emit(SeatRenamed(self._next, taken.seat, name), out)
        return None

    def _change_settings(self, settings: S, out: list[Event]) -> Refusal | None:
        settings = pin_dictionary(settings, self.lexicons)
        refusal = self.settings_closed() or settings_refusal(settings, self.lexicons)
        if refusal is None and bool(getattr(settings, "rated", False)) != self.rated:
            refusal = Refusal("rated_fixed")  # chosen at creation: who may sit depends on it
        if refusal is not None:
            return refusal
        self._before_settings(out)
        self._emit(SettingsChanged(self._next, settings), out)
        return None

    def _set_public(self, public: bool, out: list[Event]) -> Refusal | None:
        """Only `public` changes: no rule, seat or round depends on it, so it may change
        while a round or a game runs (and no match is reset)."""
        if not hasattr(self.settings, "public"):
            return Refusal("unknown_command")  # a kind whose rooms are never listed
        if self.public != public:
            changed = msgspec.structs.replace(self.settings, public=public)  # type: ignore[type-var]
            self._emit(SettingsChanged(self._next, changed), out)
        return None
