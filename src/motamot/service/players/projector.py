"""The projector: keeps the players' tables up with the rooms' events, and rebuilds them.

Live, the host tells it of every room's stored events (`observe`, inside the room's
actor: it only queues what they bring); a task applies the queue in batches, each one
transaction, off the event loop (the database's worker thread), so rooms' acks do not
wait for it. On start (`catch_up`) every room's events past its mark are read from the
store: a match that ended just before a crash is projected then, once. `rebuild` empties
the projections and makes them again from the events alone, in the order ratings need.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from motamot.service.players import projection
from motamot.service.players.db import Tx
from motamot.service.players.facts import (
    RoomFacts,
    ending_tags,
    interesting,
    live_facts,
    stored_facts,
)
from motamot.service.players.store import PlayerStore
from motamot.service.ports import EventStore
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.events import Event
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.observer import QueuedObserver
from motamot.service.rooms.results import GameOutcome
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)

#: Outcomes in one transaction at most (the players' tables have their SQLite file, and
#: PostgreSQL its row locks: a batch never holds the rooms' appends; 2,000 were no faster).
BATCH_OUTCOMES = 500
#: A failed batch is tried again (from the store) after this many seconds.
RETRY_SECONDS = 1.0


class Projector(QueuedObserver):
    """The players' projections of one process's rooms."""

    def __init__(
        self, players: PlayerStore, events: EventStore, kinds: Kinds, lexicons: Lexicons
    ) -> None:
        super().__init__()
        self.players = players
        self.events = events
        self.kinds = kinds
        self.lexicons = lexicons
        self._endings = ending_tags(kinds)
        #: Facts to apply, or a room id to fold from the store.
        self._queue: deque[RoomFacts | str] = deque()
        #: Outcomes projected by this projector (the benchmark's count).
        self.projected = 0

    # --- live -----------------------------------------------------------------------------

    def observe(self, room: Actor[Any], events: Sequence[Event]) -> None:
        """The host's observer: queue what `events` (just stored) bring."""
        facts = live_facts(room, events)
        if facts is None:
            self._push(room.room_id)
        elif facts:
            self._push(facts)

    def push_outcomes(self, outcomes: Sequence[GameOutcome]) -> None:
        """Queue outcomes as a room's would be (the benchmark feeds matches this way)."""
        for outcome in outcomes:
            self._push(RoomFacts(outcome.room, outcome.seq, outcomes=[outcome]))

    def _push(self, item: RoomFacts | str) -> None:
        self._queue.append(item)
        self._wake()

    def _queued(self) -> bool:
        return bool(self._queue)

    async def _work(self) -> None:
        """Apply one batch in one transaction (a failed one: its rooms from the store)."""
        batch = await self._next_batch()
        try:
            self.projected += await self.players.project(batch)
        except Exception as error:
            failed(log, error, "players: a projection batch failed; retried from the store")
            await asyncio.sleep(RETRY_SECONDS)
            self._queue.extendleft(sorted({facts.room for facts in batch}))

    async def _next_batch(self) -> list[RoomFacts]:
        batch: list[RoomFacts] = []
        outcomes = 0
        while self._queue and outcomes < BATCH_OUTCOMES:
            item = self._queue.popleft()
            facts = await self._from_store(item) if isinstance(item, str) else item
            if facts is not None:
                batch.append(facts)
                outcomes += len(facts.outcomes)
        return batch

    async def _from_store(self, room: str) -> RoomFacts | None:
        """A room's facts past its mark, from the store (None: nothing there)."""
        mark = (await self.players.marks()).get(room, 0)
        return await self._stored(room, mark)

    async def _stored(self, room: str, mark: int) -> RoomFacts | None:
        rows = await self.events.load(room)
        if not rows or not interesting([r for r in rows if r.seq > mark], self._endings):
            return None
        return await asyncio.to_thread(stored_facts, self.kinds, rows, self.lexicons, mark)

    # --- start and rebuild --------------------------------------------------------------

    async def catch_up(self) -> int:
        """Project what the store holds past each room's mark (after a crash between a
        match's end and its projection); how many outcomes that was."""
        marks = await self.players.marks()
        before = self.projected
        for room in await self.events.rooms():
            facts = await self._stored(room, marks.get(room, 0))
            if facts is not None:
                self.projected += await self.players.project([facts])
        return self.projected - before

    async def rebuild(self) -> int:
        """Empty the projections and make them again from every room's events; how many
        outcomes were projected."""
        everything: list[RoomFacts] = []
        for room in await self.events.rooms():
            facts = await self._stored(room, 0)
            if facts is not None:
                everything.append(facts)
        await self.players.clear_projections()
        outcomes = sorted((o for f in everything for o in f.outcomes), key=lambda o: o.key)
        seats = [seat for facts in everything for seat in facts.seats]
        await self.players.db.run(lambda tx: projection.apply_facts(tx, seats, [], []))
        cache = self.players.ratings
        for start in range(0, len(outcomes), BATCH_OUTCOMES):
            chunk = outcomes[start : start + BATCH_OUTCOMES]
            await self.players.db.run(_games(chunk, cache), durable=False)
        renames = [rename for facts in everything for rename in facts.renames]
        marks = {facts.room: facts.last for facts in everything}

        def finish(tx: Tx) -> None:
            projection.rename(tx, renames)
            projection.set_marks(tx, marks)

        await self.players.db.run(finish)
        return len(outcomes)


def _games(outcomes: Sequence[GameOutcome], cache: projection.RatingCache) -> Callable[[Tx], None]:
    """A transaction's work: store and rate `outcomes` (in key order)."""

    def work(tx: Tx) -> None:
        projection.apply_facts(tx, [], outcomes, [], cache)

    return work
