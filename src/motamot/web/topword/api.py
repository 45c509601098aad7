"""Topword tables over HTTP: create one, the status of a browser's tables, the record,
the replay and the analysis once the game is over.

Seats, sockets and turns are the rooms' (`server.rooms`, `server.ws`): a table is a
room of another kind. Nothing here shows a rack, the seed or the pile's order before
the game ends (the record holds the seed, so it waits for the end too).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from motamot.names import MAX_NAME_LENGTH
from motamot.server.create import create_routes
from motamot.server.kinds import Rooms
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import bounded
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.board import cell_name
from motamot.topword.bots import LEVELS
from motamot.topword.game import Game
from motamot.topword.hints import analyse, played_text
from motamot.topword.record import format_record
from motamot.topword.tiles import tile_label
from motamot.wire.topword import analysis_json, verdict_json

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
#: A seat besides the creator's: `person` (someone joins by the link) or a computer level.
SeatKind = Annotated[str, msgspec.Meta(max_length=16)]
PERSON = "person"
#: At most this many tables in one status request (a browser's list).
MAX_STATUS_ROOMS = 50


class TableRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The home page's table form: rules, word list, the other seats, the pace."""

    name: Name
    ruleset: Annotated[str, msgspec.Meta(max_length=32)] = "topword-fr"
    dictionary: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    seats: Annotated[list[SeatKind], msgspec.Meta(min_length=1, max_length=3)] = msgspec.field(
        default_factory=lambda: [PERSON]
    )
    turn_seconds: bounded(TopwordSettings, "turn_seconds", float) | None = None  # type: ignore[valid-type]
    bot_seconds: bounded(TopwordSettings, "bot_seconds", float) = 1.0  # type: ignore[valid-type]
    hints: bool = False
    rated: bool = False
    #: « Partie publique »: listed in the lobby for strangers to join.
    public: bool = False

    def settings(self) -> TopwordSettings:
        return TopwordSettings(
            ruleset=self.ruleset,
            dictionary=self.dictionary or None,
            turn_seconds=self.turn_seconds,
            bot_seconds=self.bot_seconds,
            hints=self.hints,
            rated=self.rated,
            public=self.public,
            seats_kept=self.seats.count(PERSON),
            seats=1 + len(self.seats),  # T23: the creator's and the others chosen
        )


async def _levels_refusal(form: TableRequest) -> Refusal | None:
    """A seat is a person or a computer player of a known level."""
    for kind in form.seats:
        if kind != PERSON and kind not in LEVELS:
            return Refusal("unknown_level", {"level": kind})
    return None


def routes(rooms: Rooms) -> list[Route]:
    """`POST /api/topword` (and `/api/tables`, its older path): a table; then the routes
    of the tables (the pages themselves are the room's: `/r/{room}/...`)."""

    async def status(request: Request) -> Response:
        """Where each listed table stands: who is to play, or over (public facts only)."""
        wanted = request.query_params.get("rooms", "").split(",")[:MAX_STATUS_ROOMS]
        found: dict[str, Any] = {}
        for room_id in filter(None, wanted):
            status = await rooms.read(room_id, table_status)
            if status is not None:
                found[room_id] = status
        return JSONResponse({"tables": found})

    return [
        *create_routes(
            rooms,
            "topword",
            TableRequest,
            ("/api/tables",),
            check=_levels_refusal,
            bots=lambda form: [kind for kind in form.seats if kind != PERSON],
            answered={"kind": "topword"},
        ),
        Route("/api/tables/status", status),
        *_finished_game_routes(rooms),
    ]


def _finished_game_routes(rooms: Rooms) -> list[Route]:
    """A finished table's record (a file to keep), its analysis and its replay."""

    async def record(request: Request) -> Response:
        game = await _finished_game(rooms, request)
        if isinstance(game, Response):
            return game
        name = f"topword-{request.path_params['room']}.txt"
        return PlainTextResponse(
            format_record(game), headers={"content-disposition": f'attachment; filename="{name}"'}
        )

    async def analysis(request: Request) -> Response:
        game = await _finished_game(rooms, request)
        if isinstance(game, Response):
            return game
        reviews = await asyncio.to_thread(analyse, game)
        return JSONResponse(analysis_json(game, reviews))

    async def replay(request: Request) -> Response:
        game = await _finished_game(rooms, request)
        if isinstance(game, Response):
            return game
        return JSONResponse(await asyncio.to_thread(replay_json, game))

    return [
        Route("/r/{room}/record", record),
        Route("/api/tables/{room}/analysis", analysis),
        Route("/api/tables/{room}/replay", replay),
    ]


def _game_over(room: Any) -> Game | str:
    """The finished game of a table, or why there is none to show."""
    if not isinstance(room, TopwordRoom):
        return "no_room"
    if room.game is None or room.ended is None:
        return "game_not_over"
    return room.game


async def _finished_game(rooms: Rooms, request: Request) -> Game | Response:
    game = await rooms.read(request.path_params["room"], _game_over)
    if game is None or game == "no_room":
        return JSONResponse({"error": "no_room"}, 404)
    if isinstance(game, str):
        return JSONResponse({"error": game}, 409)
    return game


def table_status(table: Any) -> dict[str, Any] | None:
    """A table as the home page lists it: its players, who is to play, whether it is over
    (None: not a table)."""
    if not isinstance(table, TopwordRoom):
        return None
    return {
        "names": {seat.seat: seat.name for seat in table.seats.values() if seat.present},
        "started": table.game is not None,
        "current": table.current,
        "finished": table.ended is not None,
        "winners": list(table.ended.winners) if table.ended is not None else [],
        "turn_deadline": table.turn_deadline(),
        "created": table.created.at,
    }


def replay_json(game: Game) -> dict[str, Any]:
    """The board before the first move and after each turn, with what the turn did."""
    again = Game(game.players, game.seed, game.lexicon, game.ruleset, dictionary=game.dictionary)

    def board() -> dict[str, Any]:
        return {
            "tops": [tile_label(t) for t in again.board.tops],
            "heights": list(again.board.heights),
        }

    steps: list[dict[str, Any]] = [{"board": board()}]
    for turn in game.turns:
        again.apply(turn.as_action())
        step: dict[str, Any] = {
            "player": game.players[turn.player],
            "action": turn.action.value,
            "played": played_text(turn),
            "points": turn.points,
            "total": turn.total,
            "board": board(),
        }
        if turn.verdict is not None:
            step["score"] = verdict_json(turn.verdict)
            step["placed"] = [cell_name(cell) for cell, _ in turn.verdict.placements]
        steps.append(step)
    return {"players": list(game.players), "steps": steps, "final": game.final_scores()}
