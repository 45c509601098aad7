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
from motamot.service import topword_table as tw
from motamot.service.boggle_events import BoggleSettings
from motamot.service.events import Event, decode
from motamot.service.host import RoomHost, draw_seed
from motamot.service.outcomes import Ack, Refusal
from motamot.service.ports import Broadcaster, Clock
from motamot.service.presence import LocalPresence, Presence
from motamot.service.room import Room
from motamot.service.seating import AddBot, Join, Leave, RemoveBot
from motamot.service.topword_events import TopwordSettings
from motamot.topword.hints import hints as engine_hints
from motamot.topword.rules import Legal
from motamot.topword.tiles import tile_code
from motamot.wire.topword import verdict_json

#: Beyond this many missed events a client gets its full view instead.
RESYNC_LIMIT = 500
#: Moves a hint shows.
HINTS = 3


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
        self.presence: Presence = LocalPresence()
        self._announcing: set[asyncio.Task[None]] = set()
        #: rooms whose presence another process changed since our last read of it
        self._presence_stale: dict[str, bool] = {}

    def start(
        self,
        host: RoomHost,
        broadcaster: Broadcaster | None = None,
        presence: Presence | None = None,
    ) -> None:
        """Serve the rooms of `host` (opened once the event loop runs); with several
        processes, follow them through `broadcaster` (the host's replicas) and share who is
        connected through `presence`."""
        self._host = host
        if broadcaster is not None:
            self.broadcaster = broadcaster
        if presence is not None:
            self.presence = presence
            presence.on_change(self._presence_changed)

    @property
    def host(self) -> RoomHost:
        if self._host is None:
            raise RuntimeError("the rooms are not started")
        return self._host

    def now(self) -> float:
        return self.clock.now()

    async def create(self, settings: BoggleSettings | TopwordSettings) -> str | Refusal:
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
        answer = await self.host.submit(room_id, None, Join(name, token_digest(token)))
        if isinstance(answer, Refusal):
            return answer
        seat = _seat_with_digest(await self._room(room_id), token_digest(token))
        if seat is None:
            return Refusal("retry")
        return seat, token

    async def add_bot(self, room_id: str, seat: str, level: str) -> Ack | Refusal:
        """A computer player added by `seat` (the host, as the room checks)."""
        return await self.host.submit(room_id, seat, AddBot(level))

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
        if isinstance(command, Refusal):
            return Outcome(refused=(command.code, dict(command.fields)))
        answer = await self.host.submit(room_id, seat, command)
        if isinstance(answer, Refusal):
            return Outcome(refused=(answer.code, dict(answer.fields)))
        assert isinstance(answer, Ack)
        return Outcome(seq=answer.seq, events=list(answer.events))

    async def table(self, room_id: str) -> tw.TopwordTable | None:
        """The Topword table `room_id` (None: no such room, or a Boggle room)."""
        room = await self._room(room_id)
        return room if isinstance(room, tw.TopwordTable) else None

    async def kind(self, room_id: str) -> str | None:
        """`boggle` or `topword` (None: no such room)."""
        room = await self._room(room_id)
        return (
            None if room is None else ("topword" if isinstance(room, tw.TopwordTable) else "boggle")
        )

    async def preview(self, room_id: str, seat: str, message: p.PreviewMessage) -> dict[str, Any]:
        """The referee's verdict on a move for `seat` now (T20): the `topword score` shape,
        or a refusal code (nothing changes, nothing is stored)."""
        room = await self._room(room_id)
        if not isinstance(room, tw.TopwordTable):
            return {"legal": False, "reason": "unknown_command", "detail": ""}
        move = _topword_move(message)
        if isinstance(move, Refusal):
            return {"legal": False, "reason": move.code, "detail": ""}
        verdict = room.preview(seat, move)
        if isinstance(verdict, Refusal):
            return {"legal": False, "reason": verdict.code, "detail": "", **verdict.fields}
        shape = verdict_json(verdict)
        if isinstance(verdict, Legal):
            shape["move"] = str(verdict.move)
        return shape

    async def hints(self, room_id: str, seat: str) -> list[dict[str, Any]] | Refusal:
        """The best moves for `seat`'s rack now, itemised, if the table allows hints
        (computed in a worker thread on a copy of the board: the room goes on meanwhile)."""
        table = await self.table(room_id)
        if table is None or not table.settings.hints:
            return Refusal("hints_off")
        game = table.game
        if game is None or game.finished or seat not in table.order:
            return Refusal("game_not_started" if game is None else "not_seated")
        rack = tuple(game.racks[table.index_of(seat)])
        board, ruleset, lexicon = game.board.copy(), table.ruleset, table.lexicon
        found = await asyncio.to_thread(engine_hints, board, rack, ruleset, lexicon, HINTS)
        return [{"move": str(h.verdict.move), **verdict_json(h.verdict)} for h in found]

    async def _command(self, room_id: str, message: p.ClientMessage) -> Any:
        seating = _seating_command(message)
        if seating is not None:
            return seating
        # the kind of room is all this needs: a copy in memory, even a replica behind the
        # owner, says it without a store read (the owner checks the command itself)
        room = self.host.loaded(room_id) or await self._room(room_id)
        if isinstance(room, tw.TopwordTable):
            return self._table_command(message)
        match message:
            case p.WriteWordMessage(text=text):
                return br.WriteWord(text)
            case p.StartRoundMessage():
                return br.StartRound(await self._next_seed(room_id))
            case p.StopRoundMessage():
                return br.StopRound()
            case p.ReadyMessage(ready=ready):
                return br.SetReady(ready)
            case p.RematchMessage():
                return br.NewMatch()
        return None  # not a Boggle command: the room refuses it (unknown_command)

    def _table_command(self, message: p.ClientMessage) -> Any:
        """A Topword table's command for `message` (None: the table refuses it)."""
        match message:
            case p.StartRoundMessage():
                return tw.Start(draw_seed())
            case p.PlayMessage():
                move = _topword_move(message)
                if isinstance(move, Refusal):
                    return move
                return tw.Play(move) if isinstance(move, str) else move
            case p.ExchangeMessage(tile=tile):
                return tw.Exchange(tile)
            case p.PassMessage():
                return tw.Pass()
        return None

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
        await self._announce_presence(room_id, feed)

    def _visible(self, room_id: str) -> Callable[[Event, str | None], dict[str, Any] | None]:
        """`visible` of the host's current copy of the room (rebuilt after a conflict)."""

        def visible(event: Event, seat: str | None) -> dict[str, Any] | None:
            try:
                return self.host.room(room_id).visible(event, seat)
            except KeyError:  # evicted after a store failure: the client resyncs
                return None

        return visible

    async def detach(self, room_id: str, listener: Listener) -> None:
        feed = self.feeds.get(room_id)
        if feed is None:
            return
        feed.listeners.discard(listener)
        await self._announce_presence(room_id, feed)

    async def _announce_presence(self, room_id: str, feed: RoomFeed) -> None:
        """Share this process's seats in the room, then tell its sockets everyone's."""
        feed.announce_presence(await self.presence.update(room_id, feed.presence()))

    def _presence_changed(self, room_id: str) -> None:
        """Another process's sockets in the room changed: tell ours (if we have any). A burst
        of changes (a room filling up) costs one read at a time, the last one after it."""
        if room_id not in self.feeds:
            return
        if room_id in self._presence_stale:
            self._presence_stale[room_id] = True  # the reader on its way reads once more
            return
        self._presence_stale[room_id] = True
        task = asyncio.create_task(self._reannounce(room_id))
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    async def _reannounce(self, room_id: str) -> None:
        try:
            while self._presence_stale.get(room_id):
                self._presence_stale[room_id] = False
                seats = await self.presence.seats(room_id)
                feed = self.feeds.get(room_id)
                if feed is not None:
                    feed.announce_presence(seats)
        finally:
            self._presence_stale.pop(room_id, None)

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
        for task in list(self._announcing):
            task.cancel()


