"""Topword tables on the web: the messages of a turn, previews and hints, the table's
pages, creating a table, its record, replay and analysis."""

from __future__ import annotations

import asyncio
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import msgspec
from msgspec import UNSET
from starlette.routing import BaseRoute

from motamot.lexicon import Lexicon
from motamot.server.frames import Refused
from motamot.server.kinds import LobbyRow, Page, PageRenderer, Rooms, WebKind
from motamot.server.protocol import StartMessage
from motamot.server.texts import refusal_text
from motamot.service.rooms.host import draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.service.topword import TOPWORD as TOPWORD_ROOMS
from motamot.service.topword.commands import (
    Exchange,
    OfferRematch,
    Pass,
    Placed,
    Play,
    Resign,
    Start,
)
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.shown import SHOWN, TopwordView
from motamot.text.i18n import Language
from motamot.text.topword_web import TOPWORD_TEXTS
from motamot.topword.board import Board
from motamot.topword.hints import hints as engine_hints
from motamot.topword.rules import Legal
from motamot.topword.tiles import Ruleset, tile_code
from motamot.web.topword import api, pages, quick
from motamot.web.topword.analysis import analysis_pages
from motamot.web.topword.messages import (
    ACTIONS,
    FRAMES,
    QUERIES,
    ExchangeMessage,
    HintFrame,
    HintMessage,
    HintMove,
    PassMessage,
    PlayMessage,
    PreviewFrame,
    PreviewMessage,
    PreviewVerdict,
    RematchMessage,
    ResignMessage,
    TopwordMove,
)
from motamot.wire.topword import verdict_fields

#: Moves a hint shows.
HINTS = 3


def move_of(message: TopwordMove) -> str | Placed | Refusal:
    """The move a play or preview message holds: its notation or its placements."""
    if message.placements is not None:
        placed = []
        for cell, label in message.placements:
            code, rest = tile_code(label[:1]), label[1:]
            if code is None or rest not in ("", *(("u", "U") if code == "Q" else ())):
                return Refusal("bad_move", {"error": "not_letters"})
            placed.append((cell, code))
        return Placed(tuple(placed), message.across)
    if message.move is None:
        return Refusal("bad_move", {"error": "not_a_move"})
    return message.move


def _refused_preview(refusal: Refusal) -> PreviewVerdict:
    error = refusal.fields.get("error")
    return PreviewVerdict(
        False, reason=refusal.code, detail="", error=UNSET if error is None else str(error)
    )


def _preview(seat: str, move: str | Placed) -> Any:
    def read(room: Any) -> PreviewVerdict:
        preview = getattr(room, "preview", None)  # a Topword table, a duplicate room
        if preview is None:
            return _refused_preview(Refusal("unknown_command"))
        verdict = preview(seat, move)
        if isinstance(verdict, Refusal):
            return _refused_preview(verdict)
        shape = PreviewVerdict(**verdict_fields(verdict))
        if isinstance(verdict, Legal):
            shape.move = str(verdict.move)
        return shape

    return read


def _rematch_fits(room: Any, link: str) -> bool:
    """Whether `link` is a Topword table's players' link, its game not started: where a
    rematch may send the others (not a spectator's link, not another kind's room)."""
    invite = room.created.invite if isinstance(room, TopwordRoom) else None
    return invite is not None and room.game is None and link == room.room_id + invite


HintWork = tuple[Board, tuple[str, ...], Ruleset, Lexicon]


def _hint_work(seat: str) -> Any:
    """What a hint needs, copied inside the actor (the search runs on the copy)."""

    def read(room: Any) -> HintWork | Refusal:
        if not isinstance(room, TopwordRoom) or not room.settings.hints:
            return Refusal("hints_off")
        game = room.game
        rack = room.rack_of(seat)
        if game is None or game.finished or rack is None:
            return Refusal("game_not_started" if game is None else "not_seated")
        return game.board.copy(), rack, room.ruleset, room.lexicon

    return read


