"""Broadcasters: in-process fan-out (one process), Redis (several processes).

`open_broker(url, store)` is what `motamot serve --broker` takes: `local:`
or `redis://host:port/db` (`?prefix=name` picks the key prefix, `motamot`
by default). The Redis broker fills any gap from `store`.
"""

from __future__ import annotations

from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import Broadcaster, EventStore


async def open_broker(url: str, store: EventStore) -> Broadcaster:
    """The broadcaster `url` names, connected."""
    if url == "local:":
        return LocalBroadcaster()
    if url.startswith(("redis://", "rediss://", "unix://")):
        try:
            from motamot.service.brokers.redis import RedisBroker
        except ImportError as error:
            raise RuntimeError(
                "Redis needs the scale extra: pip install 'motamot[scale]'"
            ) from error
        return await RedisBroker.open(url, store)
    raise ValueError(f"unknown broker {url!r}: local: or redis://...")
