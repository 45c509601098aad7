"""Seats taken over HTTP (creating a room, joining one) are linked to the request's player."""

from __future__ import annotations

from dataclasses import replace

from starlette.requests import Request
from starlette.responses import Response

from motamot.server.players.known import read_known
from motamot.server.players.visitors import Visitor, digest, identity_secret, players_of


async def who_sits(request: Request, name: str | None = None) -> Visitor:
    """The player a seat taken by this request under `name` is linked to (signed in, or
    the browser's identity, made now if it has none); Banned (a 403) if the operator
    banned them, their address, or that name (F19)."""
    players = players_of(request)
    visitor = await players.visitor(request)
    address = request.client.host if request.client is not None else None
    players.bans.check([visitor.player, *await players.behind(request)], address, name)
    identity = identity_secret(request) or visitor.new_identity
    known = read_known(request)  # this browser, through its accounts' sign-ins and outs
    kin = (
        *((f"address {address}",) if address else ()),
        *((f"browser {digest(identity)}",) if identity else ()),
        *((f"known {known.browser}",) if known is not None else ()),
    )
    return replace(visitor, kin=kin)


async def seated(request: Request, visitor: Visitor, name: str, response: Response) -> Response:
    """The seat was taken: its name is remembered for the next table, and a new identity
    goes to the browser's cookie."""
    await players_of(request).store.remember_seat_name(visitor.player, name)
    return visitor.keep(request, response)


async def remembered_name(request: Request) -> str:
    """The name this browser's player (or account) sat under last ("" if none)."""
    players = players_of(request)
    visitor = await players.known(request)
    if visitor is None:
        return ""
    known = await players.store.player(visitor.player)
    return (known.seat_name if known is not None else None) or visitor.account or ""