def _seating_command(message: p.ClientMessage) -> AddBot | RemoveBot | Leave | None:
    """The commands every room takes the same way (who sits at it)."""
    match message:
        case p.AddBotMessage(level=level):
            return AddBot(level)
        case p.RemoveBotMessage(seat=target):
            return RemoveBot(target)
        case p.LeaveMessage():
            return Leave()
    return None


def _topword_move(message: p.TopwordMove) -> str | tw.Placed | Refusal:
    """The move a play or preview message holds: its notation or its placements."""
    if message.placements is not None:
        placed = []
        for cell, label in message.placements:
            code, rest = tile_code(label[:1]), label[1:]
            if code is None or rest not in ("", *(("u", "U") if code == "Q" else ())):
                return Refusal("bad_move", {"error": "not_letters"})
            placed.append((cell, code))
        return tw.Placed(tuple(placed), message.across)
    if message.move is None:
        return Refusal("bad_move", {"error": "not_a_move"})
    return message.move


def _seat_with_digest(room: Room | None, digest: str) -> str | None:
    if not isinstance(room, (br.BoggleRoom, tw.TopwordTable)):
        return None
    for seat in room.seats.values():
        if seat.secret_digest is not None and secrets.compare_digest(seat.secret_digest, digest):
            return seat.seat
    return None
