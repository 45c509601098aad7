"""The ASGI app: pages, a small JSON API to create and join rooms, one socket per player."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Annotated, Any, TypeVar

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from motamot.boggle.rules import PRESETS
from motamot.lexicon.registry import BUILTIN_DICTIONARIES, registered_names
from motamot.names import MAX_NAME_LENGTH
from motamot.server import pages
from motamot.server.protocol import MAX_MESSAGE_BYTES
from motamot.server.rooms import Rooms
from motamot.server.tables import table_routes
from motamot.server.texts import LANG_COOKIE, refusal_text, request_language
from motamot.server.ws import room_socket
from motamot.service.boggle_events import BoggleSettings
from motamot.service.outcomes import Refusal

_T = TypeVar("_T")

STATIC = Path(__file__).parent / "static"

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Small = Annotated[int, msgspec.Meta(ge=0, le=1000)]


class JoinRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: Name


class CreateRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The home page's form: the room's settings, the creator's name, the bots."""

    name: Name
    preset: Annotated[str, msgspec.Meta(max_length=32)] = "classic-fr"
    dictionary: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    duration: Annotated[float, msgspec.Meta(ge=1, le=3600)] | None = None
    rounds: Small | None = 3
    target: Small | None = None
    verify_at_end: bool = False
    invalid_penalty: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    #: The same grid later: the seed of the round played again, and the room it came from.
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)] | None = None
    origin: Annotated[str, msgspec.Meta(max_length=40, pattern="^[A-Za-z0-9_-]+$")] | None = None
    bots: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=32)]], msgspec.Meta(max_length=10)
    ] = []

    def settings(self) -> BoggleSettings:
        return BoggleSettings(
            preset=self.preset,
            dictionary=self.dictionary or None,
            duration=self.duration,
            invalid_penalty=self.invalid_penalty,
            verify_at_end=self.verify_at_end,
            rounds=None if self.target is not None else self.rounds,
            target=self.target,
            seeds=() if self.seed is None else (self.seed,),
            origin=self.origin,
        )


def dictionaries() -> list[str]:
    """The word lists a room may use: the built-in ones and those compiled on this machine."""
    return [
        *BUILTIN_DICTIONARIES,
        *(n for n in registered_names() if n not in BUILTIN_DICTIONARIES),
    ]


def same_grid_defaults(query: Mapping[str, str]) -> dict[str, Any]:
    """The settings a "play this grid later" link carries (anything unreadable is left out)."""
    defaults: dict[str, Any] = {}
    if query.get("preset") in PRESETS:
        defaults["preset"] = query["preset"]
    if query.get("dictionary") in dictionaries():
        defaults["dictionary"] = query["dictionary"]
    for key in ("duration", "invalid_penalty", "seed"):
        value = query.get(key, "")
        if value.isdigit() and len(value) <= 19 and int(value) < 2**63:
            defaults[key] = int(value)
    if query.get("verify_at_end") == "1":
        defaults["verify_at_end"] = True
    origin = query.get("from", "")
    if origin and len(origin) <= 40 and all(c.isalnum() or c in "-_" for c in origin):
        defaults["origin"] = origin
    return defaults


def create_app(rooms: Rooms, lifespan_hooks: list[Any] | None = None) -> Starlette:
    """The app over `rooms` (whose host the caller starts and stops: see `serve`)."""

    def html_page(request: Request, text: str, status: int = 200) -> Response:
        response = HTMLResponse(text, status)
        lang = request.query_params.get("lang")
        if lang in ("fr", "en"):
            response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return response

    async def home(request: Request) -> Response:
        defaults = same_grid_defaults(request.query_params)
        return html_page(
            request, pages.home_page(request_language(request), dictionaries(), defaults)
        )

    async def room(request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        if not await rooms.exists(room_id):
            return html_page(request, pages.message_page(lang, "no_room"), 404)
        watch = request.url.path.endswith("/watch")
        if await rooms.kind(room_id) == "topword":
            mode = "watch" if watch else "play"
            return html_page(request, pages.table_page(lang, room_id, mode))
        return html_page(request, pages.room_page(lang, room_id, watch))

    async def create(request: Request) -> Response:
        lang = request_language(request)
        form = await _decode(request, CreateRequest)
        if isinstance(form, Response):
            return form
        if form.dictionary and form.dictionary not in dictionaries():
            return _refused(Refusal("unknown_dictionary"), lang)
        created = await rooms.create(form.settings())
        if isinstance(created, Refusal):
            return _refused(created, lang)
        joined = await rooms.join(created, form.name)
        if isinstance(joined, Refusal):
            return _refused(joined, lang)
        seat, token = joined
        for level in form.bots:
            added = await rooms.add_bot(created, seat, level)
            if isinstance(added, Refusal):
                return _refused(added, lang)
        return JSONResponse({"room": created, "seat": seat, "token": token})

    async def join(request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        if not await rooms.exists(room_id):
            return _refused(Refusal("no_room"), lang, 404)
        form = await _decode(request, JoinRequest)
        if isinstance(form, Response):
            return form
        joined = await rooms.join(room_id, form.name.strip())
        if isinstance(joined, Refusal):
            return _refused(joined, lang)
        seat, token = joined
        return JSONResponse({"room": room_id, "seat": seat, "token": token})

    async def socket(websocket: WebSocket) -> None:
        await room_socket(websocket, rooms, websocket.path_params["room"])

    async def not_found(request: Request, exc: Exception) -> Response:
        del exc
        return html_page(request, pages.message_page(request_language(request), "not_found"), 404)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        del app
        async with contextlib.AsyncExitStack() as stack:
            for hook in lifespan_hooks or []:
                await stack.enter_async_context(hook())
            yield
            await rooms.close()

    async def no_icon(request: Request) -> Response:
        del request
        return Response(status_code=204)

    routes = [
        Route("/", home),
        Route("/favicon.ico", no_icon),
        Route("/r/{room}", room),
        Route("/r/{room}/watch", room),
        Route("/api/rooms", create, methods=["POST"]),
        Route("/api/rooms/{room}/join", join, methods=["POST"]),
        WebSocketRoute("/ws/{room}", socket),
        *table_routes(rooms, _decode, _refused),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={404: not_found}, lifespan=lifespan)


async def _decode(request: Request, kind: type[_T]) -> _T | Response:
    body = await request.body()
    if len(body) > MAX_MESSAGE_BYTES:
        return JSONResponse({"error": "too_big"}, 413)
    try:
        return msgspec.json.decode(body, type=kind)
    except msgspec.DecodeError as error:
        return JSONResponse({"error": "malformed", "detail": str(error)}, 400)


def _refused(refusal: Refusal, lang: Any, status: int = 409) -> Response:
    fields = dict(refusal.fields)
    return JSONResponse(
        {
            "refused": refusal.code,
            "fields": fields,
            "text": refusal_text(refusal.code, lang, fields),
        },
        status,
    )
