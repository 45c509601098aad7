"""Creating a kind's room over HTTP: `POST /api/<kind>` (and the older paths kept as its
aliases), one shape for every kind.

The body is decoded strictly into the kind's form (a msgspec Struct with the creator's
`name` and its `settings()`), the kind checks what only it knows (a chosen grid's or
draw's origin, the computer players' levels), the room is opened with its creator (the
request's lasting player) and computer players seated, and the answer is the creator's
seat and token, shown once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.server.http import decode_body, refused
from motamot.server.kinds import Rooms
from motamot.server.players.seats import seated, who_sits
from motamot.server.texts import request_language
from motamot.service.rooms.outcomes import Refusal


class CreateForm(Protocol):
    """What a kind's create form has: the creator's name and the room's settings."""

    @property
    def name(self) -> str: ...

    def settings(self) -> Any: ...


F = TypeVar("F", bound=CreateForm)


async def _nothing_against(form: Any) -> Refusal | None:
    return None


def create_routes(
    rooms: Rooms,
    kind: str,
    form: type[F],
    aliases: Sequence[str] = (),
    check: Callable[[F], Awaitable[Refusal | None]] = _nothing_against,
    bots: Callable[[F], Sequence[str]] = lambda form: (),
    answered: Mapping[str, str] | None = None,
) -> list[Route]:
    """`POST /api/<kind>` and its `aliases`: a room of the kind, created from `form`.

    `check` refuses what the form alone cannot say (before anything is opened); `bots`
    are the computer players seated with the creator; `answered` adds to the answer's
    room, seat and token (a kind's name, where its older answer said it)."""

    async def create(request: Request) -> Response:
        lang = request_language(request)
        body = await decode_body(request, form)
        if isinstance(body, Response):
            return body
        refusal = await check(body)
        if refusal is not None:
            return refused(refusal, lang)
        name = body.name.strip()
        who = await who_sits(request, name)
        account = who.account is not None
        opened = await rooms.open(body.settings(), name, bots(body), who.player, account, who.kin)
        if isinstance(opened, Refusal):
            status = 503 if opened.retryable else 409
            return who.keep(request, refused(opened, lang, status))
        seat = {"room": opened.room, "seat": opened.seat, "token": opened.token}
        return await seated(request, who, name, JSONResponse({**seat, **(answered or {})}))

    paths = dict.fromkeys((f"/api/{kind}", *aliases))
    return [Route(path, create, methods=["POST"]) for path in paths]
