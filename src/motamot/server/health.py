"""What a load balancer and an operator ask a process: is it alive, can it serve, how is it.

`/healthz` answers as long as the process runs its event loop; `/readyz` only when its
store (and Redis, with several processes) answers too, else 503 with the part that does
not (a proxy then sends its players elsewhere). `/metrics` is Prometheus's text format,
on this port or, when the operator says so, on a port of its own (`serve`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from motamot.server.metrics import Metrics
from motamot.server.rooms import Rooms

#: No answer of these is ever kept by a cache in between.
NO_STORE = {"cache-control": "no-store"}


def health_routes(rooms: Rooms, metrics: Metrics | None) -> list[BaseRoute]:
    """`/healthz`, `/readyz`, and `/metrics` when `metrics` are served on this port."""

    async def healthz(request: Request) -> Response:
        del request
        return JSONResponse({"status": "ok"}, headers=NO_STORE)

    async def readyz(request: Request) -> Response:
        del request
        if not rooms.started:
            return JSONResponse({"status": "unready", "reason": "starting"}, 503, NO_STORE)
        down = await rooms.host.unready()
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
