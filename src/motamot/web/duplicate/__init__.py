"""Duplicate Topword on the web: the same rack and board for everybody, a move per turn,
the top laid for all; its page, creating a room, previews of a move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from motamot.server.kinds import Page, Rooms, WebKind
from motamot.server.protocol import RequestId, StartMessage
from motamot.service.duplicate import DUPLICATE as DUPLICATE_ROOMS
from motamot.service.duplicate.commands import EndTurn, StartDuplicate, Submit, SubmitPlaced
from motamot.service.duplicate.shown import SHOWN, DuplicateView
from motamot.service.rooms.host import draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.text.i18n import Language
from motamot.web.duplicate import api, pages
from motamot.web.topword import move_of, preview_frame
from motamot.web.topword.messages import PlayMessage, PreviewFrame, PreviewMessage


class NextTurnMessage(msgspec.Struct, tag="next_turn", forbid_unknown_fields=True):
    """The host ends a self-paced turn."""

    id: RequestId = 0


class DuplicateWeb(WebKind):
    room = DUPLICATE_ROOMS
    #: A move is the same message as at a Topword table ("play", "preview").
    actions = (PlayMessage, NextTurnMessage)
    queries = (PreviewMessage,)
    frames = (PreviewFrame,)
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    view = DuplicateView
    shown = SHOWN
    #: Once the game is over: the board turn by turn (`/r/{room}/replay`).
    page_modes = ("replay",)

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        match message:
            case StartMessage():
                return StartDuplicate(draw_seed())
            case PlayMessage():
                move = move_of(message)
                if isinstance(move, Refusal):
                    return move
                return Submit(move) if isinstance(move, str) else SubmitPlaced(move)
            case NextTurnMessage():
                return EndTurn()
        return Refusal("unknown_command")

    async def answer(
        self, rooms: Rooms, room_id: str, seat: str, message: Any, lang: Language
    ) -> Any:
        assert isinstance(message, PreviewMessage)
        return await preview_frame(rooms, room_id, seat, message, lang)

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return pages.room(lang, room_id, mode)

    def routes(self, rooms: Rooms) -> list[Any]:
        return list(api.routes(rooms))

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page:
        return pages.home_form(lang, dictionaries, api.replay_defaults(query, dictionaries))


DUPLICATE = DuplicateWeb()
