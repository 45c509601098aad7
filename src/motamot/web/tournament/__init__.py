"""Tournaments on the web (docs/rules.md, K1-K10): the tournament's page (registration,
rounds and their tables, standings, podium, the director's controls), creating one, and
the keeper that opens its tables and reports their results while the server runs."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import LobbyRow, Page, PageRenderer, Rooms, WebKind
from motamot.server.protocol import RequestId, StartMessage
from motamot.server.texts import request_language
from motamot.service.rooms.outcomes import Refusal
from motamot.service.tournament import TOURNAMENT as TOURNAMENT_ROOMS
from motamot.service.tournament.commands import (
    MAX_REASON,
    Adjudicate,
    CheckIn,
    Pause,
    Register,
    Repair,
    StartNow,
    Withdraw,
)
from motamot.service.tournament.events import Board
from motamot.service.tournament.listing import PARTS
from motamot.service.tournament.settings import TournamentSettings
from motamot.service.tournament.shown import SHOWN, SHOWN_AS, TournamentView
from motamot.text.i18n import Language
from motamot.text.tournament_web import TOURNAMENT_TEXTS
from motamot.web.tournament import api, keeper
from motamot.web.tournament.keeper import Keeper

#: The tournaments of each part the lobby lists (`/tournois` lists them all).
LOBBY_SHOWN = 5
#: A seat's id as a page names it (`s1`, `s2`...).
SeatId = Annotated[str, msgspec.Meta(pattern=r"^s[1-9][0-9]{0,5}$")]


class RegisterMessage(msgspec.Struct, tag="register", forbid_unknown_fields=True):
    id: RequestId = 0


class WithdrawMessage(msgspec.Struct, tag="withdraw", forbid_unknown_fields=True):
    id: RequestId = 0


class CheckInMessage(msgspec.Struct, tag="check_in", forbid_unknown_fields=True):
    id: RequestId = 0


class PauseMessage(msgspec.Struct, tag="pause", forbid_unknown_fields=True):
    """The director holds the next round back (`on`) or lets it be paired."""

    on: bool
    id: RequestId = 0


class RepairMessage(msgspec.Struct, tag="repair", forbid_unknown_fields=True):
    """The director pairs the round not begun yet anew: each board's two seats."""

    boards: Annotated[list[tuple[SeatId, SeatId]], msgspec.Meta(max_length=256)]
    bye: SeatId | None = None
    id: RequestId = 0


class AdjudicateMessage(msgspec.Struct, tag="adjudicate", forbid_unknown_fields=True):
    """The director decides a board, with a reason."""

    round: Annotated[int, msgspec.Meta(ge=1, le=20)]
    board: Annotated[int, msgspec.Meta(ge=1, le=256)]
    result: Literal["first", "second", "draw", "none"]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_REASON)]
    id: RequestId = 0


class TournamentWeb(WebKind):
    room = TOURNAMENT_ROOMS
    #: The keeper while the server runs (`running`).
    keeper: Keeper | None = None
    texts = TOURNAMENT_TEXTS
    actions = (
        RegisterMessage,
        WithdrawMessage,
        CheckInMessage,
        PauseMessage,
        RepairMessage,
        AdjudicateMessage,
    )
    view = TournamentView
    shown = SHOWN
    shown_as = SHOWN_AS
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    styles = ("tournament/tournament.css",)
    lobby_row = LobbyRow("tn_format.", "clock.move", "tw_level.")
    ways_in = (("/tournois", "tn_lobby_title"),)

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        match message:
            case StartMessage():
                return StartNow()
            case RegisterMessage():
                return Register()
            case WithdrawMessage():
                return Withdraw()
            case CheckInMessage():
                return CheckIn()
            case PauseMessage(on=on):
                return Pause(on)
            case RepairMessage(boards=boards, bye=bye):
                return Repair(tuple(Board(a, b) for a, b in boards), bye)
            case AdjudicateMessage(round=number, board=board, result=result, reason=reason):
                return Adjudicate(number, board, result, reason)
        return Refusal("unknown_command")

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return Page("tournament/page.html", "tournament_title", "tournament/tournament.js")

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page:
        context = {"max_name": MAX_NAME_LENGTH, "bounds": TournamentSettings.BOUNDS}
        return Page("tournament/home_form.html", script="tournament/create.js", context=context)

    async def lobby_part(self, lang: Language) -> Page | None:
        """The lobby's « Tournois »: the public tournaments upcoming and under way, the
        latest finished, each said rated or not (the list the keeper projects)."""
        found = self.keeper.listing if self.keeper is not None else None
        if found is None:
            return None
        parts = {name: (await found.part(name))[:LOBBY_SHOWN] for name in PARTS}
        return Page("tournament/lobby_part.html", context={"parts": parts})

    def routes(self, rooms: Rooms) -> list[Any]:
        return list(api.routes(rooms))

    def pages(self, rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
        """`/tournois`: the public tournaments, upcoming, running and finished (the list
        the keeper projects)."""

        async def listing(request: Request) -> Response:
            lang = request_language(request)
            found = self.keeper.listing if self.keeper is not None else None
            parts = {name: await found.part(name) if found else [] for name in PARTS}
            page = Page("tournament/list.html", "tn_lobby_title", context={"parts": parts})
            return renderer.render(request, lang, page, "/tournois", {})

        return [Route("/tournois", listing)]

    def running(self, rooms: Rooms) -> contextlib.AbstractAsyncContextManager[None]:
        return self._running(rooms)

    @contextlib.asynccontextmanager
    async def _running(self, rooms: Rooms) -> AsyncIterator[None]:
        async with keeper.running(rooms) as kept:
            self.keeper = kept
            try:
                yield
            finally:
                self.keeper = None


TOURNAMENT = TournamentWeb()
