"""Where a turn's or a game's end mail comes from: the process that stored the events.

The notifier is one of the host's observers: it is told of a room's events once they are
stored, inside the room's actor, and only queues what they bring. With several
processes only a room's owner stores its events (`rooms.cluster`), so only the owner
notices; the outbox's key (player, what, room, seq) is the fence if two ever do (a stale
owner's append fails anyway). A task then reads each seat's presence over every process
(a player with a socket open on the table is watching: no mail) and queues the mail in
the outbox, for players who confirmed an address; the sender is poked.

Only kinds that say so (`Actor.NOTIFIES`, Topword) notice turns and ends; a turn of a
game of days a move (`Actor.daily_turns`) goes in the player's daily digest instead
(`digest`); any kind may tell more (`Actor.told`: a tournament's table opened). A turn
is noticed when the events gave it (`Actor.awaited`: the seat and the event since which
the room waits for it), an end from the room's outcome (`Actor.outcome`: every place);
when an ending is not the batch's last event, the room is folded from the store, as the
projector does.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from motamot.service.mail import outbox
from motamot.service.mail.digest import digest_notice
from motamot.service.mail.outbox import Notice
from motamot.service.mail.sender import Connected
from motamot.service.players.db import Db
from motamot.service.players.facts import live_facts, stored_facts
from motamot.service.ports import Clock, EventStore
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.events import Event
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.observer import QueuedObserver
from motamot.service.rooms.results import GameOutcome
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Ending:
    """An ending to be read from the store (it was not the last event of its batch)."""

    room: str
    after: int
    link: str


class Notifier(QueuedObserver):
    """Notices from one process's rooms, into the outbox."""

    TASK_NAME = "mail-notices"
    CLOSE_SECONDS = 5.0

    def __init__(
        self,
        db: Db,
        clock: Clock,
        connected: Connected,
        poke: Callable[[], None],
        delay: float,
        rooms: tuple[EventStore, Kinds, Lexicons],
    ) -> None:
        super().__init__()
        self.db = db
        self.clock = clock
        self.connected = connected
        self.poke = poke
        self.delay = delay
        self.events, self.kinds, self.lexicons = rooms
        self._queue: deque[Notice | _Ending] = deque()
        #: Notices queued in the outbox by this process (the tests' count).
        self.queued = 0

    # --- in the room's actor: only look and queue ----------------------------------------

    def observe(self, room: Actor[Any], events: Sequence[Event]) -> None:
        """The host's observer."""
        if not events:
            return
        for seat, what, seq, data in room.told(events):
            player = room.seats[seat].player
            if player is not None and what in ("paired",):
                self._push(Notice(player, "paired", room.room_id, seat, seq, data))
        if not room.NOTIFIES:
            return
        link = f"/r/{room.room_id}{room.created.invite or ''}"
        turn = room.awaited()
        if turn is not None and turn[1] >= events[0].seq:
            notice = turn_notice(room, turn[0], turn[1], link)
            if notice is not None and room.daily_turns():
                notice = digest_notice(notice, self.clock.now())
            self._push(notice)
        if any(isinstance(event, room.ENDINGS) for event in events):
            facts = live_facts(room, events)
            if facts is None:
                self._push(_Ending(room.room_id, events[0].seq - 1, link))
            else:
                for outcome in facts.outcomes:
                    for notice in end_notices(outcome, link):
                        self._push(notice)

    def _push(self, item: Notice | _Ending | None) -> None:
        if item is None:
            return
        self._queue.append(item)
        self._wake()

    # --- off the actor ---------------------------------------------------------------------

    def _queued(self) -> bool:
        return bool(self._queue)

    async def _work(self) -> None:
        item = self._queue.popleft()
        try:
            notices = await self._from_store(item) if isinstance(item, _Ending) else [item]
            for notice in notices:
                await self._queue_mail(notice)
        except Exception as error:  # play never waits on mail: the notice is lost, and said
            failed(log, error, "mail: a notice of room %s was not queued", item.room)

    async def _from_store(self, ending: _Ending) -> list[Notice]:
        rows = await self.events.load(ending.room)
        if not rows:
            return []
        facts = await asyncio.to_thread(stored_facts, self.kinds, rows, self.lexicons, ending.after)
        return [notice for o in facts.outcomes for notice in end_notices(o, ending.link)]

    async def _queue_mail(self, notice: Notice) -> None:
        try:  # a digest goes at its hour whatever: the sender reads the turns again then
            watching = notice.what != "digest" and notice.seat in await self.connected(notice.room)
        except Exception:
            watching = False  # presence is advice; the sender reads it again
        if watching:
            return
        now = self.clock.now()
        delay = self.delay if notice.due is None else max(0.0, notice.due - now)
        if await self.db.run(lambda tx: outbox.enqueue(tx, notice, now, delay)):
            self.queued += 1
            self.poke()


def turn_notice(room: Actor[Any], seat: str, since: int, link: str) -> Notice | None:
    """The notice of `seat`'s turn since event `since` (None: nobody lasting to tell)."""
    player = room.seats[seat].player
    if player is None:
        return None
    others = [room.name_of(other) for other in room.present() if other != seat]
    data = {"kind": room.KIND, "name": room.name_of(seat), "others": others, "link": link}
    return Notice(player, "turn", room.room_id, seat, since, data)


def end_notices(outcome: GameOutcome, link: str) -> list[Notice]:
    """One notice per person's place in a game that ended."""
    places = [[place.name, place.score, place.rank] for place in outcome.places]
    notices = []
    for place in outcome.places:
        if place.player is None or place.level is not None:
            continue
        others = [other.name for other in outcome.places if other.seat != place.seat]
        data = {
            "kind": outcome.kind,
            "name": place.name,
            "others": others,
            "link": link,
            "places": places,
            "rank": place.rank,
            "score": place.score,
        }
        notices.append(Notice(place.player, "ended", outcome.room, place.seat, outcome.seq, data))
    return notices