class TopwordWeb(WebKind):
    room = TOPWORD_ROOMS
    texts = TOPWORD_TEXTS
    styles = ("topword/topword.css",)
    lobby_row = LobbyRow("ruleset.", "clock.move", "tw_level.")
    #: Quick pairing (`quick.py`): a table with the first player who wants the same game.
    ways_in = (("/partie-rapide", "quick_link"),)
    actions = ACTIONS
    queries = QUERIES
    frames = FRAMES
    static = Path(__file__).parent / "static"
    templates = Path(__file__).parent / "templates"
    view = TopwordView
    shown = SHOWN
    page_modes = ("replay", "analysis")

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        match message:
            case StartMessage():
                return Start(draw_seed())
            case PlayMessage(key=key, turn=turn):
                move = move_of(message)
                if isinstance(move, Refusal):
                    return move
                if isinstance(move, str):
                    return Play(move, key=key, turn=turn)
                return msgspec.structs.replace(move, key=key, turn=turn)
            case ExchangeMessage(tile=tile, key=key, turn=turn):
                return Exchange(tile, key=key, turn=turn)
            case PassMessage(key=key, turn=turn):
                return Pass(key=key, turn=turn)
            case ResignMessage(key=key, turn=turn):
                return Resign(key=key, turn=turn)
            case RematchMessage(link=link):
                fits = await rooms.read(link, lambda room: _rematch_fits(room, link))
                return OfferRematch(link) if fits else Refusal("bad_rematch")
        return Refusal("unknown_command")

    async def answer(
        self, rooms: Rooms, room_id: str, seat: str, message: Any, lang: Language
    ) -> Any:
        if isinstance(message, PreviewMessage):
            return await preview_frame(rooms, room_id, seat, message, lang)
        assert isinstance(message, HintMessage)
        work = await rooms.read(room_id, _hint_work(seat))
        if work is None or isinstance(work, Refusal):
            return None if work is None else _refused_hint(message.id, work, lang)
        board, rack, ruleset, lexicon = work
        found = await asyncio.to_thread(engine_hints, board, rack, ruleset, lexicon, HINTS)
        moves = [HintMove(**verdict_fields(h.verdict), move=str(h.verdict.move)) for h in found]
        return HintFrame(message.id, moves)

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return pages.table(lang, room_id, mode)

    def routes(self, rooms: Rooms) -> list[Any]:
        return [*api.routes(rooms), *quick.quick_routes(rooms)]

    def pages(self, rooms: Rooms, pages: PageRenderer) -> list[BaseRoute]:
        return [*quick.quick_pages(rooms, pages), *analysis_pages(rooms, pages)]

    def running(self, rooms: Rooms) -> AbstractAsyncContextManager[None]:
        return quick.running(rooms)

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page:
        return pages.home_form(lang, dictionaries)

    def intro(self, lang: Language) -> Page:
        return pages.intro(lang)

    def guide(self, lang: Language) -> Page:
        return pages.guide(lang)


async def preview_frame(
    rooms: Rooms, room_id: str, seat: str, message: PreviewMessage, lang: Language
) -> PreviewFrame:
    """The referee's verdict on a move not played, for any room that previews moves
    (a Topword table, a duplicate room): its score, or why not in words (T20)."""
    move = move_of(message)
    if isinstance(move, Refusal):
        verdict = _refused_preview(move)
    else:
        read = await rooms.read(room_id, _preview(seat, move))
        verdict = read or _refused_preview(Refusal("no_room"))
    if not verdict.legal:
        fields = {k: v for k, v in msgspec.structs.asdict(verdict).items() if v is not UNSET}
        verdict.text = refusal_text(str(verdict.reason), lang, fields)
    return PreviewFrame(message.id, verdict)


def _refused_hint(request: int, refusal: Refusal, lang: Language) -> Refused:
    fields = dict(refusal.fields)
    return Refused(request, refusal.code, fields, refusal_text(refusal.code, lang, fields))


TOPWORD = TopwordWeb()
