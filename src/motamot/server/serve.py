"""`motamot serve`: the store, broadcaster and host for one process, then uvicorn.

`--db` picks the event store: a SQLite file (the default, in the user data
folder: nothing to install) or a `postgresql://` URL (the `scale` extra).
`--broker redis://...` makes the process one of several over one database.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable

import uvicorn
from starlette.applications import Starlette

from motamot.server import logs
from motamot.server.app import create_app
from motamot.server.connections import ConnectionLimits, raise_open_files
from motamot.server.dictionaries import Shelf
from motamot.server.kinds import WebKinds
from motamot.server.metrics import MeasuredStore
from motamot.server.operations import Operations
from motamot.server.players.moderation_queue import doing_queued
from motamot.server.players.visitors import Players
from motamot.server.quotas import Quotas
from motamot.server.rooms import Rooms
from motamot.server.startup import PortTaken, players_schema_of, prepare_stores, take_port
from motamot.server.stopping import WatchedServer
from motamot.server.uvicorn_seam import protocols
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.lobby import lobby_running
from motamot.service.lobby.projector import TOPIC as LOBBY_TOPIC
from motamot.service.mail.mailer import Mailer
from motamot.service.notices import LocalNotices, Notices
from motamot.service.pairing.pairer import TOPIC as PAIRING_TOPIC
from motamot.service.players.projector import Projector
from motamot.service.players.store import PlayerStore
from motamot.service.ports import Clock, EventStore, SystemClock
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.retention import keep_sweeping
from motamot.service.stores import open_store
from motamot.service.stores.guarded import GuardedStore
from motamot.service.stores.urls import redacted
from motamot.service.tasks import stopped
from motamot.text.i18n import Language
from motamot.text.web import serve_text

log = logging.getLogger("motamot.serve")

#: Largest websocket frame uvicorn accepts at all (the protocol's own limit is smaller).
WS_MAX_SIZE = 64 * 1024
#: On SIGTERM, how long open requests may take to finish before the rooms are handed over.
GRACEFUL_SECONDS = 5
#: Net new container objects between two young collections (CPython's default is 700).
YOUNG_GC_THRESHOLD = 50_000


def build(
    db: str,
    kinds: WebKinds,
    broker: str | None = None,
    chosen_grids: bool = False,
    origins: Iterable[str] = (),
    ops: Operations | None = None,
) -> Starlette:
    """The whole server for one process, serving `kinds`; the store opens when the app
    starts. With `broker` (`redis://...`) the process is one of several sharing the
    rooms of one database (see `service.rooms.cluster`). `chosen_grids`: a room's
    creator may choose its grid (the operator's choice, said to every player).
    `origins`: sites whose pages may act, besides the Host's (`server.origins`); `ops`:
    the operator's other choices (`server.operations`)."""
    if broker is not None:
        return build_cluster_app(db, broker, SystemClock(), kinds, chosen_grids, origins, ops)
    players = lambda: PlayerStore.open(db)  # noqa: E731 (the rooms' database, its own tables)
    clock = SystemClock()
    return build_app(lambda: open_store(db), clock, kinds, chosen_grids, origins, players, ops)


def build_cluster_app(
    db: str,
    broker_url: str,
    clock: Clock,
    kinds: WebKinds,
    chosen_grids: bool = False,
    origins: Iterable[str] = (),
    ops: Operations | None = None,
) -> Starlette:
    """One process of several: it owns the rooms whose lease it holds, follows the others."""
    from motamot.service.brokers.redis import RedisBroker
    from motamot.service.brokers.redis_bans import BansSignal
    from motamot.service.brokers.redis_claim import holding_prefix
    from motamot.service.brokers.redis_notices import RedisNotices
    from motamot.service.brokers.redis_presence import RedisPresence
    from motamot.service.rooms.cluster import ClusterHost, lease_seconds_from_env

    ops = ops or Operations()
    rooms = Rooms(LocalBroadcaster(), clock, kinds, chosen_grids=chosen_grids)
    rooms.secret = ops.secret
    players = Players(clock)

    @contextlib.asynccontextmanager
    async def parts() -> AsyncIterator[None]:
        shelf = await Shelf.open()
        store = guard(await open_store(db), ops)
        broker = await RedisBroker.open(broker_url, store)
        lease = lease_seconds_from_env()
        host = ClusterHost(store, broker, clock, shelf, kinds.rooms, lease_seconds=lease)
        presence = RedisPresence(broker.client, broker.prefix, host.process_id, clock)
        rooms.start(host, shelf, host.followers(), presence)
        notices = RedisNotices(broker.client, broker.prefix, host.process_id, TOPICS)
        bans = BansSignal(broker.client, broker.prefix, players.bans.changed)
        players.bans.tell_others = bans.announce
        async with (
            holding_prefix(broker.client, broker.prefix, db),
            following(players, PlayerStore.open(db), store, host, kinds) as projector,
            mailing(players, rooms, store, host, ops),
        ):
            await presence.start()
            await notices.start()
            await bans.start()
            await host.start()
            try:
                async with (
                    lobbying(rooms, projector, host, notices, clock),
                    retaining(host, ops),
                ):
                    yield
            finally:
                # after uvicorn closed every socket (1012): hand the rooms over at once
                await host.close()
                await asyncio.gather(presence.close(), notices.close(), bans.close())
        await broker.close()
        await store.close()

    return create_app(
        rooms, [parts], players, origins, ops.metrics, ops.metrics_here, quotas_of(ops)
    )


def build_app(
    store_factory: Callable[[], Awaitable[EventStore]],
    clock: Clock,
    kinds: WebKinds,
    chosen_grids: bool = False,
    origins: Iterable[str] = (),
    players_factory: Callable[[], Awaitable[PlayerStore]] | None = None,
    ops: Operations | None = None,
) -> Starlette:
    """The app serving `kinds` over the store that `store_factory` opens (inside the
    app's event loop), its lasting players in the store `players_factory` opens (in
    memory by default)."""
    broadcaster = LocalBroadcaster()
    ops = ops or Operations()
    rooms = Rooms(broadcaster, clock, kinds, chosen_grids=chosen_grids)
    rooms.secret = ops.secret
    players = Players(clock)
    open_players = players_factory or (lambda: PlayerStore.open("memory"))

    @contextlib.asynccontextmanager
    async def parts() -> AsyncIterator[None]:
        shelf = await Shelf.open()
        store = guard(await store_factory(), ops)
        host = RoomHost(store, broadcaster, clock, shelf, kinds.rooms)
        rooms.start(host, shelf)
        async with (
            following(players, open_players(), store, host, kinds) as projector,
            mailing(players, rooms, store, host, ops),
        ):
            await host.start()
            try:
                async with (
                    lobbying(rooms, projector, host, LocalNotices(), clock),
                    retaining(host, ops),
                ):
                    yield
            finally:
                await host.close()
        await broadcaster.close()
        await store.close()

    return create_app(
        rooms, [parts], players, origins, ops.metrics, ops.metrics_here, quotas_of(ops)
    )


def quotas_of(ops: Operations) -> Quotas:
    return Quotas(ops.quotas, ops.proxies)


@contextlib.asynccontextmanager
async def following(
    players: Players,
    opening: Awaitable[PlayerStore],
    store: EventStore,
    host: RoomHost,
    kinds: WebKinds,
) -> AsyncIterator[Projector]:
    """The players' store open and its projections following the host's rooms: caught up
    with the events first (a crash between a match's end and its projection; rebuilt
    whole when they are new), then kept up live; closed after the rooms."""
    player_store = await opening
    players_schema_of(player_store.found_version).said()
    projector = Projector(player_store, store, kinds.rooms, host.lexicons)
    projector.after_ends = host.ends_done
    if isinstance(host.lexicons, Shelf):  # this server's word lists' versions, first
        await host.lexicons.read_changes(player_store)
    try:
        await players.start(player_store, projector)
        if player_store.fresh:  # a first start, or projections of an older layout
            await projector.rebuild()
        else:
            await projector.catch_up()
        host.observers.append(projector.observe)
        shelf = host.lexicons if isinstance(host.lexicons, Shelf) else Shelf({})
        async with (
            players.bans.watching(player_store),
            doing_queued(player_store, host, players.clock),
            shelf.watching(player_store),
        ):
            yield projector
    finally:
        await projector.close()
        await player_store.close()


#: The topics processes tell each other of (`service.notices`).
TOPICS = (LOBBY_TOPIC, PAIRING_TOPIC)


@contextlib.asynccontextmanager
async def lobbying(
    rooms: Rooms, projector: Projector, host: RoomHost, notices: Notices, clock: Clock
) -> AsyncIterator[None]:
    """The lobby (and the notices it and the kinds' pairings share) while the app runs,
    in the players' database, following the host's rooms (started: their timers ticked)."""
    async with lobby_running(projector.players.db, host, notices, clock) as lobby:
        rooms.lobby = lobby
        try:
            yield
        finally:
            rooms.lobby = None


@contextlib.asynccontextmanager
async def mailing(
    players: Players, rooms: Rooms, store: EventStore, host: RoomHost, ops: Operations
) -> AsyncIterator[Mailer | None]:
    """Mail while the app runs, if the operator gave an SMTP server: the sender in the
    background, the notices of this process's rooms (`service.mail.notices`), the
    account pages' address form; closed before the players' store."""
    if ops.mail is None:
        yield None
        return

    async def connected(room: str) -> list[str]:
        return await rooms.presence.seats(room)

    async def awaited(room: str) -> tuple[str, int] | None:
        return await host.read(room, lambda found: found.awaited())

    mailer = await Mailer.open(players.store, ops.mail, host.clock, (connected, awaited))
    notifier = mailer.notices((store, host.kinds, host.lexicons))
    host.observers.append(notifier.observe)
    players.mailer = mailer
    try:
        yield mailer
    finally:
        players.mailer = None
        host.observers.remove(notifier.observe)
        await mailer.close()


@contextlib.asynccontextmanager
async def retaining(host: RoomHost, ops: Operations) -> AsyncIterator[None]:
    """Old finished rooms swept away while the app runs, if the operator keeps them so."""
    if ops.retention is None or ops.retention.days <= 0:
        yield
        return
    sweeper = asyncio.create_task(keep_sweeping(host, ops.retention), name="retention")
    try:
        yield
    finally:
        await stopped(sweeper)


def guard(store: EventStore, ops: Operations) -> GuardedStore:
    """`store` timed (`measured`) with every wait bounded (`stores.guarded`); a store
    already guarded (a test's own bound) as it is."""
    return store if isinstance(store, GuardedStore) else GuardedStore(measured(store, ops))


def measured(store: EventStore, ops: Operations) -> EventStore:
    """`store` with its appends timed when metrics are kept."""
    return store if ops.metrics is None else MeasuredStore(store, ops.metrics)


def tune_gc() -> None:
    """Keep the cycle collector from stalling every room at once.

    Each open socket holds about 175 objects the collector tracks (its tasks,
    coroutines, queues), so with 2,000 sockets a full collection stops the event
    loop for about 200 ms (570 ms at 4,000). And a young collection is not small:
    every socket woken since the last one awaits a new future, so the young
    generation holds the coroutines, futures and contexts in flight of every
    busy socket (60,000-80,000 objects at 2,000 players), whatever the
    threshold; it took 45-50 ms of CPU each time at 4,000 players, every 1.5 s
    with a threshold of 10,000. A threshold of 50,000 pays for that set five
    times less often (about 100 ms every 8 s), and what it promotes to the older
    generations shrinks with it, so the full collections come far apart
    (benchmarks/bench_server.py --players 4000: steady p99 596-825 ms with
    10,000, 247 ms with 50,000, the machine equally shared). Freezing moves what
    start-up built (modules, the app) out of every later collection. Cyclic
    garbage is still collected, only less often; the hot paths make almost none
    (boggle.referee's path search is not a closure that calls itself).
    """
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_GC_THRESHOLD, middle, old)


