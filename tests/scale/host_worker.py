"""One ClusterHost in a process of its own, driven by JSON lines on stdin (the Topword fault test).

    python -m tests.scale.host_worker DB_URL BROKER_URL

Each input line is `{"id": n, "room": ..., "body": <CommandCodec JSON>}` (a
command for a room) or `{"id": n, "create": <TopwordSettings fields>}`; each
answer is `{"id": n, "answer": <answer JSON>}` on stdout. Timers and bots
run as in `motamot serve`: the same host, without the web server.
"""

from __future__ import annotations

import asyncio
import json
import sys

from motamot.service.brokers.redis import RedisBroker
from motamot.service.ports import SystemClock
from motamot.service.rooms.cluster import ClusterHost, lease_seconds_from_env
from motamot.service.rooms.codec import encode_answer
from motamot.service.rooms.host import cached_lexicons
from motamot.service.stores.postgres import PostgresStore
from motamot.service.topword.settings import TopwordSettings
from motamot.web import default_kinds


async def serve(db: str, broker_url: str) -> None:
    store = await PostgresStore.open(db)
    broker = await RedisBroker.open(broker_url, store)
    host = ClusterHost(
        store,
        broker,
        SystemClock(),
        cached_lexicons(),
        default_kinds().rooms,
        lease_seconds=lease_seconds_from_env(),
    )
    await host.start()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    print(json.dumps({"ready": host.process_id}), flush=True)

    async def answer(request: dict[str, object]) -> None:
        if "create" in request:
            settings = request["create"]
            assert isinstance(settings, dict)
            created = await host.create(TopwordSettings(**settings))
            reply: object = created if isinstance(created, str) else {"refused": created.code}
        else:
            seat, command = host.codec.decode(str(request["body"]))
            outcome = await host.submit(str(request["room"]), seat, command)
            reply = json.loads(encode_answer(outcome))
        print(json.dumps({"id": request["id"], "answer": reply}), flush=True)

    tasks: set[asyncio.Task[None]] = set()
    while line := await reader.readline():
        task = asyncio.create_task(answer(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await host.close()
    await broker.close()
    await store.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], sys.argv[2]))
