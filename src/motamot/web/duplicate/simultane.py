"""D11, D12 over HTTP: the ranking of every room playing one numbered game, and a club's
series, from any process (`service.duplicate.simultaneous` reads the store they share)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.server.http import refused
from motamot.server.kinds import PageRenderer, Rooms
from motamot.server.links import room_of
from motamot.server.texts import request_language
from motamot.service.duplicate import DUPLICATE as DUPLICATE_ROOMS
from motamot.service.duplicate.index import GameIndex, IndexWriter, backfill
from motamot.service.duplicate.settings import SERIES
from motamot.service.duplicate.simultaneous import Simultaneous, ranking, series_table
from motamot.service.rooms.outcomes import Refusal
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped
from motamot.web.duplicate import pages

log = logging.getLogger(__name__)

#: The lines of a ranking one answer holds (its head; `players` says how many in all).
SHOWN = 1000
MAX_NUMBER = 999_999
#: The numbered games whose last answer is kept (the oldest dropped first).
KEPT_ANSWERS = 64
#: The index of each running app's rooms (none: no players' database, every room listed).
INDEXES: dict[Rooms, GameIndex] = {}
#: Each running app's reader of the rankings (made once its rooms' host runs).
READERS: dict[Rooms, Simultaneous] = {}


@contextlib.asynccontextmanager
async def indexing(rooms: Rooms) -> AsyncIterator[None]:
    """While the app runs: the rooms of each numbered game and series written to their
    index in the players' database, as this process stores them (the rooms stored before
    the index, once, in the background)."""
    lobby = rooms.lobby
    if lobby is None:
        yield
        return
    index = GameIndex(lobby.store.db)
    to_fill = await index.create()
    writer = IndexWriter(index)
    rooms.host.observers.append(writer.observe)
    filling = None
    if to_fill:
        filling = asyncio.create_task(_backfill(index, rooms), name="duplicate-index-fill")
    INDEXES[rooms] = index
    READERS.pop(rooms, None)  # made again over the index
    try:
        yield
    finally:
        INDEXES.pop(rooms, None)
        READERS.pop(rooms, None)
        await stopped(filling)
        with contextlib.suppress(ValueError):
            rooms.host.observers.remove(writer.observe)
        await writer.close()


async def _backfill(index: GameIndex, rooms: Rooms) -> None:
    try:
        found = await backfill(index, rooms.host.store, DUPLICATE_ROOMS.codec)
    except Exception as error:
        failed(log, error, "duplicate index: the rooms stored before it could not be read")
        return
    log.info("duplicate index: %d rooms of numbered games or series found", found)


def reader(rooms: Rooms) -> Simultaneous:
    """The app's reader of the rankings (its rooms' store, and their index if any)."""
    made = READERS.get(rooms)
    if made is None:
        made = READERS[rooms] = Simultaneous(
            rooms.host.store, DUPLICATE_ROOMS.codec, INDEXES.get(rooms)
        )
    return made


def simultane_routes(rooms: Rooms) -> list[Route]:
    """`GET /api/duplicate/simultane/<number>`: the ranking, its rooms and players (an
    answer made once per reading of the store, however many ask);
    `GET /api/duplicate/serie/<name>`: a club's series."""
    answered: dict[int, tuple[list[Any], bytes]] = {}

    async def simultane(request: Request) -> Response:
        number = request.path_params["number"]
        if not (number.isascii() and number.isdigit() and 1 <= int(number[:7]) <= MAX_NUMBER):
            return refused(
                Refusal("bad_number", {"max": MAX_NUMBER}), request_language(request), 400
            )
        tallies = await reader(rooms).rooms_of(int(number))
        known = answered.get(int(number))
        if known is not None and known[0] is tallies:  # the same reading: the same answer
            return Response(known[1], media_type="application/json")
        lines = ranking((room_of(room), tally) for room, tally in tallies)
        shown = [dataclasses.asdict(line) for line in lines[:SHOWN]]
        body = {"number": int(number), "rooms": len(tallies), "players": len(lines)}
        # the turns every room has played (a ranking « après le coup n »)
        body["turns"] = min((tally.turns for _, tally in tallies), default=0)
        made = JSONResponse({**body, "ranking": shown})
        answered[int(number)] = (tallies, bytes(made.body))
        if len(answered) > KEPT_ANSWERS:
            answered.pop(next(iter(answered)))
        return made

    async def serie(request: Request) -> Response:
        name = request.path_params["name"]
        if not SERIES.fullmatch(name):
            return refused(Refusal("bad_series"), request_language(request), 400)
        tallies = [tally for _, tally in await reader(rooms).series_of(name)]
        lines = [dataclasses.asdict(line) for line in series_table(tallies)]
        evenings = sum(1 for tally in tallies if tally.over and tally.turns)
        return JSONResponse({"series": name, "evenings": evenings, "players": lines[:SHOWN]})

    return [
        Route("/api/duplicate/simultane/{number}", simultane),
        Route("/api/duplicate/serie/{name}", serie),
    ]


def series_pages(rooms: Rooms, renderer: PageRenderer) -> list[Route]:
    """`/duplicate/serie/<name>`: a club's series, its players' averages and its
    evenings, to read on a phone, show or print (D12)."""

    async def page(request: Request) -> Response:
        lang = request_language(request)
        name = request.path_params["name"]
        if not SERIES.fullmatch(name):
            return renderer.message(request, lang, "dup_series_unknown", 404)
        tallies = await reader(rooms).series_of(name)
        made = pages.series_page(lang, name, tallies)
        return renderer.render(request, lang, made, f"/duplicate/serie/{name}", {})

    return [Route("/duplicate/serie/{name}", page)]