#: Where the probe points: an address outside this network (TEST-NET-2, RFC 5737), so the
#: route chosen is the one to the outside world. A UDP socket's connect() only picks the
#: route and the source address: no packet is sent.
OUTSIDE = ("198.51.100.1", 9)


def route_source(target: tuple[str, int] = OUTSIDE) -> str:
    """The address this machine would send from to reach `target` (OSError: no route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(target)
        return str(probe.getsockname()[0])


def lan_address(source: Callable[[], str] = route_source) -> tuple[str | None, str]:
    """This machine's address on the local network, or None and why: `no_network` (no
    route out: no cable, no Wi-Fi) or `loopback` (the route goes nowhere but here).
    The host name is not asked: Debian and Ubuntu map it to 127.0.1.1."""
    try:
        address = ipaddress.ip_address(source())
    except (OSError, ValueError):
        return None, "no_network"
    if address.is_loopback or address.is_unspecified or address.is_link_local:
        return None, "loopback"
    return str(address), ""


def address_lines(
    host: str, port: int, lang: Language, source: Callable[[], str] = route_source
) -> list[str]:
    """What `serve` prints of where to open it: here, and for friends on the network (or
    why there is no such address and what to do)."""
    everywhere = host in ("0.0.0.0", "::")
    shown = "127.0.0.1" if everywhere else host
    lines = [serve_text("open", lang, url=f"http://{shown}:{port}/")]
    if not everywhere:
        lines.append(serve_text("local_only", lang))
        return lines
    lan, why = lan_address(source)
    if lan is None:
        lines.append(serve_text(f"no_lan.{why}", lang, port=port))
    else:
        lines.append(serve_text("friends", lang, url=f"http://{lan}:{port}/"))
    return lines


def serve(
    host: str,
    port: int,
    db: str,
    kinds: WebKinds,
    lang: Language = "fr",
    broker: str | None = None,
    chosen_grids: bool = False,
    limits: ConnectionLimits | None = None,
    origins: Iterable[str] = (),
    ops: Operations | None = None,
    metrics_at: tuple[str, int] | None = None,
) -> None:
    """Run the server for `kinds` until interrupted, logging where to open it. Its port is
    taken before its stores are checked and migrated (PortTaken, SchemaTooNew: nothing
    changed; `server.startup`). On SIGTERM
    uvicorn stops taking connections and closes the sockets with 1012 (clients reconnect
    elsewhere), then the rooms are handed over. Every connection is held to `limits`
    (`server.connections`); pages of `origins` may act besides the Host's. `ops`: the
    operator's choices; `metrics_at` (host, port): the metrics there, not on `port`."""
    limits = limits or ConnectionLimits(lang=lang)
    ops = ops or Operations()
    ops.metrics_here = metrics_at is None
    ops.proxies = tuple(limits.proxies)
    logs.configure(ops.log_format, ops.log_level)
    listening = take_port(host, port)  # before any store is touched (`server.startup`)
    server: WatchedServer | None = None
    try:
        if metrics_at is not None and ops.metrics is not None:
            serve_metrics(metrics_at, ops)
        for line in address_lines(host, port, lang):
            log.info(line)
        log.info(serve_text("saved", lang, db=redacted(db)))
        rooms = prepare_stores(db, broker)
        if ops.metrics is not None and rooms is not None:
            ops.metrics.schema.labels("rooms").set(rooms.now)
            ops.metrics.schema.labels("players").set(players_schema_of(None).now)
        app = build(db, kinds, broker, chosen_grids, origins, ops)
        tune_gc()
        raise_open_files()
        server = WatchedServer(uvicorn_config(app, host, port, limits))
        server.run(sockets=[listening])
    finally:
        listening.close()
        if server is not None:
            server.watch_until_exit()  # serve() is its process's last work
    if not server.started:
        raise SystemExit(3)  # the app could not start: uvicorn logged why


def serve_metrics(at: tuple[str, int], ops: Operations) -> None:
    """/metrics on a port of its own (PortTaken when it cannot be had)."""
    from prometheus_client import start_http_server

    assert ops.metrics is not None
    try:
        start_http_server(at[1], at[0], ops.metrics.registry)
    except OSError as error:
        raise PortTaken(at[0], at[1], error.strerror or str(error)) from None


def uvicorn_config(
    app: Starlette, host: str, port: int, limits: ConnectionLimits
) -> uvicorn.Config:
    """How uvicorn runs the app on the socket `serve` took."""
    http, ws = protocols(limits)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=http,
        ws=ws,
        forwarded_allow_ips=list(limits.proxies),
        ws_max_size=WS_MAX_SIZE,
        # small JSON frames: compressing them costs more CPU than it saves on a LAN
        ws_per_message_deflate=False,
        # no protocol pings: a busy server reads a pong late and closed sockets that were
        # fine (1011); every page pings by itself (5 s), and a silent socket is closed by
        # ws.IDLE_SECONDS instead
        ws_ping_interval=None,
        ws_ping_timeout=None,
        # the logs are ours (`server.logs`): uvicorn's own say only what goes wrong
        log_config=None,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
