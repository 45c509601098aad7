"""Room leases on Redis: which one server process runs a room's clock.

A lease is a key `prefix:lease:<room>` holding the owner's process id, set
with `SET NX PX` (only if nobody holds it, expiring by itself) and renewed
well before it expires. When the owner dies, its leases expire and the next
process that needs the room takes it. A lease is only advice: the store's
`(room, seq)` key is the fence, so an owner that lost its lease without
knowing it (a long pause) cannot write over the new owner's events.

Ownership is cached: while Redis does not answer, this process keeps the
rooms it holds and plays them (nobody else can take a lease from a Redis that
is away; a process that still reaches it and takes one anyway meets the fence).
When Redis answers again each lease is renewed, or taken again if it expired
meanwhile (or Redis came back empty); only one another process holds is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from motamot.service.tasks import raise_swallowed_cancel, stopped

log = logging.getLogger(__name__)

DEFAULT_LEASE_SECONDS = 3.0

# Renew every lease still ours in one round trip, taking again one that expired (Redis was
# away, or restarted empty); returns the rooms another process holds now.
_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif holder == false then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisLeases:
    """The leases this process holds, renewed in the background until released or lost."""

    def __init__(
        self,
        client: aioredis.Redis,
        prefix: str,
        owner: str,
        *,
        seconds: float = DEFAULT_LEASE_SECONDS,
        on_lost: Callable[[str], None] = lambda room: None,
    ) -> None:
        self.owner = owner
        self.seconds = seconds
        self._client = client
        self._prefix = prefix
        self._held: set[str] = set()
        self._on_lost = on_lost
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)
        self._renewer: asyncio.Task[None] | None = None

    def key(self, room: str) -> str:
        return f"{self._prefix}:lease:{room}"

    def holds(self, room: str) -> bool:
        return room in self._held

    @property
    def held(self) -> frozenset[str]:
        return frozenset(self._held)

    async def acquire(self, room: str) -> bool:
        """Take the room's lease if nobody holds it; True if it is (now) ours."""
        if room in self._held:
            return True
        taken = await self._client.set(
            self.key(room), self.owner, nx=True, px=int(self.seconds * 1000)
        )
        if not taken and await self.owner_of(room) != self.owner:
            return False
        self._held.add(room)
        if self._renewer is None:
            self._renewer = asyncio.create_task(self._keep(), name="lease-renewer")
        return True

    async def owner_of(self, room: str) -> str | None:
        """The process id holding the room's lease, or None if it is free."""
        current: bytes | str | None = await self._client.get(self.key(room))
        if isinstance(current, bytes):
            return current.decode()
        return current

    async def owners_of(self, rooms: list[str]) -> list[str | None]:
        """The holder of each room's lease (None: free), in one round trip."""
        values: list[bytes | str | None] = await self._client.mget([self.key(r) for r in rooms])
        return [value.decode() if isinstance(value, bytes) else value for value in values]

    async def release(self, room: str) -> None:
        """Give the lease back at once (a graceful stop), so another process needs no wait."""
        if room not in self._held:
            return
        self._held.discard(room)
        with contextlib.suppress(RedisError):
            await self._release(keys=[self.key(room)], args=[self.owner])

    async def break_lease(self, room: str, owner: str) -> bool:
        """Free the lease of a process known to be dead, if it is still that one's."""
        return bool(await self._release(keys=[self.key(room)], args=[owner]))

    async def release_all(self) -> None:
        for room in sorted(self._held):
            await self.release(room)

    async def renew(self) -> None:
        """Extend every held lease; drop (and report) the ones another process has."""
        if not self._held:
            return
        rooms = sorted(self._held)
        keys = [self.key(room) for room in rooms]
        lost = await self._renew(keys=keys, args=[self.owner, int(self.seconds * 1000)])
        lost_keys = {bytes(key).decode() for key in lost}
        for room in rooms:
            if self.key(room) in lost_keys and room in self._held:
                self._held.discard(room)
                log.warning("lease of room %s lost", room)
                self._on_lost(room)

    async def _keep(self) -> None:
        away = False
        while True:
            raise_swallowed_cancel()  # redis-py may lose the cancel of a close
            await asyncio.sleep(self.seconds / 3)
            try:
                await self.renew()
            except Exception as error:  # whatever Redis's client raises: never stop renewing
                if not away:  # the rooms held are kept and played meanwhile
                    log.warning("lease renewal failed (%r); rooms kept, retrying", error)
                away = True
                continue
            if away:
                log.warning("leases renewed: Redis answers again")
            away = False

    async def close(self) -> None:
        await stopped(self._renewer)
        self._renewer = None
        await self.release_all()
