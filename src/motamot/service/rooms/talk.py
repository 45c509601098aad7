"""Talking in a room as a command (docs/rules.md, C1-C5): who may talk and when; what may
be said, and how fast, is `rooms.chat`'s."""

from __future__ import annotations

from motamot.service.rooms.base import RoomBase, S
from motamot.service.rooms.commands import Say, SayPhrase, SwitchChat
from motamot.service.rooms.events import ChatSaid, ChatSwitched, Event
from motamot.service.rooms.outcomes import Refusal


class Talking(RoomBase[S]):
    """The chat commands of every room."""

    def _talk(
        self, seat: str | None, command: Say | SayPhrase | SwitchChat, now: float, out: list[Event]
    ) -> Refusal | None:
        """C1-C5: a seated person says something, if the room lets them; the host (checked
        already) turns the chat on or off."""
        if not self.HAS_CHAT:
            return Refusal("chat_none")
        if isinstance(command, SwitchChat):
            if self.chat.on != command.on:
                self._emit(ChatSwitched(self._next, command.on, seat), out)
            return None
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        said = self.chat.message(seat, command, now, self.public, self.free_text_closed)
        if isinstance(said, Refusal):
            return said
        self._emit(ChatSaid(self._next, seat, now, *said), out)
        return None
