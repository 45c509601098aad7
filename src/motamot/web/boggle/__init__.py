"""Boggle rooms on the web: the messages of a round, the room's page, creating a room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.routing import BaseRoute

from motamot.server.kinds import LobbyRow, Page, PageRenderer, Rooms, WebKind
from motamot.server.protocol import StartMessage
from motamot.service.boggle import BOGGLE as BOGGLE_ROOMS
from motamot.service.boggle.commands import (
    AddPaperSeat,
    NewMatch,
    SetBoxGrid,
    StartRound,
    StopRound,
    WriteWord,
)
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.shown import SHOWN, BoggleView
from motamot.service.rooms.host import draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.text.boggle_web import BOGGLE_TEXTS
from motamot.text.i18n import Language
from motamot.web.boggle import api, pages
from motamot.web.boggle.dice_data import dice_data
from motamot.web.boggle.messages import (
    ACTIONS,
    BoxGridMessage,
    PaperSeatMessage,
    RematchMessage,
    StopRoundMessage,
    WriteWordMessage,
)
from motamot.web.boggle.records import records_pages
from motamot.web.boggle.scorer import scorer_pages
from motamot.web.boggle.solver import solver_pages


def _next_seed(room: Any) -> int:
    """The room's next seed: one its settings fix (the same grid later), else a fresh one
    (secrets), so nobody can know a grid before it is rolled."""
    if isinstance(room, BoggleRoom):
        fixed = room.settings.seeds
        number = len(room.match_rounds)
        if number < len(fixed):
            return fixed[number]
    return draw_seed()


class BoggleWeb(WebKind):
    room = BOGGLE_ROOMS
    texts = BOGGLE_TEXTS
    styles = ("boggle/boggle.css",)
    lobby_row = LobbyRow("preset.", "clock.round", "level.")
    actions = ACTIONS
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    view = BoggleView
    shown = SHOWN

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        match message:
            case WriteWordMessage(text=text, key=key, round=typed_in, seat=seat):
                return WriteWord(text, key=key, round=typed_in, for_seat=seat)
            case StartMessage():
                seed = await rooms.read(room_id, _next_seed)
                return StartRound(seed if seed is not None else draw_seed())
            case StopRoundMessage():
                return StopRound()
            case RematchMessage():
                return NewMatch()
            case BoxGridMessage(grid=grid):
                return SetBoxGrid(grid)
            case PaperSeatMessage(name=name):
                return AddPaperSeat(name.strip())
        return Refusal("unknown_command")

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return pages.room(lang, room_id, mode)

    def routes(self, rooms: Rooms) -> list[Any]:
        return list(api.routes(rooms))

    def pages(self, rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
        """« Le solveur »: a typed grid's words (`solver`); « Compter les points »: a round
        played on paper, scored (`scorer`); « Grilles records » (`records`)."""
        return [
            *solver_pages(rooms, renderer),
            *scorer_pages(rooms, renderer),
            *records_pages(rooms, renderer),
        ]

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page:
        return pages.home_form(lang, dictionaries, api.same_grid_defaults(query, dictionaries))

    def home_data(self, dictionaries: list[str], query: dict[str, str]) -> dict[str, Any]:
        return {"defaults": api.same_grid_defaults(query, dictionaries), "dice": dice_data()}

    def intro(self, lang: Language) -> Page:
        return pages.intro(lang)

    def guide(self, lang: Language) -> Page:
        return pages.guide(lang)


BOGGLE = BoggleWeb()
