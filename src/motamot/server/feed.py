"""Fan-out inside one server process: one subscription per room, many sockets.

A room's stored events arrive once from the Broadcaster, are decoded once,
and each connected seat gets `visible(event, seat)` (an event it may not see
still passes as `hidden`, its number only, so the numbering has no holes). An
event the room gives an audience (`Actor.audience`: in the arena, a seat's own events
go to nobody live, the writer has its word's verdict in its answer) goes to those
seats' sockets only, found by seat, and to nobody else: their pages take numbers with
holes. Each socket has a bounded outbox: a client too
slow to drain it is dropped, and resyncs from its last seq when it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from motamot.server.frames import Error, Events, Presence
from motamot.server.protocol import encode
from motamot.server.texts import server_error_text
from motamot.server.throttle import Credits
from motamot.service.rooms.events import RoomClosed, SeatRemoved
from motamot.service.rooms.shown import Frame, Hidden, plain
from motamot.service.waiters import SeqWaiters
from motamot.text.i18n import Language

#: Messages queued for one socket before it counts as stuck.
OUTBOX_LIMIT = 512

Visible = Callable[[Any, str | None], Frame | None]
#: Who an event is for: None, everybody; else these seats only (`Actor.audience`).
Audience = Callable[[Any], tuple[str, ...] | None]


def everybody(event: Any) -> None:
    """The audience of a room whose every event goes to every socket."""
    del event


#: Our own close code: a newer socket of the same seat took over (the page stops).
CLOSE_REPLACED = 4409
#: Our own close code: the host removed this seat from the room (P1; the page stops).
CLOSE_REMOVED = 4410
#: Our own close code: the operator banned the player (the page stops).
CLOSE_BANNED = 4451
#: Our own close code: the operator closed the room (the page stops).
CLOSE_CLOSED = 4452


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
    #: The language the socket's page reads (what it is told when it is closed).
    lang: Language = "fr"
    #: The lasting players behind the socket: its seat's, its browser's (a ban names them).
    players: frozenset[str] = frozenset()
    #: The socket's number in this process (which part of a summary sent in parts it is in).
    number: int = field(default_factory=itertools.count().__next__)
    #: What came for the socket while its first frame was made (None: sent as it comes).
    #: A page takes numbered events only after its welcome: an event before it would look
    #: like a gap and cost the whole room again.
    held: list[str | int] | None = None

    def hold(self) -> None:
        """Keep what comes until `release`: the socket's welcome is being made."""
        self.held = []

    def release(self, first: str) -> None:
        """Send `first` (the welcome, or the events the page missed), then what was held,
        in order (the page skips the events its welcome already holds)."""
        held, self.held = self.held or [], None
        self._send(first)
        for item in held:
            if isinstance(item, str):
                self._send(item)
            else:
                self._close_after(item)

    def push(self, frame: str) -> None:
        if self.held is not None:
            self.held.append(frame)
        else:
            self._send(frame)

    def _send(self, frame: str) -> None:
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
        self._close_after(CLOSE_REPLACED)

    def dismiss(self, code: str, close: int) -> None:
        """Tell the page why in its language (`code`, a server error), then close with
        `close` once the frames before are sent (room.seat_removed among them)."""
        self.push(encode(Error(code, server_error_text(code, self.lang))))
        self._close_after(close)

    def turn_away(self, code: str, close: int) -> None:
        """`dismiss` a socket whose welcome was never sent (banned while it opened): what
        it held of the room is dropped, it is told why and closed."""
        self.held = None
        self.dismiss(code, close)

    def _close_after(self, close: int) -> None:
        """Close with `close` once the frames before are sent."""
        if self.held is not None:
            self.held.append(close)
            return
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(close)


def event_frames(
    events: list[Any], seat: str | None, visible: Visible, sparse: bool = False
) -> list[Frame]:
    """What `seat` may see of `events`, each numbered: `hidden` for one it may not see,
    or, for a `sparse` room (`Actor.SPARSE`: its pages take numbers with holes), left out."""
    out: list[Frame] = []
    for event in events:
        shown = visible(event, seat)
        if shown is not None:
            out.append(shown)
        elif not sparse:
            out.append(plain(Hidden(event.seq)))
    return out


