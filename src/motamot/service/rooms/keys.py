"""Action keys: a seat's action applied at most once, however often the page sends it.

A page gives each action a player did (a word, a move, a submission, a message) a key of
its own (random + a counter) and sends it again, with the same key, until the room
answers: after a socket died, a reload, a server restart, from another process. The key
is stored in the event the action made (its `key` field), so the room knows it from its
events alone, wherever and whenever it is rebuilt; a resend of a key already applied is
answered with that event's number and changes nothing.

What is remembered is bounded: each seat's last `KEPT_PER_SEAT` keys. A page never has
more actions in flight than that (its sends are capped well below), so the key of any
action it may still send again is among them.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

#: What a key may be: 1 to 64 of [A-Za-z0-9_-] (anything else is refused unread).
ActionKey = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
#: Keys remembered per seat (a page keeps at most 16 actions in flight: `outbox.js`).
KEPT_PER_SEAT = 32


class ActionKeys:
    """The last keys each seat's actions were applied with, and the event each made."""

    __slots__ = ("_by_seat",)

    def __init__(self) -> None:
        self._by_seat: dict[str, dict[str, int]] = {}

    def applied(self, seat: str | None, key: str | None) -> int | None:
        """The seq of the event that applied `seat`'s action `key` (None: never, or
        forgotten long ago)."""
        if seat is None or key is None:
            return None
        kept = self._by_seat.get(seat)
        return None if kept is None else kept.get(key)

    def remember(self, event: Any) -> None:
        """Note the key of a folded event that carries one (with the seat that acted)."""
        key: str | None = getattr(event, "key", None)
        if key is None:
            return
        kept = self._by_seat.setdefault(event.seat, {})
        kept[key] = event.seq
        if len(kept) > KEPT_PER_SEAT:
            del kept[next(iter(kept))]  # the oldest (a dict keeps its insertion order)


def carries_key(event: Any) -> bool:
    """Whether `event`'s type stores an action's key (and the seat that acted)."""
    return "key" in getattr(type(event), "__struct_fields__", ())


def key_of(command: Any) -> str | None:
    """The action key a command carries (None: none, or a command that takes none)."""
    key: str | None = getattr(command, "key", None)
    return key
