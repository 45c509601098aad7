"""Rooms shared by several server processes: one owner per room, replicas everywhere else.

The owner of a room is the process holding its lease (`leases.RedisLeases`):
only it handles the room's commands and runs its clock (round ends, bot
words), exactly as a single-process RoomHost does. Every other process that
has players in the room keeps a replica, the room folded from the events the
owner publishes (`room.apply`), to compute its own players' views; its
players' commands travel to the owner over the relay and the owner's answer
comes back. When the owner dies its lease expires (or is broken at once when
its inbox has no listener left): the next process that needs the room takes
the lease, rebuilds the room from the store and ticks it, so a deadline that
passed in between ends the round at the stored deadline.

The store stays the fence: a stale owner's append fails on `(room, seq)`,
it is answered with a retryable refusal and the command goes to the new owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

from redis.exceptions import RedisError

from motamot.service.brokers.redis import RedisBroker
from motamot.service.ports import Broadcaster, Clock, EventStore, StoredEvent, Subscription
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.codec import decode_relayed, encode_answer
from motamot.service.rooms.host import READY_SECONDS, Room, RoomHost
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.leases import DEFAULT_LEASE_SECONDS, RedisLeases
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.rooms.relay import OwnerGone, OwnerTimeout, RedisRelay
from motamot.service.stores.outages import failed
from motamot.service.tasks import raise_swallowed_cancel, stopped, within
from motamot.service.waiters import SeqWaiters

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How long a command may wait for its room to get an owner before it is refused.
ROUTE_SECONDS = 15.0
#: How long a relayed command's sender waits for its event on the feed before reading the store.
FEED_WAIT_SECONDS = 0.25
#: How long a command for a room another process owns waits for Redis to answer before it
#: is refused as retryable, and how often it asks meanwhile.
REDIS_WAIT_SECONDS = 3.0
REDIS_RETRY_SECONDS = 0.2
#: The refusal of a command the store could not write (`RoomHost`).
STORE = "store_failed"


#: Rooms due together ticked at once by a process of a cluster (`RoomHost`: ENDS_AT_ONCE).
CLUSTER_ENDS_AT_ONCE = 4


def lease_seconds_from_env() -> float:
    """`MOTAMOT_LEASE_SECONDS`, else the default: how long a dead owner blocks its rooms."""
    text = os.environ.get("MOTAMOT_LEASE_SECONDS")
    if not text:
        return DEFAULT_LEASE_SECONDS
    seconds = float(text)
    if not 0.2 <= seconds <= 60:
        raise ValueError(f"MOTAMOT_LEASE_SECONDS must be between 0.2 and 60: {text}")
    return seconds


class ClusterHost(RoomHost):
    """A RoomHost that owns only the rooms whose lease it holds and replicates the others."""

    def __init__(
        self,
        store: EventStore,
        broadcaster: RedisBroker,
        clock: Clock,
        lexicons: Lexicons,
        kinds: Kinds,
        *,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        process_id: str | None = None,
    ) -> None:
        super().__init__(store, broadcaster, clock, lexicons, kinds)
        # Smaller groups of ends: several processes share the cores, and a group's ends
        # held the rooms still playing longer (bench_server --processes 3: their words'
        # p99 437 ms with groups of 32, 107 ms one room at a time).
        self._due.size = CLUSTER_ENDS_AT_ONCE
        self.broker = broadcaster
        # the OS pid first: an operator (or the fault test) sees which process owns a room
        self.process_id = process_id or f"{os.getpid()}-{secrets.token_hex(4)}"
        client, prefix = broadcaster.client, broadcaster.prefix
        self.leases = RedisLeases(
            client, prefix, self.process_id, seconds=lease_seconds, on_lost=self._lost
        )
        self.relay = RedisRelay(client, prefix, self.process_id, self._answer)
        self.codec = kinds.commands
        self._sweeper: asyncio.Task[None] | None = None
        #: the owner last seen per room (forgotten as soon as it fails to answer)
        self._owners: dict[str, str] = {}
        #: replicas' waiters for an event number, woken as the feed folds it: a heap by
        #: number per room (an arena's replica folds a thousand words a second while as
        #: many answers wait; each fold looks at the waiters it reaches, not at them all)
        self._folded: dict[str, SeqWaiters] = {}
        #: rooms with a feed in this process (their replicas are folded as events arrive)
        self._followed: dict[str, int] = {}
        #: when a command last found Redis away (monotonic)
        self._redis_failed = -math.inf

    # --- ownership ------------------------------------------------------------------------

    def census(self) -> tuple[int, int]:
        return len(self._rooms), len(self.leases.held)

    async def unready(self) -> str | None:
        """The store's answer and Redis's (`broker`), asked at once (so within one
        READY_SECONDS); the store is named first when both are down."""
        store, broker = await asyncio.gather(super().unready(), self._broker_down())
        return store or broker

    async def _broker_down(self) -> str | None:
        try:
            await within(self.broker.client.ping(), READY_SECONDS)
        except Exception:
            return "broker"
        return None

    def owns(self, room_id: str) -> bool:
        return self.leases.holds(room_id)

    async def claim(self, room_id: str) -> bool:
        """Take the room's lease if it is free; then rebuild it from the store and tick it."""
        if self.leases.holds(room_id):
            return True
        if not await self.leases.acquire(room_id):
            return False
        async with self._locks.hold(room_id):
            room = await self._rebuild(room_id)
        if room is None:
            await self.leases.release(room_id)
            return False
        log.info("room %s: taken over by %s", room_id, self.process_id)
        self.counts["claims"] += 1
        self._follow(room_id)
        await self.tick(room_id)
        return True

    async def retire(
        self, room_id: str, before: float, keep: Callable[[Room], Awaitable[None]]
    ) -> bool:
        """Only a room whose lease this process holds or takes (no owner runs it)."""
        taken = not self.leases.holds(room_id)
        if taken and not await self.leases.acquire(room_id):
            return False
        removed = False
        try:
            removed = await super().retire(room_id, before, keep)
            return removed
        finally:
            if taken or removed:
                await self.leases.release(room_id)

    async def unload(self, room_id: str) -> bool:
        """Forget the room here, and give its lease up if this process held it."""
        unloaded = await super().unload(room_id)
        if unloaded and self.leases.holds(room_id):
            await self.leases.release(room_id)
        return unloaded

    def _lost(self, room_id: str) -> None:
        """Another process owns the room now: stop its clock and its bots here (the new owner
        runs them), keep the room as a replica."""
        self._wake.pop(room_id, None)
        for tasks in (self._timers, self._bots):
            task = tasks.pop(room_id, None)
            if task is not None:
                task.cancel()

    def _follow(self, room_id: str) -> None:
        if self.leases.holds(room_id):
            super()._follow(room_id)

    # --- commands -------------------------------------------------------------------------

    async def open(
        self,
        setup: Any,
        seating: Sequence[Any] = (),
        invite: str | None = None,
        room_id: str | None = None,
    ) -> Room | Refusal:
        """A new room, stored, that this process neither takes nor keeps: the first
        process its players come to owns it (`read` and `submit` claim a room nobody owns),
        so a room created here and played elsewhere (a proxy routing by room id) never
        moves. A new room has nothing for a clock or a bot to do until somebody acts."""
        room = await super().open(setup, seating, invite, room_id)
        if not isinstance(room, Refusal):
            self._rooms.pop(room.room_id, None)
        return room

    async def submit(self, room_id: str, seat: str | None, command: Any) -> Ack | Refusal:
        """Run the command where the room's owner is (here, or across the relay). A room
        this process owns plays without Redis; one it does not waits for Redis at most
        REDIS_WAIT_SECONDS, then is refused as retryable (the page sends it again)."""
        redis_give_up = time.monotonic() + REDIS_WAIT_SECONDS
        while True:
            try:
                return await self._route(room_id, seat, command)
            except RedisError as error:
                self._redis_failed = time.monotonic()
                if self.leases.holds(room_id):  # it became ours meanwhile: play it here
                    continue
                if time.monotonic() > redis_give_up:
                    log.warning("room %s: no route while Redis is away (%s)", room_id, error)
                    return Refusal("room_unavailable", retryable=True)
                await asyncio.sleep(REDIS_RETRY_SECONDS)

    async def _route(self, room_id: str, seat: str | None, command: Any) -> Ack | Refusal:
        """Shortly after Redis was away, a room with no owner is given the time of a lease
        renewal before it is taken (Redis may be back empty: its owner takes it again)."""
        give_up = time.monotonic() + ROUTE_SECONDS
        patient = self._settling()
        body: str | None = None
        while True:
            if self.leases.holds(room_id):
                answer = await super().submit(room_id, seat, command)
                if not (isinstance(answer, Refusal) and answer.retryable):
                    return answer
                with contextlib.suppress(RedisError):  # Redis away: the room stays ours
                    await self.leases.renew()  # a conflict: is the room still ours?
                if self.leases.holds(room_id) or time.monotonic() > give_up:
                    return answer
                continue  # lost the room while trying: ask the new owner
            owner = self._owners.get(room_id) or await self.leases.owner_of(room_id)
            if owner is None and patient:
                patient = False
                await asyncio.sleep(self.leases.seconds / 2)
                continue
            if owner is None or owner == self.process_id:
                if not await self.claim(room_id) and not await self.store.load(room_id):
                    return Refusal("unknown_room")
                continue
            body = body or self.codec.encode(seat, command)
            watched = room_id in self._followed
            self.counts["relayed_sent"] += 1
            try:
                raw = await self.relay.request(owner, room_id, body, watched=watched)
                forwarded, moved = decode_relayed(raw)
            except OwnerGone:
                # nobody listens on its inbox: that process is gone, free its lease now
                self._owners.pop(room_id, None)
                await self.leases.break_lease(room_id, owner)
                continue
            except OwnerTimeout:
                forwarded, moved = Refusal("room_unavailable", retryable=True), False
            if isinstance(forwarded, Ack):
                if moved:  # ours now: the store has every event up to the ack
                    self._owners.pop(room_id, None)
                    with contextlib.suppress(RedisError):  # applied: never sent again
                        if await self.claim(room_id):
                            return forwarded
                self._owners[room_id] = owner
                await self.catch_up(room_id, forwarded.seq)
                return forwarded
            self._owners.pop(room_id, None)
            # the store could not write: every owner shares it, asking again would only
            # make the page wait (the page sends it again when the store is back)
            if forwarded is not None and (not forwarded.retryable or forwarded.code == STORE):
                return forwarded
            if time.monotonic() > give_up:
                return forwarded or Refusal("room_unavailable", retryable=True)
            await asyncio.sleep(0.05)

    def _settling(self) -> bool:
        """Whether Redis was away a moment ago: it may be back empty, and the owners take
        their leases again within a renewal; nobody else takes a room meanwhile."""
        return time.monotonic() - self._redis_failed < 2 * self.leases.seconds

    async def _answer(self, room_id: str, body: str, watched: bool) -> str:
        """A command relayed from another process, for a room this one should own. When the
        sender has sockets on the room and this process has none, the room moves to the
        sender once answered: a proxy that routes by room then sends no command across."""
        try:
            seat, command = self.codec.decode(body)
        except ValueError:
            return encode_answer(Refusal("bad_command"))
        if not self.leases.holds(room_id):
            return encode_answer(None)
        self.counts["relayed_answered"] += 1
        try:
            answer = await super().submit(room_id, seat, command)
        except Exception as error:
            failed(log, error, "room %s: relayed command failed", room_id)
            return encode_answer(Refusal("room_unavailable", retryable=True))
        moved = isinstance(answer, Ack) and watched and await self._give_away(room_id)
        return encode_answer(answer, moved)

    async def _give_away(self, room_id: str) -> bool:
        """Stop owning a room nobody here follows, and forget it, for the process whose
        players use it to take (True if given up)."""
        async with self._locks.hold(room_id):
            if not self.leases.holds(room_id) or room_id in self._followed:
                return False
            self._lost(room_id)
            await self.leases.release(room_id)
            self._rooms.pop(room_id, None)
        log.info("room %s: handed over to where its players are", room_id)
        self.counts["moves"] += 1
        return True

    def ticks_here(self, room_id: str) -> bool:
        return self.leases.holds(room_id)

    # --- replicas -------------------------------------------------------------------------

    async def read(self, room_id: str, reader: Callable[[Room], T]) -> T | None:
        """`reader(room)` on this process's copy; a room nobody owns is taken first (and
        ticked, so a round whose deadline passed while nobody ran it shows as ended).
        While Redis is away, the copy as it is (from the store if not in memory)."""
        try:
            free = not self.leases.holds(room_id) and not self._settling()
            if free and await self.leases.owner_of(room_id) is None:
                await self.claim(room_id)
        except RedisError as error:
            self._redis_failed = time.monotonic()
            log.warning("room %s: read without its owner, Redis is away (%s)", room_id, error)
        return await super().read(room_id, reader)

    async def _room(self, room_id: str) -> Room | None:
        room = self._rooms.get(room_id)
        if room is not None and not self.leases.holds(room_id):
            await self._fold_stored(room)
        return await super()._room(room_id)

    async def catch_up(self, room_id: str, seq: int) -> None:
        """Make this process's copy of the room hold at least event `seq`: usually the
        feed brings it within milliseconds, else it is read from the store."""
        room = self._rooms.get(room_id)
        if room is not None and room.last_seq >= seq:
            return
        if room is not None and room_id in self._followed:
            waiting = self._folded.setdefault(room_id, SeqWaiters())
            if await waiting.wait(seq, FEED_WAIT_SECONDS):
                return
        async with self._locks.hold(room_id):
            room = self._rooms.get(room_id)
            if room is None:
                await self._rebuild(room_id)
            else:
                await self._fold_stored(room)

    async def _fold_stored(self, room: Room) -> None:
        for row in await self.store.load(room.room_id, room.last_seq):
            self.fold(room.room_id, row)

    def fold(self, room_id: str, row: StoredEvent) -> None:
        """Apply a stored event to the replica if it is the next one (else nothing)."""
        room = self._rooms.get(room_id)
        if room is None:
            return
        if row.seq == room.last_seq + 1 and not self.leases.holds(room_id):
            room.apply(self.decoded(room, row))
        waiting = self._folded.get(room_id)
        if waiting is None:
            return
        waiting.reached(room.last_seq)
        if not waiting:
            del self._folded[room_id]

    def followers(self) -> Broadcaster:
        """The broadcaster for this process's feeds: each event is folded into the replica
        before a feed sees it, so `room(room_id).visible(event, ...)` is up to date."""
        return ReplicaBroadcaster(self, self.broker)

    # --- life -----------------------------------------------------------------------------

    async def start(self, timers: bool = True) -> None:
        """Listen for relayed commands and sweep for orphaned rooms; rooms load when needed."""
        self._run_timers = timers
        await self.relay.start()
        self._sweeper = asyncio.create_task(self._sweep(), name="orphan-sweeper")

    async def _sweep(self) -> None:
        """Take over rooms in memory whose owner is gone and that have work for a clock or a
        bot (judged on the room as the store has it, not on a replica left behind)."""
        while True:
            raise_swallowed_cancel()  # redis-py may lose the cancel of a close
            await asyncio.sleep(self.leases.seconds / 2)
            try:
                await self._sweep_once()
            except RedisError as error:
                if not self._settling():  # once an outage, not every half second
                    failed(log, error, "sweep for orphaned rooms failed")
                self._redis_failed = time.monotonic()
            except Exception as error:
                failed(log, error, "sweep for orphaned rooms failed")

    async def _sweep_once(self) -> None:
        candidates = [room_id for room_id in self._rooms if not self.leases.holds(room_id)]
        if not candidates or self._settling():
            return
        owners = await self.leases.owners_of(candidates)
        for room_id, owner in zip(candidates, owners, strict=True):
            room = self._rooms.get(room_id)
            if owner is not None or room is None:
                continue
            await self._fold_stored(room)
            busy = room.next_wakeup() is not None or room.pending_bot() is not None
            if busy and not room.closed:  # a closed room has nothing left to run
                await self.claim(room_id)

    async def hand_over(self) -> None:
        """Stop running rooms here and free their leases (a graceful stop)."""
        for room_id in sorted(self.leases.held):
            self._lost(room_id)
            self.counts["moves"] += 1
        await self.leases.close()

    async def close(self) -> None:
        await stopped(self._sweeper)
        await self.hand_over()
        await self.relay.close()
        await super().close()