class RoomFeed:
    """The listeners of one room in this process, fed from the room's subscription."""

    def __init__(self, visible: Visible, audience: Audience = everybody) -> None:
        self.visible = visible
        self.audience = audience
        self.listeners: set[Listener] = set()
        #: Each seat's socket here (a seat has one at a time).
        self._by_seat: dict[str, Listener] = {}
        #: Who is connected is told to the room's sockets (not in a kind without presence).
        self.presence_shown = True
        self.task: asyncio.Task[None] | None = None
        #: Each seat's credits, whichever of its sockets spends them: opening more
        #: sockets of one seat does not give it more messages per second.
        self._credits: dict[str, Credits] = {}
        #: The last event delivered here (from the room's seq when the feed subscribed),
        #: and the answers waiting for the events before theirs (`reach`).
        self.seq = 0
        self._reaching = SeqWaiters()

    def add(self, listener: Listener) -> None:
        """A socket joins the room here. A seat has one socket at a time: the newer one
        closes the older (the same person's other tab), and it spends the seat's credits."""
        if listener.seat is not None:
            older = self._by_seat.get(listener.seat)
            if older is not None:
                older.replaced()
                self.listeners.discard(older)
            self._by_seat[listener.seat] = listener
            listener.credits = self._credits.setdefault(listener.seat, listener.credits)
        self.listeners.add(listener)

    @property
    def seated(self) -> int:
        """The seats with a socket here (spectators are not counted)."""
        return len(self._by_seat)

    def remove(self, listener: Listener) -> None:
        """A socket leaves the room here."""
        self.listeners.discard(listener)
        if listener.seat is not None and self._by_seat.get(listener.seat) is listener:
            del self._by_seat[listener.seat]

    def broadcast(self, frame: str, share: tuple[int, int] = (0, 1)) -> int:
        """Every socket here gets `frame` (a room's live summary), or only those of the
        `share` (k, n): the k-th of n parts, each socket always in the same part (so that
        a summary to thousands goes out in parts, between which the loop serves words).
        How many got it."""
        part, parts = share
        sent = 0
        for listener in list(self.listeners):
            if parts == 1 or listener.number % parts == part:
                listener.push(frame)
                sent += 1
        return sent

    async def reach(self, seq: int, timeout: float) -> bool:
        """Until every event up to `seq` was delivered here, or `timeout` s (False). A
        writer's answer carries its own events, and the page takes them: sent before the
        events stored just before (which another process wrote, or which are still on their
        way from the store's subscription), they would show the page a hole and make it
        resync."""
        if self.seq >= seq:
            return True
        return await self._reaching.wait(seq, timeout)

    def deliver(self, events: list[Any]) -> None:
        """Each socket gets the events as its seat sees them; an event with an audience
        goes to its seats' sockets alone (looked up by seat: nothing is done for the
        others), in order with the rest."""
        self._deliver(events)
        if events:
            self.seq = max(self.seq, events[-1].seq)
            if self._reaching:
                self._reaching.reached(self.seq)

    def _deliver(self, events: list[Any]) -> None:
        run: list[Any] = []
        for event in events:
            meant = self.audience(event)
            if meant is None:
                run.append(event)
                continue
            if run:
                self._deliver_all(run)
                run = []
            for seat in meant:
                listener = self._by_seat.get(seat)
                frames = event_frames([event], seat, self.visible, sparse=True)
                if listener is not None and frames:
                    listener.push(encode(Events(frames)))
        if run:
            self._deliver_all(run)

    def _deliver_all(self, events: list[Any]) -> None:
        """Events for every socket, as each seat sees them. A frame is encoded once per
        seat, and once for all seats that see the same objects (a round's results, shown
        alike to everybody, are one string in every outbox)."""
        by_seat: dict[str | None, str] = {}
        #: frames by the identity of what they show; each entry keeps its objects alive, so
        #: an identity is never reused by another object while it is compared
        by_shown: dict[tuple[int, ...], tuple[str, list[Frame]]] = {}
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
        removed = {e.seat: e.operator for e in events if isinstance(e, SeatRemoved)}
        for listener in [one for one in self.listeners if one.seat in removed]:
            # P1: told (by whom), and the page stops
            code = "moderated" if removed[listener.seat or ""] else "removed"
            listener.dismiss(code, CLOSE_REMOVED)
            self.listeners.discard(listener)
        if any(isinstance(event, RoomClosed) for event in events):
            for listener in list(self.listeners):  # the operator closed the room
                listener.dismiss("room_closed", CLOSE_CLOSED)
            self.listeners.clear()

    def dismiss(self, players: frozenset[str], code: str, close: int) -> None:
        """Close the sockets of `players` here, each told why (`code`) in its language."""
        for listener in [one for one in self.listeners if one.players & players]:
            listener.dismiss(code, close)
            self.listeners.discard(listener)

    def presence(self) -> list[str]:
        """The seats with at least one socket open in this process."""
        return sorted({listener.seat for listener in self.listeners if listener.seat is not None})

    def announce_presence(self, seats: list[str]) -> None:
        """Tell every socket here which seats are connected (in any process)."""
        self.broadcast(encode(Presence(seats)))
