"""What the server needs from the service layer, in one place: the rooms port.

Every method takes a room as a link names it (`links`: the room's id, or a player's link
that adds the invitation), so whatever path a client used, the same room is meant.

`Rooms` turns protocol messages into room commands for the seat a token proved (the
messages every room takes here, the others by the room's kind), asks the RoomHost to
run them (stored before acknowledged), and keeps one `RoomFeed` per followed room fed
from the Broadcaster. Nothing here touches a room's state except through the host
(`read` runs a question inside the room's actor) and the room's own `view`/`visible`,
so the host can be multi-process behind these calls. No game is named here.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from motamot.server import frames as f
from motamot.server import protocol as p
from motamot.server.announce import Announcer
from motamot.server.dictionaries import Shelf
from motamot.server.feed import CLOSE_BANNED, Listener, RoomFeed, event_frames
from motamot.server.kinds import Opened, WebKind, WebKinds
from motamot.server.links import invite_of, new_invite, room_of
from motamot.server.metrics import Metrics
from motamot.server.quotas import Quotas
from motamot.server.throttle import AddressCredits, HeldKeys
from motamot.service.lobby import Lobby
from motamot.service.ports import Broadcaster, Clock
from motamot.service.rooms.commands import (
    AddBot,
    Join,
    Leave,
    RemoveBot,
    RemovePlayer,
    Say,
    SayPhrase,
    SetPublic,
    SetReady,
    SwitchChat,
)
from motamot.service.rooms.events import Event
from motamot.service.rooms.host import Room, RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.rooms.presence import LocalPresence, Presence
from motamot.service.rooms.shown import Frame
from motamot.service.server_secret import ServerSecret

T = TypeVar("T")

#: Beyond this many missed events a client gets its full view instead.
RESYNC_LIMIT = 500
#: Longest a writer's answer waits for the events before its own to reach its socket.
ANSWER_WAIT_SECONDS = 1.0


def token_digest(token: str) -> str:
    """The sha256 (hex) of a seat token: what the room stores, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class SeatOfToken:
    """The seat a socket's token proves: removed by the host (P1) or not, and the lasting
    player it is linked to (a ban names them)."""

    seat: str
    removed: bool
    player: str | None


@dataclass(frozen=True)
class Outcome:
    """A command's answer for the socket: refused (code, fields; `retryable`: nothing
    happened, it may be sent again later) or stored (seq, events)."""

    refused: tuple[str, dict[str, object]] | None = None
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    retryable: bool = False


