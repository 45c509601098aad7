"""Presence over Redis, for several server processes (see `service.presence`).

Presence is advice shown to players, never a rule: a Redis failure is
logged and leaves the last answer in place.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from motamot.service.brokers.pubsub_reader import Message, read_pubsub
from motamot.service.ports import Clock
from motamot.service.rooms.presence import Changed
from motamot.service.tasks import raise_swallowed_cancel, stopped

log = logging.getLogger(__name__)

#: Seconds a process's word on a room counts without being refreshed.
PRESENCE_SECONDS = 15.0


class RedisPresence:
    """Presence shared by the processes on one Redis (keys under `prefix`)."""

    def __init__(
        self,
        client: aioredis.Redis,
        prefix: str,
        process_id: str,
        clock: Clock,
        *,
        seconds: float = PRESENCE_SECONDS,
        refresh_every: float | None = None,
    ) -> None:
        self._client = client
        self._prefix = prefix
        self._process_id = process_id
        self._clock = clock
        self._seconds = seconds
        self._refresh_every = refresh_every if refresh_every is not None else seconds / 3
        self._here: dict[str, list[str]] = {}
        self._listeners: list[Changed] = []
        self._pubsub = client.pubsub()
        self._tasks: list[asyncio.Task[None]] = []
        #: One write at a time: two pipelines on two pooled connections may reach Redis in
        #: either order, and a seat's arrival landing after its departure would show it
        #: there until its field runs out, with nobody told when it does.
        self._writing = asyncio.Lock()

    @property
    def channel(self) -> str:
        return f"{self._prefix}:presence-changed"

    def key(self, room: str) -> str:
        return f"{self._prefix}:presence:{room}"

    async def start(self) -> None:
        await self._pubsub.subscribe(self.channel)
        self._tasks = [
            asyncio.create_task(self._read(), name="presence-reader"),
            asyncio.create_task(self._refresh(), name="presence-refresher"),
        ]

    def _notice(self, room: str) -> str:
        """What the other processes hear when this one's seats in `room` change."""
        return json.dumps({"room": room, "from": self._process_id})

    def on_change(self, changed: Changed) -> None:
        self._listeners.append(changed)

    async def update(self, room: str, seats: Sequence[str]) -> list[str]:
        """Share, announce and read back in one round trip."""
        if seats:
            self._here[room] = sorted(seats)
        else:
            self._here.pop(room, None)
        try:
            async with self._writing, self._client.pipeline(transaction=False) as pipe:
                self._write(pipe, room)
                pipe.publish(self.channel, self._notice(room))
                pipe.hgetall(self.key(room))
                *_, fields = await pipe.execute()
        except RedisError as error:
            log.warning("presence of room %s not shared (%s)", room, error)
            return list(self._here.get(room, []))
        return self._merge(room, fields)

    def _write(self, pipe: aioredis.client.Pipeline, room: str) -> None:
        """Queue this process's field of `room`: its seats until a while from now, or none."""
        key = self.key(room)
        seats = self._here.get(room)
        if seats is None:
            pipe.hdel(key, self._process_id)
            return
        until = self._clock.now() + self._seconds
        pipe.hset(key, self._process_id, json.dumps({"seats": seats, "until": until}))
        # the hash itself goes when no process refreshes it any more
        pipe.expire(key, int(self._seconds * 4) + 1)

    async def seats(self, room: str) -> list[str]:
        try:
            fields = await self._client.hgetall(self.key(room))
        except RedisError as error:
            log.warning("presence of room %s not read (%s)", room, error)
            return list(self._here.get(room, []))
        return self._merge(room, fields)

    def _merge(self, room: str, fields: dict[bytes | str, bytes | str]) -> list[str]:
        """Our seats as we know them, and the other processes' that have not run out."""
        now = self._clock.now()
        found = set(self._here.get(room, []))
        for owner, value in fields.items():
            if _text(owner) == self._process_id:
                continue  # our own, as we know it now
            found.update(_live_seats(value, now))
        return sorted(found)

    async def _read(self) -> None:
        await read_pubsub(self._pubsub, "presence channel", self._heard)

    def _heard(self, message: Message) -> None:
        try:
            notice = json.loads(message["data"])
            room, sender = str(notice["room"]), str(notice["from"])
        except (ValueError, KeyError, TypeError):
            return
        if sender != self._process_id:
            for changed in self._listeners:
                changed(room)

    async def _refresh(self) -> None:
        while True:
            raise_swallowed_cancel()  # redis-py may lose the cancel of a close
            await asyncio.sleep(self._refresh_every)
            if not self._here:
                continue
            try:
                async with self._writing, self._client.pipeline(transaction=False) as pipe:
                    for room in list(self._here):
                        self._write(pipe, room)
                    await pipe.execute()
            except RedisError as error:
                log.warning("presence not refreshed (%s)", error)

    async def close(self) -> None:
        """Stop, and take this process's seats out of every room at once."""
        await stopped(*self._tasks)
        rooms = list(self._here)
        self._here.clear()
        with contextlib.suppress(RedisError):
            async with self._client.pipeline(transaction=False) as pipe:
                for room in rooms:
                    pipe.hdel(self.key(room), self._process_id)
                    pipe.publish(self.channel, self._notice(room))
                await pipe.execute()
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]


def _text(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _live_seats(value: str | bytes, now: float) -> list[str]:
    """The seats of one process's field, if it has not run out (malformed: none)."""
    try:
        data = json.loads(value)
        if float(data["until"]) < now:
            return []
        return [str(seat) for seat in data["seats"]]
    except (ValueError, KeyError, TypeError):
        return []
