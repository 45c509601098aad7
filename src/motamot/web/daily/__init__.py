"""The daily grid on the web: one grid a day per preset, the same for everybody.

`/grille-du-jour` is today's grid of the first preset (`?jeu=big`: another preset's),
`/grille-du-jour/YYYY-MM-DD` another day's (a past day's is played unranked, G4; a
future or malformed date is a 404). The page plays over the daily routes (`api`): the
player is the request's lasting identity, so a reload resumes their play. The home
page's block links to it; a profile shows the player's streak (G9).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.server.kinds import LobbyRow, Page, PageRenderer, Rooms, WebKind
from motamot.server.players.seats import remembered_name
from motamot.server.texts import request_language
from motamot.service.boggle.commands import WriteWord
from motamot.service.daily import DAILY as DAILY_ROOMS
from motamot.service.daily.schedule import DailyGrids, day_at, parse_day
from motamot.service.daily.shown import SHOWN, SHOWN_AS, DailyView
from motamot.service.daily.streak import days_of, streak
from motamot.service.rooms.outcomes import Refusal
from motamot.text.daily_web import DAILY_TEXTS
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.web.boggle.messages import WriteWordMessage
from motamot.web.daily import api, options, pages

#: The daily grids a server plays: the classic French game's first, then the 5×5 one's.
DEFAULT_DAILY = tuple(DailyGrids(preset) for preset in options.DEFAULT_PRESETS)


class DailyWeb(WebKind):
    """The daily grid kind of one server."""

    room = DAILY_ROOMS
    texts = DAILY_TEXTS
    #: Its rooms' rules are named as Boggle's presets are (its past games, its rows).
    lobby_row = LobbyRow("preset.", "clock.round", "level.")
    #: A word is the same message as in a Boggle room (the page sends it over HTTP).
    actions = (WriteWordMessage,)
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    view = DailyView
    shown = SHOWN
    shown_as = SHOWN_AS
    #: Everybody plays alone: nobody is told who else is connected.
    presence = False

    def __init__(self, grids: Sequence[DailyGrids] = DEFAULT_DAILY) -> None:
        self.grids = {g.preset: g for g in grids}

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        if isinstance(message, WriteWordMessage):
            return WriteWord(message.text)
        return Refusal("unknown_command")

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return pages.watch(lang)

    def routes(self, rooms: Rooms) -> list[Any]:
        return list(api.routes(rooms, self.grids))

    def pages(self, rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
        """`/grille-du-jour` (today's) and `/grille-du-jour/{day}`."""

        async def daily(request: Request) -> Response:
            lang = request_language(request)
            preset = request.query_params.get("jeu", next(iter(self.grids)))
            grids = self.grids.get(preset)
            today = day_at(rooms.now())
            text = request.path_params.get("day")
            day = today if text is None else parse_day(text)
            if grids is None or day is None:
                return renderer.message(request, lang, "daily_bad_date", 404)
            if grids.playable(day, rooms.now()) is not None:
                return renderer.message(request, lang, "daily_future", 404)
            presets = list(self.grids)
            page = pages.day_page(lang, grids, day, today, presets, await remembered_name(request))
            path = "/grille-du-jour" if text is None else f"/grille-du-jour/{day.isoformat()}"
            return renderer.render(request, lang, page, path, dict(page.context))

        if not self.grids:
            return []
        return [Route("/grille-du-jour", daily), Route("/grille-du-jour/{day}", daily)]

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        options.add_options(parser)

    def configured(self, given: argparse.Namespace) -> DailyWeb:
        return DailyWeb(options.grids(given))

    def profile(self, lang: Language, found: Any, now: float) -> list[str]:
        """The player's streak of daily grids (G9), once they played one ranked."""
        days = days_of(getattr(found, "daily", ()))
        if not days:
            return []
        return [page_text("daily_streak", lang, days=streak(days, day_at(now)))]

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page | None:
        return pages.home(lang) if self.grids else None
