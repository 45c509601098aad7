"""What the server needs from the service layer, in one place: the rooms port.

`Rooms` turns protocol messages into room commands for the seat a token
proved, asks the RoomHost to run them (stored before acknowledged), and
keeps one `RoomFeed` per followed room fed from the Broadcaster. Nothing
here touches a room's state except through the host and the room's own
`view`/`visible`, so the host can become multi-process behind these calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from motamot.server import protocol as p
from motamot.server.feed import Listener, RoomFeed, event_frames
from motamot.service import boggle_room as br
from motamot.service.boggle_events import BoggleSettings
from motamot.service.events import Event, decode
from motamot.service.host import RoomHost, draw_seed
from motamot.service.outcomes import Ack, Refusal
from motamot.service.ports import Broadcaster, Clock
from motamot.service.room import Room

#: Beyond this many missed events a client gets its full view instead.
RESYNC_LIMIT = 500


def token_digest(token: str) -> str:
    """The sha256 (hex) of a seat token: what the room stores, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class Outcome:
    """A command's answer for the socket: refused (code, fields) or stored (seq, events)."""

    refused: tuple[str, dict[str, object]] | None = None
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)


class Rooms:
    """The server's port onto the rooms of one RoomHost."""

    def __init__(
        self, broadcaster: Broadcaster, clock: Clock, host: RoomHost | None = None
    ) -> None:
        self._host = host
        self.broadcaster = broadcaster
        self.clock = clock
        self.feeds: dict[str, RoomFeed] = {}

    def start(self, host: RoomHost, broadcaster: Broadcaster | None = None) -> None:
        """Serve the rooms of `host` (opened once the event loop runs); with several
        processes, follow them through `broadcaster` (the host's replicas)."""
        self._host = host
        if broadcaster is not None:
            self.broadcaster = broadcaster

    @property
    def host(self) -> RoomHost:
        if self._host is None:
            raise RuntimeError("the rooms are not started")
        return self._host

    def now(self) -> float:
        return self.clock.now()

    async def create(self, settings: BoggleSettings) -> str | Refusal:
        return await self.host.create(settings)

    async def _room(self, room_id: str) -> Room | None:
        """The room, loaded by the host if it is not in memory yet (None if unknown)."""
        if await self.host.view(room_id, None) is None:
            return None
        return self.host.room(room_id)

    async def exists(self, room_id: str) -> bool:
        return await self._room(room_id) is not None

    async def join(self, room_id: str, name: str) -> tuple[str, str] | Refusal:
        """A new seat for `name`: (seat, token), the token shown once to its owner."""
        token = new_token()
        answer = await self.host.submit(room_id, None, br.Join(name, token_digest(token)))
        if isinstance(answer, Refusal):
            return answer
        seat = _seat_with_digest(await self._room(room_id), token_digest(token))
        if seat is None:
            return Refusal("retry")
        return seat, token

    async def add_bot(self, room_id: str, seat: str, level: str) -> Ack | Refusal:
        """A computer player added by `seat` (the host, as the room checks)."""
        return await self.host.submit(room_id, seat, br.AddBot(level))

    async def seat_for(self, room_id: str, token: str) -> str | None:
        return _seat_with_digest(await self._room(room_id), token_digest(token))

    async def view(self, room_id: str, seat: str | None) -> dict[str, Any] | None:
        return await self.host.view(room_id, seat)

    async def frames_since(
        self, room_id: str, seat: str | None, seq: int
    ) -> list[dict[str, Any]] | None:
        """What `seat` may see of the events after `seq`; None if too many (send a view)."""
        room = await self._room(room_id)
        if room is None or room.last_seq - seq > RESYNC_LIMIT or seq > room.last_seq:
            return None
        events = await self.host.events_since(room_id, seq)
        return event_frames(events, seat, room.visible)

    async def act(self, room_id: str, seat: str, message: p.ClientMessage) -> Outcome:
        command = await self._command(room_id, message)
        answer = await self.host.submit(room_id, seat, command)
        if isinstance(answer, Refusal):
            return Outcome(refused=(answer.code, dict(answer.fields)))
        assert isinstance(answer, Ack)
        return Outcome(seq=answer.seq, events=list(answer.events))

    async def _command(self, room_id: str, message: p.ClientMessage) -> br.Command:
        match message:
            case p.WriteWordMessage(text=text):
                return br.WriteWord(text)
            case p.StartRoundMessage():
                return br.StartRound(await self._next_seed(room_id))
            case p.StopRoundMessage():
                return br.StopRound()
            case p.ReadyMessage(ready=ready):
                return br.SetReady(ready)
            case p.AddBotMessage(level=level):
                return br.AddBot(level)
            case p.RemoveBotMessage(seat=target):
                return br.RemoveBot(target)
            case p.LeaveMessage():
                return br.Leave()
            case p.RematchMessage():
                return br.NewMatch()
        raise ValueError(f"not a seat action: {message!r}")

    async def _next_seed(self, room_id: str) -> int:
        """The room's next seed: one its settings fix (the same grid later), else a fresh
        one (secrets), so nobody can know a grid before it is rolled."""
        room = await self._room(room_id)
        if isinstance(room, br.BoggleRoom):
            fixed = room.settings.seeds
            number = len(room.match_rounds)
            if number < len(fixed):
                return fixed[number]
        return draw_seed()

    # --- following rooms ---------------------------------------------------------------

    async def attach(self, room_id: str, listener: Listener) -> None:
        feed = self.feeds.get(room_id)
        if feed is None:
            feed = self.feeds[room_id] = RoomFeed(self._visible(room_id))
            subscription = await self.broadcaster.subscribe(room_id)
            feed.task = asyncio.create_task(self._follow(room_id, feed, subscription))
        feed.listeners.add(listener)
        feed.announce_presence()

    def _visible(self, room_id: str) -> Callable[[Event, str | None], dict[str, Any] | None]:
        """`visible` of the host's current copy of the room (rebuilt after a conflict)."""

        def visible(event: Event, seat: str | None) -> dict[str, Any] | None:
            try:
                return self.host.room(room_id).visible(event, seat)
            except KeyError:  # evicted after a store failure: the client resyncs
                return None

        return visible

    def detach(self, room_id: str, listener: Listener) -> None:
        feed = self.feeds.get(room_id)
        if feed is None:
            return
        feed.listeners.discard(listener)
        feed.announce_presence()

    def presence(self, room_id: str) -> list[str]:
        feed = self.feeds.get(room_id)
        return feed.presence() if feed is not None else []

    async def _follow(self, room_id: str, feed: RoomFeed, subscription: Any) -> None:
        try:
            async for stored in subscription:
                feed.deliver([decode(stored.data)])
        finally:
            with contextlib.suppress(Exception):
                await subscription.close()
            self.feeds.pop(room_id, None)

    async def close(self) -> None:
        for feed in list(self.feeds.values()):
            if feed.task is not None:
                feed.task.cancel()


def _seat_with_digest(room: Room | None, digest: str) -> str | None:
    if not isinstance(room, br.BoggleRoom):
        return None
    for seat in room.seats.values():
        if seat.secret_digest is not None and secrets.compare_digest(seat.secret_digest, digest):
            return seat.seat
    return None
