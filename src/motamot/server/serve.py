"""`motamot serve`: the store, broadcaster and host for one process, then uvicorn.

`--db` picks the event store: a SQLite file (the default, in the user data
folder: nothing to install) or a `postgresql://` URL (the `scale` extra).
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from motamot.server.app import create_app
from motamot.server.rooms import Rooms
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.host import RoomHost, cached_lexicons
from motamot.service.ports import Clock, EventStore, SystemClock
from motamot.service.storage import data_dir
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.sqlite import SqliteStore
from motamot.text.i18n import Language
from motamot.text.web import serve_text

#: Largest websocket frame uvicorn accepts at all (the protocol's own limit is smaller).
WS_MAX_SIZE = 64 * 1024


def default_db() -> str:
    return str(data_dir() / "server.sqlite3")


async def open_store(db: str) -> EventStore:
    """The event store that `db` names: a file path, `sqlite:///path`, `postgresql://...`,
    or `memory` (nothing kept when the process stops: trying things out, benchmarks)."""
    if db == "memory":
        return MemoryStore()
    if db.startswith(("postgresql://", "postgres://")):
        from motamot.service.stores.postgres import PostgresStore

        return await PostgresStore.open(db)
    path = Path(db.removeprefix("sqlite:///").removeprefix("sqlite://"))
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteStore(path)


def build(db: str) -> Starlette:
    """The whole server for one process; the store opens when the app starts."""
    return build_app(lambda: open_store(db), SystemClock())


def build_app(store_factory: Callable[[], Awaitable[EventStore]], clock: Clock) -> Starlette:
    """The app over the store that `store_factory` opens (inside the app's event loop)."""
    broadcaster = LocalBroadcaster()
    rooms = Rooms(broadcaster, clock)

    @contextlib.asynccontextmanager
    async def parts() -> AsyncIterator[None]:
        store = await store_factory()
        host = RoomHost(store, broadcaster, clock, cached_lexicons())
        rooms.start(host)
        await host.start()
        try:
            yield
        finally:
            await host.close()
            await broadcaster.close()
            await store.close()

    return create_app(rooms, [parts])


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), if any."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for *_, address in found:
        ip = str(address[0])
        if not ip.startswith("127."):
            return ip
    return None


def serve(host: str, port: int, db: str, lang: Language = "fr") -> None:
    """Run the server until interrupted, printing where to open it."""
    app = build(db)
    everywhere = host in ("0.0.0.0", "::")
    shown = "127.0.0.1" if everywhere else host
    print(serve_text("open", lang, url=f"http://{shown}:{port}/"))
    lan = lan_address() if everywhere else None
    if lan is not None:
        print(serve_text("friends", lang, url=f"http://{lan}:{port}/"))
    elif not everywhere:
        print(serve_text("local_only", lang))
    print(serve_text("saved", lang, db=db), flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        # small JSON frames: compressing them costs more CPU than it saves on a LAN
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        log_level="warning",
    )
