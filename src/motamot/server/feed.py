"""Fan-out inside one server process: one subscription per room, many sockets.

A room's stored events arrive once from the Broadcaster, are decoded once,
and each connected seat gets `visible(event, seat)` (an event it may not see
still passes as `hidden`, its number only, so the numbering has no holes). Each
socket has a bounded outbox: a client too slow to drain it is dropped, and
resyncs from its last seq when it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from motamot.server.frames import Events, Presence
from motamot.server.protocol import encode
from motamot.server.throttle import Credits
from motamot.service.rooms.shown import Hidden, plain

#: Messages queued for one socket before it counts as stuck.
OUTBOX_LIMIT = 512

Visible = Callable[[Any, str | None], dict[str, Any] | None]


#: Our own close code: a newer socket of the same seat took over (the page stops).
CLOSE_REPLACED = 4409


@dataclass(eq=False)
class Listener:
    """One socket's view of a room: its seat, its credits and the frames waiting to be sent
    (a number in the outbox closes the socket with that code; None: too slow, 1008)."""

    seat: str | None
    credits: Credits = field(default_factory=Credits)
    outbox: asyncio.Queue[str | int | None] = field(
        default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT)
    )
    #: Set when the outbox overflowed: the socket must be closed (the client resyncs).
    stuck: bool = False

    def push(self, frame: str) -> None:
        if self.stuck:
            return
        try:
            self.outbox.put_nowait(frame)
        except asyncio.QueueFull:
            self.stuck = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.get_nowait()
                self.outbox.put_nowait(None)

    def replaced(self) -> None:
        """A newer socket holds this seat now: close this one once its frames are sent."""
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(CLOSE_REPLACED)


def event_frames(events: list[Any], seat: str | None, visible: Visible) -> list[dict[str, Any]]:
    """What `seat` may see of `events`, each numbered (`hidden` for one it may not see)."""
    out: list[dict[str, Any]] = []
    for event in events:
        shown = visible(event, seat)
        out.append(shown if shown is not None else plain(Hidden(event.seq)))
    return out


class RoomFeed:
    """The listeners of one room in this process, fed from the room's subscription."""

    def __init__(self, visible: Visible) -> None:
        self.visible = visible
        self.listeners: set[Listener] = set()
        self.task: asyncio.Task[None] | None = None
        #: Each seat's credits, whichever of its sockets spends them: opening more
        #: sockets of one seat does not give it more messages per second.
        self._credits: dict[str, Credits] = {}

    def add(self, listener: Listener) -> None:
        """A socket joins the room here. A seat has one socket at a time: the newer one
        closes the older (the same person's other tab), and it spends the seat's credits."""
        if listener.seat is not None:
            for older in [other for other in self.listeners if other.seat == listener.seat]:
                older.replaced()
                self.listeners.discard(older)
            listener.credits = self._credits.setdefault(listener.seat, listener.credits)
        self.listeners.add(listener)

    def deliver(self, events: list[Any]) -> None:
        """Each socket gets the events as its seat sees them. A frame is encoded once per
        seat, and once for all seats that see the same objects (a round's results, shown
        alike to everybody, are one string in every outbox)."""
        by_seat: dict[str | None, str] = {}
        #: frames by the identity of what they show; each entry keeps its objects alive, so
        #: an identity is never reused by another object while it is compared
        by_shown: dict[tuple[int, ...], tuple[str, list[dict[str, Any]]]] = {}
        for listener in list(self.listeners):
            frame = by_seat.get(listener.seat)
            if frame is None:
                frames = event_frames(events, listener.seat, self.visible)
                shown = tuple(id(item) for item in frames)
                known = by_shown.get(shown)
                frame = known[0] if known is not None else encode(Events(frames))
                by_shown.setdefault(shown, (frame, frames))
                by_seat[listener.seat] = frame
            listener.push(frame)

    def presence(self) -> list[str]:
        """The seats with at least one socket open in this process."""
        return sorted({listener.seat for listener in self.listeners if listener.seat is not None})

    def announce_presence(self, seats: list[str]) -> None:
        """Tell every socket here which seats are connected (in any process)."""
        frame = encode(Presence(seats))
        for listener in list(self.listeners):
            listener.push(frame)
