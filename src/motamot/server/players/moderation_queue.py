"""The servers' side of the command line's moderation. Room actions (`motamot admin
remove-message`, `remove-player`, `close-room`) are done by the servers: the command
queues them in the players' store (`service.players.operators`), because only a server
holds the room and its sockets. Every process looks every `poll` seconds; the first to
take an action submits it to its room through the host (relayed to the room's owner with
several processes), as the page does, and writes what came of it (`done`, or the
refusal) for the command to print. Every `LIVE_SECONDS` each process also writes which
rooms it holds and who sits in them (`live_rooms`), for `motamot admin rooms`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import msgspec

from motamot.service.players.operators import Queued
from motamot.service.players.store import PlayerStore
from motamot.service.ports import Clock
from motamot.service.rooms.commands import CloseRoom, RemoveMessage, RemovePlayer
from motamot.service.rooms.outcomes import Refusal
from motamot.service.tasks import stopped

log = logging.getLogger("motamot.moderation")

#: Seconds between two looks at the queue.
POLL_SECONDS = 0.5
#: Seconds between two writes of what this process holds; one older than LIVE_FORGET
#: is a process gone (`motamot admin rooms` reads those younger than LIVE_STALE).
LIVE_SECONDS = 5.0
LIVE_STALE = 30.0
LIVE_FORGET = 3600.0
#: Seconds a done action stays queued (its command printed what came of it long ago).
QUEUE_KEPT = 7 * 86400.0
#: Rooms and seats of each written at most.
LIVE_ROOMS = 500
LIVE_SEATS = 50
#: The only commands the queue carries.
QUEUED = RemoveMessage | RemovePlayer | CloseRoom
_DECODER = msgspec.json.Decoder(QUEUED)


#: What a queued action that was done says.
DONE = "done"


def encode(command: QUEUED) -> str:
    return msgspec.json.encode(command).decode()


def refused(refusal: Refusal) -> str:
    """A refusal as the queue keeps it: its code and fields, in JSON."""
    return msgspec.json.encode({"code": refusal.code, "fields": dict(refusal.fields)}).decode()


def refusal_of(outcome: str) -> Refusal:
    """The refusal a queued action's outcome holds (`bad_command` if unreadable)."""
    try:
        said = msgspec.json.decode(outcome, type=dict[str, Any])
        return Refusal(str(said["code"]), dict(said.get("fields") or {}))
    except (msgspec.DecodeError, KeyError, TypeError):
        return Refusal("bad_command")


async def run_one(store: PlayerStore, host: Any, clock: Clock, queued: Queued) -> str | None:
    """Take `queued` and submit it (None: another process took it); its outcome."""
    if not await store.take(queued.id, clock.now()):
        return None
    try:
        command = _DECODER.decode(queued.command)
    except msgspec.DecodeError:
        outcome = refused(Refusal("bad_command"))
    else:
        try:
            answer = await host.submit(queued.room, None, command)
        except Exception as error:  # taken: said failed rather than left waiting for ever
            log.warning("moderation queued %s failed (%s)", queued.id, error)
            answer = Refusal("failed")
        outcome = refused(answer) if isinstance(answer, Refusal) else DONE
    await store.settle(queued.id, outcome, clock.now() - QUEUE_KEPT)
    log.info("moderation queued %s: %s", queued.command[:100], outcome, extra={"room": queued.room})
    return outcome


def live_rooms(host: Any) -> list[dict[str, Any]]:
    """The rooms `host` holds and who sits in them, as `motamot admin rooms` prints them
    (bounded: LIVE_ROOMS rooms, LIVE_SEATS seats each)."""
    found: list[dict[str, Any]] = []
    for room_id in host.in_memory():
        room = host.loaded(room_id)
        if room is None or room.closed:
            continue
        # an arena round seats thousands: only the written ones are shaped
        present = [s for s in room.seats.values() if s.present and not s.removed]
        seats = [
            {"seat": s.seat, "name": s.name, "player": s.player, "bot": s.is_bot}
            for s in present[:LIVE_SEATS]
        ]
        found.append({"room": room_id, "kind": room.KIND, "seats": seats})
    found.sort(key=lambda one: -len(one["seats"]))
    return found[:LIVE_ROOMS]


@contextlib.asynccontextmanager
async def doing_queued(
    store: PlayerStore, host: Any, clock: Clock, poll: float = POLL_SECONDS
) -> AsyncIterator[None]:
    """The queued actions done, and what this process holds written, while the app runs."""
    process = uuid.uuid4().hex[:16]

    async def watch() -> None:
        written = -LIVE_SECONDS
        while True:
            await asyncio.sleep(poll)
            try:
                for queued in await store.waiting():
                    await run_one(store, host, clock, queued)
                if clock.now() - written >= LIVE_SECONDS:
                    written = clock.now()
                    rooms = msgspec.json.encode(live_rooms(host)).decode()
                    await store.write_live(process, time.time(), rooms)
            except Exception as error:  # the store down a while: the next look retries
                log.warning("moderation queue not read (%s)", error)

    task = asyncio.create_task(watch(), name="moderation-queue")
    try:
        yield
    finally:
        await stopped(task)
        with contextlib.suppress(Exception):  # gone: its rooms are listed no more
            await store.forget_live(process, time.time() - LIVE_FORGET)
