"""What one server process tells its operator, in Prometheus's text format (`GET /metrics`).

Counted where it costs least: a seat action's answer time and a store append's are
observed once each (two clock reads and a histogram bucket); everything the process
already knows (rooms in memory, rooms owned, commands relayed, rooms taken or handed
over) is read only when the metrics are scraped, from the host's own counts. The event
loop's lag is measured by a task that sleeps a quarter of a second and sees how late it
wakes; the collector's pauses by `gc.callbacks`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from motamot.service.ports import EventStore, StoredEvent
from motamot.service.rooms.host import RoomHost

#: Seconds: a seat action is answered within milliseconds on a quiet server, a store
#: append within an fsync; the top buckets show a stalled one.
LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
#: How often the event loop's lag is sampled (seconds).
LAG_INTERVAL = 0.25


class Metrics:
    """The metrics of one process, in their own registry (tests build several apps)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.sockets = Gauge("motamot_open_sockets", "Websockets open now", registry=registry)
        self._actions = Counter(
            "motamot_actions",
            "Seat actions answered, by message type (word: a Boggle word, play: a Topword "
            "move) and outcome (stored or refused)",
            ["action", "outcome"],
            registry=registry,
        )
        self.ack = Histogram(
            "motamot_ack_seconds",
            "From a seat action's arrival to its answer (stored before acknowledged)",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.append = Histogram(
            "motamot_store_append_seconds",
            "One append to the event store, until it is durable",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.loop_lag = Histogram(
            "motamot_event_loop_lag_seconds",
            f"How late the event loop wakes a task sleeping {LAG_INTERVAL} s",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.gc_pause = Histogram(
            "motamot_gc_pause_seconds",
            "Garbage-collection pauses, by generation",
            ["generation"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self._children: dict[tuple[str, bool], Any] = {}
        self._gc_started = 0.0

    def acted(self, action: str, seconds: float, stored: bool) -> None:
        """A seat action of type `action` answered after `seconds`."""
        child = self._children.get((action, stored))
        if child is None:
            outcome = "stored" if stored else "refused"
            child = self._children[(action, stored)] = self._actions.labels(action, outcome)
        child.inc()
        self.ack.observe(seconds)

    def watch(self, host: Callable[[], RoomHost | None]) -> None:
        """Read the rooms' figures from the host (`host()`, None before it starts) when
        scraped."""
        self.registry.register(_HostCollector(host))

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """While the app runs: the event loop's lag sampled, the collector's pauses timed."""
        lag = asyncio.create_task(self._sample_lag(), name="metrics-loop-lag")
        gc.callbacks.append(self._gc)
        try:
            yield
        finally:
            gc.callbacks.remove(self._gc)
            lag.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await lag

    async def _sample_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(LAG_INTERVAL)
            self.loop_lag.observe(max(0.0, loop.time() - asked - LAG_INTERVAL))

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            pause = time.perf_counter() - self._gc_started
            self.gc_pause.labels(str(info.get("generation", ""))).observe(pause)


class _HostCollector(Collector):
    """The host's figures, read at each scrape (nothing counted on the hot path)."""

    def __init__(self, host: Callable[[], RoomHost | None]) -> None:
        self._host = host

    def collect(self) -> Iterator[Metric]:
        host = self._host()
        loaded, owned = (0, 0) if host is None else host.census()
        counts = {} if host is None else dict(host.counts)
        yield GaugeMetricFamily("motamot_rooms_loaded", "Rooms in this process's memory", loaded)
        yield GaugeMetricFamily(
            "motamot_rooms_owned",
            "Rooms this process runs (their clock and computer players; with one process, "
            "every room loaded)",
            owned,
        )
        relayed = CounterMetricFamily(
            "motamot_relayed_commands",
            "Commands relayed between processes: sent to a room's owner, answered for another",
            labels=["direction"],
        )
        for direction in ("sent", "answered"):
            relayed.add_metric([direction], counts.get(f"relayed_{direction}", 0))
        yield relayed
        yield CounterMetricFamily(
            "motamot_room_claims",
            "Rooms this process took (a new room's first owner, or after its owner stopped "
            "or died)",
            counts.get("claims", 0),
        )
        yield CounterMetricFamily(
            "motamot_room_moves",
            "Rooms this process handed over (to where their players are, or on a graceful stop)",
            counts.get("moves", 0),
        )


class MeasuredStore:
    """An event store whose appends are timed into `metrics`; the rest goes through."""

    def __init__(self, store: EventStore, metrics: Metrics) -> None:
        self.inner = store
        self._append = metrics.append

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        started = time.perf_counter()
        try:
            await self.inner.append(room, expected_seq, events)
        finally:
            self._append.observe(time.perf_counter() - started)

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        return await self.inner.load(room, after)

    async def rooms(self) -> list[str]:
        return await self.inner.rooms()

    async def idle_rooms(self, before: float) -> list[str]:
        return await self.inner.idle_rooms(before)

    async def remove(self, room: str, before: float) -> bool:
        return await self.inner.remove(room, before)

    async def close(self) -> None:
        await self.inner.close()
