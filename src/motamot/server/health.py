"""What a load balancer and an operator ask a process: is it alive, can it serve, how is it.

`/healthz` answers as long as the process runs its event loop; `/readyz` only when its
store can write (and Redis answers, with several processes), else 503 with the part that
cannot (a proxy then sends its players elsewhere). `/readyz` never waits on a part: a
probe asks them in the background every `PROBE_EVERY` seconds (`Readiness`) and the
route answers from its last result, so a store that hangs makes it say 503 at once, not
time out. `/metrics` is Prometheus's text format, on this port or, when the operator
says so, on a port of its own (`serve`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from motamot.server.metrics import Metrics
from motamot.server.rooms import Rooms
from motamot.service.tasks import stopped

#: No answer of these is ever kept by a cache in between.
NO_STORE = {"cache-control": "no-store"}


#: Seconds between two probes of the parts (`/readyz` says a part is back this soon).
PROBE_EVERY = 0.5
#: Longest one probe may take before the parts are called down (each part's own is less).
PROBE_SECONDS = 1.5


class Readiness:
    """What `/readyz` says: the last answer of the host's parts (`RoomHost.unready`)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        #: The part that cannot serve (None: ready).
        self.down: str | None = "starting"

    async def probe(self) -> None:
        if not self.rooms.started:
            self.down = "starting"
            return
        try:
            async with asyncio.timeout(PROBE_SECONDS):
                self.down = await self.rooms.host.unready()
        except TimeoutError:
            self.down = self.down or "store"
        if self.rooms.metrics is not None:  # motamot_ready says what /readyz says
            self.rooms.metrics.ready.set(0 if self.down else 1)

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Probe in the background while the app runs."""

        async def keep() -> None:
            while True:
                await self.probe()
                await asyncio.sleep(PROBE_EVERY)

        task = asyncio.create_task(keep(), name="readiness")
        try:
            yield
        finally:
            await stopped(task)


def health_routes(rooms: Rooms, metrics: Metrics | None, readiness: Readiness) -> list[BaseRoute]:
    """`/healthz`, `/readyz` (from `readiness`), and `/metrics` when `metrics` are
    served on this port."""

    async def healthz(request: Request) -> Response:
        del request
        return JSONResponse({"status": "ok"}, headers=NO_STORE)

    async def readyz(request: Request) -> Response:
        del request
        down = readiness.down
        if down is None and rooms.host.store.health.down is not None:
            down = "store"  # an append failed since the last probe: said at once
        if down is not None:
            return JSONResponse({"status": "unready", "reason": down}, 503, NO_STORE)
        return JSONResponse({"status": "ready"}, headers=NO_STORE)

    routes: list[BaseRoute] = [Route("/healthz", healthz), Route("/readyz", readyz)]
    if metrics is not None:
        routes.append(Route("/metrics", metrics_endpoint(metrics)))
    return routes


def metrics_endpoint(metrics: Metrics) -> Callable[[Request], Awaitable[Response]]:
    """The route answering a scrape of `metrics`."""

    async def endpoint(request: Request) -> Response:
        del request
        body = generate_latest(metrics.registry)
        return Response(body, headers={"content-type": CONTENT_TYPE_LATEST, **NO_STORE})

    return endpoint
