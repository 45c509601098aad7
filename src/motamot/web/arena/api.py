"""Coming into the arena over HTTP: the round to play now (or the next one, during the
results), a seat in it for the request's lasting player under their name, and its token
(shown once, to them); and where the arena stands, for the home page."""

from __future__ import annotations

import re
from typing import Annotated, Protocol

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.lexicon.accents import written_map
from motamot.names import MAX_NAME_LENGTH
from motamot.server.http import decode_body, refused
from motamot.server.kinds import Rooms
from motamot.server.players.seats import seated, who_sits
from motamot.server.texts import request_language
from motamot.service.arena.keeper import ArenaKeeper
from motamot.service.arena.room import RESERVED_IN_NAMES, ArenaRoom
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.seating import name_refusal
from motamot.wire.boggle import missed_shape

#: A room's id as the links carry it (anything else names no room).
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]


class EnterRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: Name


class Entered(msgspec.Struct):
    """A seat in a round of the arena."""

    room: str
    seat: str
    token: str
    number: int
    start: float
    deadline: float


class KeeperRef(Protocol):
    """Where the running server's keeper is (None until the rooms are started)."""

    keeper: ArenaKeeper | None


def routes(rooms: Rooms, keeper: KeeperRef) -> list[Route]:
    """`POST /api/arena/{preset}/join`, `GET /api/arena/{preset}` and, once a round is
    over, `GET /api/arena/{preset}/words/{room}`."""
    arena = ArenaRoutes(rooms, keeper)
    return [
        Route("/api/arena/{preset}/join", arena.join, methods=["POST"]),
        Route("/api/arena/{preset}/words/{room}", arena.words),
        Route("/api/arena/{preset}", arena.status),
    ]


class GridWords(msgspec.Struct):
    """Every word of an ended round's grid (B15), best first, each with a path (B13),
    and how the words are written where not as folded (ÉPÉE for EPEE)."""

    grid: str
    words: list[msgspec.Raw]
    written: dict[str, list[str]]


def _grid_words(preset: str, room: object) -> GridWords | Refusal:
    """The words of `room`, an arena round of `preset` that has ended; a refusal while it
    runs (its words would be given away) or for any other room."""
    if not isinstance(room, ArenaRoom) or room.settings.preset != preset:
        return Refusal("unknown_room")
    if not room.ended:
        return Refusal("round_running")
    words = room.solution().words
    shapes = [msgspec.Raw(msgspec.json.encode(missed_shape(w))) for w in words]
    written = written_map({w.word for w in words}, room.settings.dictionary_name)
    return GridWords(room.solved_grid().text, shapes, written)


class ArenaRoutes:
    """The arena's routes over the server's rooms and the running keeper."""

    def __init__(self, rooms: Rooms, keeper: KeeperRef) -> None:
        self.rooms = rooms
        self.keeper = keeper

    async def join(self, request: Request) -> Response:
        """A seat in the round to play now (the next one during the results)."""
        lang = request_language(request)
        found = _arena(self.keeper, request)
        if isinstance(found, Refusal):
            return refused(found, lang, _status(found))
        arena, preset = found
        form = await decode_body(request, EnterRequest)
        if isinstance(form, Response):
            return form
        name = form.name.strip()
        unfit = name_refusal(name, RESERVED_IN_NAMES, ())  # before any round is opened
        if unfit is not None:
            return refused(unfit, lang)
        who = await who_sits(request, name)
        schedule = arena.schedules[preset]
        number = schedule.to_join(self.rooms.now())
        joined: tuple[str, str] | Refusal = Refusal("round_over")
        room_id = ""
        for attempt in (number, number + 1):  # the deadline may pass in between
            opened = await arena.round_room(preset, attempt)
            if isinstance(opened, Refusal):
                return who.keep(request, refused(opened, lang, 503))
            room_id, number = opened, attempt
            joined = await self.rooms.join(room_id, name, who.player, who.account is not None)
            if not (isinstance(joined, Refusal) and joined.code == "round_over"):
                break
        if isinstance(joined, Refusal):
            return who.keep(request, refused(joined, lang))
        seat, token = joined
        entered = Entered(
            room_id, seat, token, number, schedule.start(number), schedule.deadline(number)
        )
        return await seated(request, who, name, JSONResponse(msgspec.to_builtins(entered)))

    async def words(self, request: Request) -> Response:
        """What an ended round's grid held (the arena's results: what I missed)."""
        lang = request_language(request)
        found = _arena(self.keeper, request)
        if isinstance(found, Refusal):
            return refused(found, lang, _status(found))
        _, preset = found
        room_id = request.path_params["room"]
        if not ROOM_ID.fullmatch(room_id):
            return refused(Refusal("unknown_room"), lang, 404)
        answer = await self.rooms.read(room_id, lambda room: _grid_words(preset, room))
        if answer is None or isinstance(answer, Refusal):
            refusal = answer or Refusal("unknown_room")
            return refused(refusal, lang, 404 if refusal.code == "unknown_room" else 409)
        return Response(msgspec.json.encode(answer), media_type="application/json")

    async def status(self, request: Request) -> Response:
        """Where the arena stands: the round now, its times, the next start, and the
        players already in the round a newcomer would join (for the page before a name)."""
        found = _arena(self.keeper, request)
        if isinstance(found, Refusal):
            return refused(found, request_language(request), _status(found))
        arena, preset = found
        schedule = arena.schedules[preset]
        now = self.rooms.now()
        number = schedule.number_at(now)
        return JSONResponse(
            {
                "preset": preset,
                "number": number,
                "start": schedule.start(number),
                "deadline": schedule.deadline(number),
                "next_start": schedule.start(number + 1),
                "now": now,
                "seated": self._seated(arena.room_id(preset, schedule.to_join(now))),
            }
        )

    def _seated(self, room_id: str) -> int | None:
        """Seats taken in a round, from this process's copy as the activity counts them;
        None when it holds none (not opened yet, or another process's)."""
        room = self.rooms.host.loaded(room_id)
        return len(room.seats) if isinstance(room, ArenaRoom) else None


def _arena(ref: KeeperRef, request: Request) -> tuple[ArenaKeeper, str] | Refusal:
    preset = request.path_params["preset"]
    keeper = ref.keeper
    if keeper is None:
        return Refusal("room_unavailable", retryable=True)
    if preset not in keeper.schedules:
        return Refusal("unknown_arena")
    return keeper, preset


def _status(refusal: Refusal) -> int:
    return 404 if refusal.code == "unknown_arena" else 503
