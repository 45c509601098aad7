"""Creating a tournament over HTTP: `POST /api/tournament`, by a signed-in director.

The body is decoded strictly; the start is given in minutes from now (the server's
clock), so a page need not agree with the server on the time. The room refuses a
creator without an account (`account_required`, K8).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.names import MAX_NAME_LENGTH
from motamot.server.http import decode_body, refused
from motamot.server.kinds import Rooms
from motamot.server.players.seats import seated, who_sits
from motamot.server.texts import request_language
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import bounded
from motamot.service.topword.settings import DAY_SECONDS
from motamot.service.tournament.robin import MAX_PLAYERS
from motamot.service.tournament.settings import MAX_SWISS, TournamentSettings

#: The latest start a director may set: 30 days ahead.
MAX_START_MINUTES = 30 * 24 * 60

S = TournamentSettings
#: The most players of each format with a lower cap than the arena's.
CAPS = {"robin": MAX_PLAYERS, "swiss": MAX_SWISS}


class CreateTournament(msgspec.Struct, forbid_unknown_fields=True):
    """The form: the director's name, then the tournament's settings."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
    title: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
    format: Literal["swiss", "robin", "arena"] = "swiss"
    starts_in_minutes: Annotated[int, msgspec.Meta(ge=0, le=MAX_START_MINUTES)] = 10
    rounds: bounded(S, "rounds", int) = 3  # type: ignore[valid-type]
    cap: bounded(S, "cap", int) = 64  # type: ignore[valid-type]
    check_in_minutes: Annotated[int, msgspec.Meta(ge=0, le=DAY_SECONDS // 60)] = 0
    turn_seconds: bounded(S, "turn_seconds", int) = 120  # type: ignore[valid-type]
    round_seconds: bounded(S, "round_seconds", int) = 180  # type: ignore[valid-type]
    gap_seconds: bounded(S, "gap_seconds", int) = 30  # type: ignore[valid-type]
    no_show_seconds: bounded(S, "no_show_seconds", int) = 300  # type: ignore[valid-type]
    bot_seconds: bounded(S, "bot_seconds", float) = 1.0  # type: ignore[valid-type]
    rated: bool = False

    def settings(self, now: float) -> TournamentSettings:
        return TournamentSettings(
            name=self.title.strip(),
            starts_at=now + 60 * self.starts_in_minutes,
            format=self.format,
            rounds=self.rounds,
            cap=min(self.cap, CAPS.get(self.format, self.cap)),
            check_in_seconds=60.0 * self.check_in_minutes,
            turn_seconds=float(self.turn_seconds),
            round_seconds=float(self.round_seconds),
            gap_seconds=float(self.gap_seconds),
            no_show_seconds=float(self.no_show_seconds),
            bot_seconds=float(self.bot_seconds),
            rated=self.rated,
        )


def routes(rooms: Rooms) -> list[Route]:
    async def create(request: Request) -> Response:
        lang = request_language(request)
        body = await decode_body(request, CreateTournament)
        if isinstance(body, Response):
            return body
        name = body.name.strip()
        who = await who_sits(request, name)
        account = who.account is not None
        settings = body.settings(rooms.now())
        opened = await rooms.open(settings, name, (), who.player, account, who.kin)
        if isinstance(opened, Refusal):
            status = 503 if opened.retryable else 409
            return who.keep(request, refused(opened, lang, status))
        seat = {"room": opened.room, "seat": opened.seat, "token": opened.token}
        return await seated(request, who, name, JSONResponse(seat))

    return [Route("/api/tournament", create, methods=["POST"])]
