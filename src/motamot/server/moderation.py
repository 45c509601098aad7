"""Reporting a name from a room's page, and the answer a banned player gets.

`POST /api/rooms/{room}/report` `{"seat": "s2", "reason": "offensive_name"}`: anybody on
the room's page (a player or a spectator) reports another person's name, with one reason
of `moderation.REASONS`. It is kept with the room, the seat's name and lasting player,
the reporter's, and what was said around the seat's messages (`chat.around`), for the
operators (`motamot admin reports`, the moderation page). Reports are limited per
client address (`Quotas.reports`, 10 an hour) and per reporter (as many, counted in the
store: over every process); past either, a 429 with Retry-After. Reporting one seat
twice counts once (its new reason is kept). A banned player's request to sit, create or
report is refused with 403 (`Banned`).
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.server.http import decode_body, refused
from motamot.server.links import room_of
from motamot.server.players.bans import Banned
from motamot.server.players.visitors import players_of
from motamot.server.quotas import OverQuota
from motamot.server.rooms import Rooms
from motamot.server.texts import request_language
from motamot.service.players.moderation import REASONS, Report, SaidLine
from motamot.service.players.names import name_key
from motamot.service.rooms.chat import around
from motamot.service.rooms.host import Room
from motamot.service.rooms.outcomes import Refusal

#: The reporter's own limit is counted over this window.
PER = 3600.0


class ReportRequest(msgspec.Struct, forbid_unknown_fields=True):
    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
    reason: Annotated[str, msgspec.Meta(max_length=32)]


class Reporting:
    """The report route of one app, and its limits (kept in the process)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms

    def routes(self) -> list[Route]:
        return [Route("/api/rooms/{room}/report", self.report, methods=["POST"])]

    async def report(self, request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        if not await self.rooms.exists(room_id):
            return refused(Refusal("no_room"), lang, 404)
        form = await decode_body(request, ReportRequest)
        if isinstance(form, Response):
            return form
        if form.reason not in REASONS:
            return refused(Refusal("bad_reason", {"reason": form.reason[:32]}), lang, 400)
        found = await self.rooms.read(room_id, lambda room: _reported(room, form.seat))
        if found is None:
            return refused(Refusal("not_a_person", {"seat": form.seat}), lang, 409)
        players = players_of(request)
        visitor = await players.visitor(request)
        players.bans.check([visitor.player, *await players.behind(request)])
        name, player, said, sitting = found
        if player is not None and player == visitor.player:
            return visitor.keep(request, refused(Refusal("report_self"), lang, 409))
        await self._charge(request, visitor.player)
        by_name = sitting.get(visitor.player) or visitor.account
        report = Report(
            players.now(), room_of(room_id), form.seat, name, name_key(name), player,
            form.reason, visitor.player, reporter_name=by_name, said=said,
        )  # fmt: skip
        fresh = await players.store.report(report)
        return visitor.keep(request, JSONResponse({"reported": True, "new": fresh}))

    async def _charge(self, request: Request, reporter: str) -> None:
        """One report of this address and of this reporter, or OverQuota (429)."""
        quotas = self.rooms.quotas
        limit = quotas.limits.reports_per_hour
        players = players_of(request)
        if limit > 0 and await players.store.reports_since(reporter, players.now() - PER) >= limit:
            raise OverQuota("too_many_reports", int(PER / limit))
        quotas.charge(quotas.reports)


def _reported(
    room: Room, seat: str
) -> tuple[str, str | None, tuple[SaidLine, ...], dict[str, str]] | None:
    """The name and lasting player of the person at `seat`, what was said around their
    messages, and the name each lasting player sits under here (None: no such person)."""
    found = room.seats.get(seat)
    if found is None or found.is_bot:
        return None
    said = tuple(
        SaidLine(line.seq, line.seat, room.name_of(line.seat), line.at, line.text, line.phrase)
        for line in around(room.chat.lines, seat, room.chat.removed)
    )
    sitting = {s.player: s.name for s in room.seats.values() if s.player is not None}
    return found.name, found.player, said, sitting


async def banned_answer(request: Request, error: Exception) -> Response:
    """403: the operator banned this account or browser (said in the player's words)."""
    del error
    return refused(Refusal("banned"), request_language(request), 403)


#: The app's handler of each error the moderation raises.
HANDLERS = {Banned: banned_answer}