class Rooms:
    """The server's port onto the rooms of one RoomHost, for the kinds it serves."""

    def __init__(
        self,
        broadcaster: Broadcaster,
        clock: Clock,
        kinds: WebKinds,
        host: RoomHost | None = None,
        chosen_grids: bool = False,
    ) -> None:
        self._host = host
        self.kinds = kinds
        self.shelf = Shelf({})
        #: The operator lets a room's creator choose its grid's seed (every player is told);
        #: otherwise a seed comes only from a room that has played it.
        self.chosen_grids = chosen_grids
        self.broadcaster = broadcaster
        self.clock = clock
        self.feeds: dict[str, RoomFeed] = {}
        #: Each client address's credits, over all its sockets (more for more sockets).
        self.addresses = AddressCredits(lambda address: self.quotas.held(address))
        #: Actions refused as retryable, whose replay is free (`server.throttle`).
        self.held = HeldKeys()
        self.presence: Presence = LocalPresence()
        #: Who is connected, told to the sockets when it changes (`server.announce`).
        self.announcer = Announcer(self.presence, self.feeds.get)
        #: The operator's metrics (None: not kept), fed by the sockets (`server.ws`).
        self.metrics: Metrics | None = None
        #: What each client address may do in a while (`server.quotas`).
        self.quotas = Quotas()
        #: The lobby (`service.lobby`), once the app runs (None: not started).
        self.lobby: Lobby | None = None
        #: What scheduled rooms (the daily grid, the arena) derive their seeds and ids from.
        self.secret = ServerSecret.random()

    def start(
        self,
        host: RoomHost,
        shelf: Shelf,
        broadcaster: Broadcaster | None = None,
        presence: Presence | None = None,
    ) -> None:
        """Serve the rooms of `host` (opened once the event loop runs) with the word lists
        of `shelf`; with several processes, follow them through `broadcaster` (the host's
        replicas) and share who is connected through `presence`."""
        self._host = host
        self.shelf = shelf
        host.store.health.watch(self._store_changed)
        if broadcaster is not None:
            self.broadcaster = broadcaster
        if presence is not None:
            self.presence = presence
            self.announcer = Announcer(presence, self.feeds.get)
            presence.on_change(self.announcer.changed_elsewhere)

    @property
    def started(self) -> bool:
        return self._host is not None

    @property
    def host(self) -> RoomHost:
        if self._host is None:
            raise RuntimeError("the rooms are not started")
        return self._host

    def now(self) -> float:
        return self.clock.now()

    # --- rooms and seats ----------------------------------------------------------------

    async def open(
        self,
        settings: Any,
        creator: str,
        bots: Sequence[str] = (),
        player: str | None = None,
        account: bool = False,
        kin: Sequence[str] = (),
    ) -> Opened | Refusal:
        """A new room with `creator` seated first (linked to the lasting `player`, an
        account or not) and a computer player per level in `bots`; nothing is stored
        unless all of it is accepted. Its `room` is the players' link (the room's id and
        its invitation). OverQuota past the client's rooms."""
        self.quotas.charge(self.quotas.rooms)
        token = new_token()
        digest = token_digest(token)
        invite = new_invite()
        creator_joins = Join(creator, digest, invite, player, account, self.kin_marks(kin))
        seating = [creator_joins, *(AddBot(level) for level in bots)]
        room = await self.host.open(settings, seating, invite)
        if isinstance(room, Refusal):
            return room
        # the room as created (reading it through the host would claim it here, where its
        # players may never come)
        seat = room.seat_with_digest(digest)
        if seat is None:
            return Refusal("retry", retryable=True)
        return Opened(room.room_id + invite, seat, token)

    async def open_with(
        self, settings: Any, seating: Callable[[str], Sequence[Any]]
    ) -> tuple[str, Room] | Refusal:
        """A new room seated by the system's commands `seating(invite)` gives (joins that
        carry the room's invitation, a start...), all stored in one append or nothing:
        its players' link's room part and the room as created. No client's quota is
        charged: the server opens it for its players (a quick pairing)."""
        invite = new_invite()
        room = await self.host.open(settings, seating(invite), invite)
        if isinstance(room, Refusal):
            return room
        return room.room_id + invite, room

    async def read(self, room_id: str, reader: Callable[[Room], T]) -> T | None:
        """`reader(room)` inside the room's actor (None: no such room)."""
        return await self.host.read(room_of(room_id), reader)

    async def kind(self, room_id: str) -> WebKind | None:
        """The kind of room `room_id` is (None: no such room)."""
        room_id = room_of(room_id)
        room = self.host.loaded(room_id) or await self.host.load(room_id)
        return None if room is None else self.kinds.get(room.KIND)

    async def exists(self, room_id: str) -> bool:
        return await self.host.load(room_of(room_id)) is not None

    def kin_marks(self, kin: Sequence[str]) -> tuple[str, ...]:
        """The kin marks of a visitor's address and browser (`Visitor.kin`): keyed by the
        server's secret, so a stored event names neither (R6); a proxy's own address,
        many players', marks nobody."""
        marks = []
        for what in kin:
            if what.removeprefix("address ") in self.quotas.proxies:
                continue
            marks.append(base64.urlsafe_b64encode(self.secret.derive("kin", what)[:9]).decode())
        return tuple(marks)

    async def join(
        self,
        room_id: str,
        name: str,
        player: str | None = None,
        account: bool = False,
        kin: Sequence[str] = (),
    ) -> tuple[str, str] | Refusal:
        """A new seat for `name` by a player's link, linked to the lasting `player`:
        (seat, token), the token shown once to its owner (a spectator's link is refused:
        `watch_only`; a rated room takes only accounts: `rated_needs_account`). OverQuota
        past the client's joins."""
        self.quotas.charge(self.quotas.joins)
        token = new_token()
        digest = token_digest(token)
        invite = invite_of(room_id)
        room_id = room_of(room_id)
        join = Join(name, digest, invite, player, account, self.kin_marks(kin))
        answer = await self.host.submit(room_id, None, join)
        if isinstance(answer, Refusal):
            return answer
        seat = await self.host.read(room_id, lambda room: room.seat_with_digest(digest))
        if seat is None:
            return Refusal("retry")
        return seat, token

    async def seat_for(self, room_id: str, token: str) -> SeatOfToken | None:
        """The seat a token proves, whether it was removed, and its lasting player."""
        digest = token_digest(token)

        def find(room: Room) -> SeatOfToken | None:
            seat = room.seat_with_digest(digest)
            if seat is None:
                return None
            found = room.seats[seat]
            return SeatOfToken(seat, found.removed, found.player)

        return await self.host.read(room_of(room_id), find)

    async def view(self, room_id: str, seat: str | None) -> Any:
        return await self.host.view(room_of(room_id), seat)

    async def frames_since(self, room_id: str, seat: str | None, seq: int) -> list[Frame] | None:
        """What `seat` may see of the events after `seq`; None if too many (send a view)."""
        room_id = room_of(room_id)
        room = await self.host.load(room_id)
        if room is None or room.last_seq - seq > RESYNC_LIMIT or seq > room.last_seq:
            return None
        events = await self.host.events_since(room_id, seq)
        return event_frames(events, seat, room.visible, room.SPARSE)

    # --- seat actions -------------------------------------------------------------------

    async def act(self, room_id: str, seat: str, message: Any) -> Outcome:
        room_id = room_of(room_id)
        command = await self._command(room_id, message)
        if isinstance(command, Refusal):
            return Outcome(
                refused=(command.code, dict(command.fields)), retryable=command.retryable
            )
        answer = await self.host.submit(room_id, seat, command)
        if isinstance(answer, Refusal):
            return Outcome(refused=(answer.code, dict(answer.fields)), retryable=answer.retryable)
        assert isinstance(answer, Ack)
        return Outcome(seq=answer.seq, events=list(answer.events))

    async def _command(self, room_id: str, message: Any) -> Any:
        """The room command for a seat action: the shared ones here, the others (and
        `start`) by the room's kind; a message of another kind is refused."""
        shared = _shared_command(message)
        if shared is not None:
            return shared
        kind = await self.kind(room_id)
        owners = self.kinds.owners_of(message)
        if kind is None or (owners and kind.name not in owners):
            return Refusal("unknown_command")
        return await kind.command(self, room_id, message)

    async def answer(self, room_id: str, seat: str, message: Any, lang: Any) -> Any:
        """The frame answering one of a kind's queries (None: not this room's kind)."""
        kind = await self.kind(room_id)
        if kind is None or kind.name not in self.kinds.owners_of(message):
            return None
        return await kind.answer(self, room_id, seat, message, lang)

    # --- following rooms ---------------------------------------------------------------

    async def attach(self, room_id: str, listener: Listener) -> None:
        room_id = room_of(room_id)
        feed = self.feeds.get(room_id)
        if feed is None:
            kind = await self.kind(room_id)
        feed = self.feeds.get(room_id)  # another socket may have made it meanwhile
        if feed is None:
            feed = RoomFeed(self._visible(room_id), self._audience(room_id))
            feed.presence_shown = kind is None or kind.presence
            self.feeds[room_id] = feed
            subscription = await self.broadcaster.subscribe(room_id)
            loaded = self.host.loaded(room_id)
            feed.seq = loaded.last_seq if loaded is not None else 0  # it follows from here
            feed.task = asyncio.create_task(self._follow(room_id, feed, subscription))
        feed.add(listener)
        await self.announcer.arrived(room_id, feed, listener)

    async def delivered(self, room_id: str, seq: int) -> None:
        """Wait (a little at most) until this process's sockets of the room were given
        every event up to `seq`: a writer's answer goes after the events before its own."""
        feed = self.feeds.get(room_of(room_id))
        if feed is not None and feed.seq < seq:
            await feed.reach(seq, ANSWER_WAIT_SECONDS)

    def broadcast(self, room_id: str, frame: str, share: tuple[int, int] = (0, 1)) -> int:
        """`frame` to every socket of the room in this process (a kind's live summary), or
        to the `share` (k, n) of them: how many got it."""
        feed = self.feeds.get(room_of(room_id))
        if feed is None:
            return 0
        return feed.broadcast(frame, share)

    def store_status(self) -> str | None:
        """The `status` frame a socket opened now is sent (None: the store writes)."""
        if self._host is None or self._host.store.health.down is None:
            return None
        return p.encode(f.Status("down"))

    def _store_changed(self, down: str | None) -> None:
        """Tell every socket of this process that the store stopped or started writing."""
        frame = p.encode(f.Status("up" if down is None else "down"))
        for feed in list(self.feeds.values()):
            feed.broadcast(frame)

    def _visible(self, room_id: str) -> Callable[[Event, str | None], Frame | None]:
        """`visible` of the host's current copy of the room (rebuilt after a conflict)."""

        def visible(event: Event, seat: str | None) -> Frame | None:
            try:
                shown: Frame | None = self.host.room(room_id).visible(event, seat)
            except KeyError:  # evicted after a store failure: the client resyncs
                return None
            return shown

        return visible

    def _audience(self, room_id: str) -> Callable[[Event], tuple[str, ...] | None]:
        """`audience` of the host's current copy of the room."""

        def audience(event: Event) -> tuple[str, ...] | None:
            room = self.host.loaded(room_id)
            return None if room is None else room.audience(event)

        return audience

    def in_play(self) -> tuple[int, int]:
        """The rooms with a seat's socket here, and those seats (read at a scrape)."""
        seated = [feed.seated for feed in self.feeds.values()]
        return sum(1 for count in seated if count), sum(seated)

    def dismiss(self, players: frozenset[str]) -> None:
        """Close every socket of `players` in this process (the operator banned them)."""
        for feed in list(self.feeds.values()):
            feed.dismiss(players, "banned", CLOSE_BANNED)

    async def detach(self, room_id: str, listener: Listener) -> None:
        room_id = room_of(room_id)
        feed = self.feeds.get(room_id)
        if feed is None:
            return
        feed.remove(listener)
        await self.announcer.left(room_id, feed)

    async def _follow(self, room_id: str, feed: RoomFeed, subscription: Any) -> None:
        try:
            async for stored in _batches(subscription):
                room = self.host.loaded(room_id)
                # a room evicted after a store failure: a bare number, and the client resyncs
                feed.deliver(
                    [Event(s.seq) if room is None else self.host.decoded(room, s) for s in stored]
                )
        finally:
            with contextlib.suppress(Exception):
                await subscription.close()
            self.feeds.pop(room_id, None)

    async def close(self) -> None:
        for feed in list(self.feeds.values()):
            if feed.task is not None:
                feed.task.cancel()
        await self.announcer.close()


def _shared_command(message: Any) -> Any:
    """The commands every room takes the same way (who sits, who is ready, the chat)."""
    match message:
        case p.AddBotMessage(level=level):
            return AddBot(level)
        case p.RemoveBotMessage(seat=target):
            return RemoveBot(target)
        case p.LeaveMessage():
            return Leave()
        case p.ReadyMessage(ready=ready):
            return SetReady(ready)
        case p.RemovePlayerMessage(seat=target):
            return RemovePlayer(target)
        case p.PublicMessage(public=public):
            return SetPublic(public)
        case p.SayMessage(text=text, key=key):
            return Say(text, key=key)
        case p.SayPhraseMessage(phrase=phrase, key=key):
            return SayPhrase(phrase, key=key)
        case p.SwitchChatMessage(on=on):
            return SwitchChat(on)
    return None


async def _batches(subscription: Any) -> AsyncIterator[list[Any]]:
    """A subscription's events, those stored together in one list where it keeps them
    together (`LocalSubscription.batches`: one frame a socket for a batch of a thousand
    players' commands, not one an event), else one by one."""
    together = getattr(subscription, "batches", None)
    if together is not None:
        async for batch in together():
            yield batch
        return
    async for stored in subscription:
        yield [stored]
