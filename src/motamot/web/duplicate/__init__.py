"""Duplicate Topword on the web: the same rack and board for everybody, a move per turn,
the top laid for all; its page, creating a room, previews of a move."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import msgspec

from motamot.server.kinds import LobbyRow, Page, PageRenderer, Rooms, WebKind
from motamot.server.protocol import RequestId, StartMessage
from motamot.service.duplicate import DUPLICATE as DUPLICATE_ROOMS
from motamot.service.duplicate.commands import EndTurn, StartDuplicate, Submit, SubmitPlaced
from motamot.service.duplicate.shown import SHOWN, SHOWN_AS, DuplicateView
from motamot.service.rooms.host import draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.text.duplicate_web import DUPLICATE_TEXTS
from motamot.text.i18n import Language
from motamot.web.duplicate import api, pages
from motamot.web.duplicate.messages import ARBITER_MESSAGES, arbiter_command
from motamot.web.duplicate.simultane import indexing, series_pages
from motamot.web.topword import move_of, preview_frame
from motamot.web.topword.messages import PlayMessage, PreviewFrame, PreviewMessage


class NextTurnMessage(msgspec.Struct, tag="next_turn", forbid_unknown_fields=True):
    """The host ends a self-paced turn, or the pause between two turns (D8)."""

    id: RequestId = 0


class DuplicateWeb(WebKind):
    room = DUPLICATE_ROOMS
    texts = DUPLICATE_TEXTS
    #: Its rooms' rules are named as Topword's rulesets are (its past games).
    lobby_row = LobbyRow("ruleset.", "clock.move", "tw_level.")
    styles = ("duplicate/duplicate.css",)
    #: A move is the same message as at a Topword table ("play", "preview").
    actions = (PlayMessage, NextTurnMessage, *ARBITER_MESSAGES)
    queries = (PreviewMessage,)
    frames = (PreviewFrame,)
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    view = DuplicateView
    shown = SHOWN
    shown_as = SHOWN_AS
    #: Once the game is over: the board turn by turn (`/r/{room}/replay`); the room's
    #: screen for a projector (`/r/{room}/screen`, D7); its standings and match sheet on
    #: paper (`/r/{room}/print`).
    page_modes = ("replay", "screen", "print")

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        match message:
            case StartMessage():
                return StartDuplicate(draw_seed())
            case PlayMessage(key=key, turn=turn):
                move = move_of(message)
                if isinstance(move, Refusal):
                    return move
                if isinstance(move, str):
                    return Submit(move, key=key, turn=turn)
                return SubmitPlaced(move, key=key, turn=turn)
            case NextTurnMessage():
                return EndTurn()
        command = arbiter_command(message)
        return command if command is not None else Refusal("unknown_command")

    async def answer(
        self, rooms: Rooms, room_id: str, seat: str, message: Any, lang: Language
    ) -> Any:
        assert isinstance(message, PreviewMessage)
        return await preview_frame(rooms, room_id, seat, message, lang)

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return pages.room(lang, room_id, mode)

    def routes(self, rooms: Rooms) -> list[Any]:
        return list(api.routes(rooms))

    def pages(self, rooms: Rooms, pages: PageRenderer) -> list[Any]:
        """A club's series (D12): `/duplicate/serie/<name>`."""
        return list(series_pages(rooms, pages))

    def running(self, rooms: Rooms) -> AbstractAsyncContextManager[None]:
        """The index of the numbered games' and series' rooms (D11, D12)."""
        return indexing(rooms)

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page:
        return pages.home_form(lang, dictionaries, api.replay_defaults(query, dictionaries))


DUPLICATE = DuplicateWeb()
