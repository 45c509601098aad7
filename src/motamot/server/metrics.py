"""What one server process tells its operator, in Prometheus's text format (`GET /metrics`).

Counted where it costs least: a seat action's answer time and a store append's are
observed once each (two clock reads and a histogram bucket), and so is each HTTP
request (by route family and status) and each socket's close code (`server.logs`
measures them as it logs them); everything the process already knows (rooms in memory,
rooms owned, commands relayed, rooms taken or handed over, the rooms and seats with a
socket here) is read only when the metrics are scraped. The event loop's lag is
measured by a task that sleeps a quarter of a second and sees how late it wakes; the
collector's pauses by `gc.callbacks`; readiness is what `/readyz` says
(`health.Readiness` sets it at each probe). A failing store call is counted by the store's wrapper
(`MeasuredStore`), a failing Redis call by the warning its module logs
(`BrokerErrors`: each is one lost connection, one notice not sent...). The process's
own figures (CPU, memory, open files) and the build's version come from
prometheus_client's collectors and an info metric. `deploy/prometheus/alerts.yml`
alerts on them.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import platform
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    PlatformCollector,
    ProcessCollector,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

import motamot
from motamot.service.ports import EventStore, SeqConflict, StoredEvent
from motamot.service.rooms.host import RoomHost
from motamot.service.tasks import stopped

#: Seconds: a seat action is answered within milliseconds on a quiet server, a store
#: append within an fsync; the top buckets show a stalled one.
LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
#: How often the event loop's lag is sampled (seconds).
LAG_INTERVAL = 0.25
#: The loggers whose warnings are Redis failures (a lost connection, a notice not sent).
BROKER_LOGGERS = ("motamot.service.brokers", "motamot.service.rooms.relay")

#: What an HTTP request's or a socket's route is counted as: the first segment of its
#: path (two under /api), when the app serves it, else `other` (a scanner's paths add no
#: series).
Families = frozenset[str]


class Metrics:
    """The metrics of one process, in their own registry (tests build several apps)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        ProcessCollector(registry=registry)  # process_cpu_seconds_total, process_*_bytes...
        PlatformCollector(registry=registry)  # python_info
        Info("motamot_build", "This motamot's version", registry=registry).info(
            {"version": motamot.__version__, "python": platform.python_version()}
        )
        self.sockets = Gauge("motamot_open_sockets", "Websockets open now", registry=registry)
        self._to_alert_on(registry)
        self.families: Families = frozenset()
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
        self.schema = Gauge(
            "motamot_schema_version",
            "Each store's schema version, once migrated at start (rooms, players)",
            ["store"],
            registry=registry,
        )
        self._children: dict[tuple[str, bool], Any] = {}
        self._gc_started = 0.0

    def _to_alert_on(self, registry: CollectorRegistry) -> None:
        """The figures `deploy/prometheus/alerts.yml` watches: HTTP answers and their
        latency, sockets' close codes, store and broker errors, readiness."""
        self.http = Counter(
            "motamot_http_requests",
            "HTTP requests answered, by route family (the path's first segment, two under "
            "/api) and status",
            ["family", "status"],
            registry=registry,
        )
        self.http_seconds = Histogram(
            "motamot_http_request_seconds",
            "From an HTTP request's arrival to its answer, by route family",
            ["family"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.closes = Counter(
            "motamot_socket_closes",
            "Websockets closed, by close code (1000 and 1001: a page left; 1008: a flood or "
            "too slow; 1011: a server error; 1012: a restart; 44xx: motamot's own)",
            ["code"],
            registry=registry,
        )
        self.store_errors = Counter(
            "motamot_store_errors",
            "Calls to the event store that failed (not a seq conflict), by operation",
            ["operation"],
            registry=registry,
        )
        self.broker_errors = Counter(
            "motamot_broker_errors",
            "Redis failures between processes (each warning of the broker, the relay)",
            registry=registry,
        )
        self.ready = Gauge(
            "motamot_ready",
            "1 when the process can serve (its store and broker answer), as /readyz says",
            registry=registry,
        )

    def acted(self, action: str, seconds: float, stored: bool) -> None:
        """A seat action of type `action` answered after `seconds`."""
        child = self._children.get((action, stored))
        if child is None:
            outcome = "stored" if stored else "refused"
            child = self._children[(action, stored)] = self._actions.labels(action, outcome)
        child.inc()
        self.ack.observe(seconds)

    def answered(self, path: str, status: int, seconds: float) -> None:
        """An HTTP request for `path` answered with `status` after `seconds`."""
        family = self.family(path)
        self.http.labels(family, str(status)).inc()
        self.http_seconds.labels(family).observe(seconds)

    def closed(self, code: object) -> None:
        """A websocket closed with `code` (None: the connection dropped without one)."""
        self.closes.labels(str(code) if isinstance(code, int) else "none").inc()

    def family(self, path: str) -> str:
        """The route family of `path` (`other` for a path no route of the app starts)."""
        found = route_family(path)
        return found if found in self.families else "other"

    def serve_routes(self, paths: Sequence[str]) -> None:
        """The families the app's routes make (each route's path as Starlette has it)."""
        self.families = frozenset(route_family(path.split("{", 1)[0]) for path in paths)

    def watch(
        self,
        host: Callable[[], RoomHost | None],
        in_play: Callable[[], tuple[int, int]] = lambda: (0, 0),
    ) -> None:
        """Read the rooms' figures from the host (`host()`, None before it starts), and the
        rooms and seats with a socket here (`in_play()`), when scraped."""
        self.registry.register(_HostCollector(host, in_play))

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """While the app runs: the event loop's lag sampled, the collector's pauses timed,
        the broker's warnings counted."""
        tasks = [asyncio.create_task(self._sample_lag(), name="metrics-loop-lag")]
        gc.callbacks.append(self._gc)
        counting = BrokerErrors(self.broker_errors)
        for name in BROKER_LOGGERS:
            logging.getLogger(name).addHandler(counting)
        try:
            yield
        finally:
            for name in BROKER_LOGGERS:
                logging.getLogger(name).removeHandler(counting)
            gc.callbacks.remove(self._gc)
            await stopped(*tasks)

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


def route_family(path: str) -> str:
    """`/api/rooms/x/join` → `api/rooms`, `/r/x` → `r`, `/` → `home`."""
    segments = path.strip("/").split("/")
    if not segments[0]:
        return "home"
    if segments[0] == "api" and len(segments) > 1 and segments[1]:
        return "/".join(segments[:2])
    return segments[0]


class BrokerErrors(logging.Handler):
    """Counts the warnings (and worse) of the modules that talk to Redis: each is a
    failure the process lived through (a lost connection, a message not sent)."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(logging.WARNING)
        self._counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self._counter.inc()


class _HostCollector(Collector):
    """The host's figures, read at each scrape (nothing counted on the hot path)."""

    def __init__(
        self, host: Callable[[], RoomHost | None], in_play: Callable[[], tuple[int, int]]
    ) -> None:
        self._host = host
        self._in_play = in_play

    def collect(self) -> Iterator[Metric]:
        rooms, seats = self._in_play()
        yield GaugeMetricFamily(
            "motamot_rooms_in_play", "Rooms with at least one socket open in this process", rooms
        )
        yield GaugeMetricFamily(
            "motamot_players_in_play",
            "Seats (players, not spectators) with a socket open in this process",
            seats,
        )
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
        self._errors = metrics.store_errors

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        started = time.perf_counter()
        try:
            await self.inner.append(room, expected_seq, events)
        except SeqConflict:
            raise  # another writer of the room: the store answered
        except Exception:
            self._errors.labels("append").inc()
            raise
        finally:
            self._append.observe(time.perf_counter() - started)

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        with self._counted("load"):
            return await self.inner.load(room, after)

    async def rooms(self) -> list[str]:
        with self._counted("rooms"):
            return await self.inner.rooms()

    async def idle_rooms(self, before: float) -> list[str]:
        with self._counted("idle_rooms"):
            return await self.inner.idle_rooms(before)

    async def remove(self, room: str, before: float) -> bool:
        with self._counted("remove"):
            return await self.inner.remove(room, before)

    @contextlib.contextmanager
    def _counted(self, operation: str) -> Iterator[None]:
        try:
            yield
        except Exception:
            self._errors.labels(operation).inc()
            raise

    async def close(self) -> None:
        await self.inner.close()
