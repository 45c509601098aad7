"""The arena on the web: a public Boggle round every few minutes, forever, for anybody.

`/arene` (and `/arene/{preset}`) is the arena's page: it seats the player in the round
being played (or the next one during the results) over `POST /api/arena/{preset}/join`
and follows that round's room on the room socket, then the next round's, and so on. The
home page's block is « Jouer maintenant ». While the server runs, the keeper opens and
runs the rounds (`service.arena.keeper`) and the activity is summed up for every socket
(`activity`); a word's verdict goes to its writer alone, the results as one frame each.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.server.kinds import LobbyRow, Page, PageRenderer, Rooms, WebKind
from motamot.server.players.seats import remembered_name
from motamot.server.texts import request_language
from motamot.service.arena import ARENA as ARENA_ROOMS
from motamot.service.arena.keeper import ArenaKeeper
from motamot.service.arena.schedule import ArenaSchedule
from motamot.service.arena.shown import SHOWN, SHOWN_AS, ArenaView
from motamot.service.boggle.commands import WriteWord
from motamot.service.rooms.outcomes import Refusal
from motamot.service.tasks import stopped
from motamot.text.arena_web import ARENA_TEXTS
from motamot.text.i18n import Language
from motamot.web.arena import api, options, pages
from motamot.web.arena.activity import Activity
from motamot.web.arena.frames import ArenaActivity
from motamot.web.boggle.messages import WriteWordMessage

#: The arenas a server opens unless told otherwise: the classic French game.
DEFAULT_ARENAS = (ArenaSchedule(options.DEFAULT_ARENA),)


class ArenaWeb(WebKind):
    """The arena kind of one server (its keeper runs while the server does)."""

    room = ARENA_ROOMS
    texts = ARENA_TEXTS
    #: Its rooms' rules are named as Boggle's presets are (its past games, its rows).
    lobby_row = LobbyRow("preset.", "clock.round", "level.")
    #: A word is the same message as in a Boggle room.
    actions = (WriteWordMessage,)
    frames = (ArenaActivity,)
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    view = ArenaView
    shown = SHOWN
    shown_as = SHOWN_AS
    #: Thousands of sockets come and go: the activity says how many, not who.
    presence = False

    def __init__(self, schedules: Sequence[ArenaSchedule] = DEFAULT_ARENAS) -> None:
        self.schedules = tuple(schedules)
        self.keeper: ArenaKeeper | None = None
        self.activity: Activity | None = None

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        if isinstance(message, WriteWordMessage):
            return WriteWord(message.text, key=message.key)  # a round is a room of its own
        return Refusal("unknown_command")  # the schedule starts the rounds, nobody else

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return pages.watch(lang, room_id)

    def routes(self, rooms: Rooms) -> list[Any]:
        return list(api.routes(rooms, self))

    def pages(self, rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
        """`/arene` (the first arena) and `/arene/{preset}`."""

        async def arena(request: Request) -> Response:
            lang = request_language(request)
            preset = request.path_params.get("preset", self.schedules[0].preset)
            schedule = next((s for s in self.schedules if s.preset == preset), None)
            if schedule is None:
                return renderer.message(request, lang, "not_found", 404)
            page = pages.arena(lang, schedule, await remembered_name(request))
            path = "/arene" if "preset" not in request.path_params else f"/arene/{preset}"
            return renderer.render(request, lang, page, path, dict(page.context))

        if not self.schedules:
            return []
        return [Route("/arene", arena), Route("/arene/{preset}", arena)]

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page | None:
        return pages.home(lang, self.schedules[0]) if self.schedules else None

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        options.add_options(parser)

    def configured(self, given: argparse.Namespace) -> ArenaWeb:
        return ArenaWeb(options.schedules(given))

    def running(self, rooms: Rooms) -> contextlib.AbstractAsyncContextManager[None] | None:
        return self._running(rooms) if self.schedules else None

    @contextlib.asynccontextmanager
    async def _running(self, rooms: Rooms) -> AsyncIterator[None]:
        """The keeper's steps and the activity's summaries, while the server runs."""
        keeper = ArenaKeeper(rooms.host, rooms.secret, self.schedules, rooms.host.clock)
        self.activity = Activity(rooms, keeper)
        await keeper.step()  # the rounds of now are there before the first request
        self.keeper = keeper
        tasks = [
            asyncio.create_task(keeper.run(), name="arena-keeper"),
            asyncio.create_task(self.activity.run(), name="arena-activity"),
        ]
        try:
            yield
        finally:
            self.keeper = None
            await stopped(*tasks)