class ReplicaBroadcaster:
    """The host's broadcaster, with every delivered event folded into the host's replica."""

    def __init__(self, host: ClusterHost, inner: RedisBroker) -> None:
        self._host = host
        self._inner = inner

    async def publish(self, room: str, events: Sequence[StoredEvent]) -> None:
        await self._inner.publish(room, events)

    async def subscribe(self, room: str) -> Subscription:
        await self._host.load(room)  # load the replica: the subscription starts after it
        loaded = self._host._rooms.get(room)
        after = loaded.last_seq if loaded is not None else 0
        return ReplicaSubscription(self._host, room, await self._inner.subscribe(room, after))

    async def close(self) -> None:
        await self._inner.close()


class ReplicaSubscription:
    def __init__(self, host: ClusterHost, room: str, inner: Subscription) -> None:
        self._host = host
        self._room = room
        self._inner = inner
        host._followed[room] = host._followed.get(room, 0) + 1
        self._open = True

    async def __aiter__(self) -> AsyncIterator[StoredEvent]:
        async for row in self._inner:
            self._host.fold(self._room, row)
            yield row

    async def close(self) -> None:
        if self._open:
            self._open = False
            left = self._host._followed.get(self._room, 1) - 1
            if left > 0:
                self._host._followed[self._room] = left
            else:
                self._host._followed.pop(self._room, None)
        await self._inner.close()
