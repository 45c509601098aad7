"""The daily grid over HTTP: where the request's player stands on a day's grid, starting
their one play (G5), a word, being done. The player is the request's lasting identity
(`server/players`: the browser's cookie or the account), never a token of the page's:
a reload, another tab, another device of the same account find the same play.

    GET  /api/daily/{preset}/{day}          the day and this player's play (if any)
    POST /api/daily/{preset}/{day}/start    {"name": "Ana"}: their one play, or it resumes
    POST /api/daily/{preset}/{day}/word     {"text": "maison", "key": "k1"}: the word's
                                            verdict (its key seen already: `word` null)
    POST /api/daily/{preset}/{day}/finish   {}: done before the deadline

Every answer but a word's is the same shape (`DailyState`). A day is YYYY-MM-DD, not in
the future nor before the first (G2, G4): anything else is a 404, never stored.
"""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.names import MAX_NAME_LENGTH
from motamot.server.http import decode_body, refused
from motamot.server.kinds import Rooms
from motamot.server.players.seats import seated, who_sits
from motamot.server.players.visitors import Visitor, players_of
from motamot.server.texts import request_language
from motamot.server.throttle import Credits
from motamot.service.boggle.commands import WriteWord
from motamot.service.boggle.rounds import MAX_WORD
from motamot.service.daily.commands import AdoptPlay, FinishPlay, StartPlay
from motamot.service.daily.room import RESERVED_IN_NAMES, DailyRoom
from motamot.service.daily.schedule import DailyGrids, parse_day
from motamot.service.rooms.host import Room
from motamot.service.rooms.keys import ActionKey
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.rooms.seating import name_refusal
from motamot.text.daily_web import share_text

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
#: A word as a Boggle room's socket takes it, without control characters.
Text = Annotated[str, msgspec.Meta(max_length=MAX_WORD, pattern=r"^[^\x00-\x1f\x7f]*$")]


class StartRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: Name


class WordRequest(msgspec.Struct, forbid_unknown_fields=True):
    text: Text
    #: The word's key (`service.rooms.keys`): sent again (its answer lost), it is written
    #: once, and answered with no `word`.
    key: ActionKey | None = None


class FinishRequest(msgspec.Struct, forbid_unknown_fields=True):
    pass


class DailyState(msgspec.Struct):
    """A day's grid as the request's player stands on it."""

    preset: str
    day: str
    #: The referee's time now (the page counts down from the play's deadline with it).
    now: float
    #: The room as this player's seat sees it (None: nobody played that day yet).
    view: dict[str, Any] | None
    #: What the player may share of a play that is over (G10).
    share: str | None = None


def routes(rooms: Rooms, grids: Mapping[str, DailyGrids]) -> list[Route]:
    daily = DailyRoutes(rooms, grids)
    base = "/api/daily/{preset}/{day}"
    return [
        Route(base, daily.state),
        Route(base + "/start", daily.start, methods=["POST"]),
        Route(base + "/word", daily.word, methods=["POST"]),
        Route(base + "/finish", daily.finish, methods=["POST"]),
    ]


Found = tuple[DailyGrids, datetime.date, str]
#: Players whose credits are kept before the idle ones are forgotten.
MAX_CREDITS = 10_000


class DailyRoutes:
    """The daily grid's routes over the server's rooms."""

    def __init__(self, rooms: Rooms, grids: Mapping[str, DailyGrids]) -> None:
        self.rooms = rooms
        self.grids = grids
        #: Each player's words and finishes, as the socket's seat credits are (a burst
        #: of traced words is fine, a flood is refused): by lasting player.
        self.credits: dict[str, Credits] = {}

    def spend(self, player: str) -> bool:
        """Whether `player` may act now (the idle players forgotten when there are many)."""
        now = self.rooms.now()
        if len(self.credits) > MAX_CREDITS:
            self.credits = {p: c for p, c in self.credits.items() if not c.full(now)}
        return self.credits.setdefault(player, Credits()).spend(now)

    def found(self, request: Request) -> Found | Refusal:
        """The preset's grids, the day and its room's id, or why not (all 404s)."""
        grids = self.grids.get(request.path_params["preset"])
        if grids is None:
            return Refusal("unknown_daily")
        day = parse_day(request.path_params["day"])
        if day is None:
            return Refusal("daily_bad_date")
        why = grids.playable(day, self.rooms.now())
        if why is not None:
            return Refusal(why)
        return grids, day, grids.room_id(self.rooms.secret, day)

    async def answer(self, request: Request, found: Found, player: str | None) -> JSONResponse:
        """The day as `player` stands on it (None: somebody who never played it)."""
        grids, day, room_id = found
        await self.rooms.host.tick(room_id)  # a deadline passed while nobody looked
        seat = None
        if player is not None:
            seat = await self.rooms.read(room_id, lambda room: _seat_of(room, player))
        view = await self.rooms.read(room_id, lambda room: room.view(seat))
        share = None
        if view is not None and isinstance(view.get("result"), dict):
            share = self.share(request, grids, day, view)
        state = DailyState(grids.preset, day.isoformat(), self.rooms.now(), view, share)
        return JSONResponse(msgspec.to_builtins(state))

    def share(
        self, request: Request, grids: DailyGrids, day: datetime.date, view: dict[str, Any]
    ) -> str:
        """What the player may share of their play (G10), with the day's link."""
        result = view["result"]
        link = f"{str(request.base_url).rstrip('/')}/grille-du-jour/{day.isoformat()}"
        if grids.preset != next(iter(self.grids)):
            link += f"?jeu={grids.preset}"
        size = len(view["grid"].split("/"))
        top = result.get("top") if result.get("ranked") else None
        lang = request_language(request)
        rows = tuple(
            (f"{b['letters']}+" if b["longer"] else str(b["letters"]), b["found"], b["all"])
            for b in result["lengths"]
        )
        first_of = result["players"] if top is not None and result.get("rank") == 1 else None
        score, found = result["score"], result["found"]
        return share_text(day, size, score, found, top, link, lang, rows, first_of)

    async def state(self, request: Request) -> Response:
        found = self.found(request)
        lang = request_language(request)
        if isinstance(found, Refusal):
            return refused(found, lang, 404)
        known = await players_of(request).known(request)
        await self.adopt(request, found[2], known)
        return await self.answer(request, found, known.player if known else None)

    async def adopt(self, request: Request, room_id: str, visitor: Visitor | None) -> None:
        """A browser signed in to an account hands the account the play it made before
        (F2): one person, one play of the day in the field."""
        if visitor is None or visitor.account is None:
            return
        identity = await players_of(request).browser_player(request)
        if identity is None:
            return
        account = visitor.player
        if await self.rooms.read(room_id, lambda room: _to_adopt(room, account, identity)):
            await self.rooms.host.submit(room_id, None, AdoptPlay(account, identity))

    async def start(self, request: Request) -> Response:
        """The player's one play of the day: started now, or resumed if running; a
        second play is refused (409 `daily_played`: the page shows the first one's
        results), before anything is stored."""
        lang = request_language(request)
        found = self.found(request)
        if isinstance(found, Refusal):
            return refused(found, lang, 404)
        form = await decode_body(request, StartRequest)
        if isinstance(form, Response):
            return form
        name = form.name.strip()
        unfit = name_refusal(name, RESERVED_IN_NAMES, ())
        if unfit is not None:
            return refused(unfit, lang)
        who = await who_sits(request, name)
        grids, day, room_id = found
        await self.rooms.host.tick(room_id)  # a play past its deadline is over first
        await self.adopt(request, room_id, who)
        had = await self.rooms.read(room_id, lambda room: _play_of(room, who.player))
        if had == "over":  # refused before anything is stored (G5)
            return who.keep(request, refused(Refusal("daily_played"), lang))
        if had != "running":
            started = await self._start(grids, day, room_id, name, who)
            if isinstance(started, Refusal):
                return who.keep(request, refused(started, lang, 503 if started.retryable else 409))
        response = await self.answer(request, found, who.player)
        return await seated(request, who, name, response)

    async def _start(
        self, grids: DailyGrids, day: datetime.date, room_id: str, name: str, who: Visitor
    ) -> Refusal | None:
        """The day's room opened if it is not, the player seated, their play started."""
        # the day's first start chooses its grid (G11): milliseconds with the compiled
        # solver, up to a few tenths without, so away from the event loop (then cached)
        lexicons = self.rooms.host.lexicons
        settings = await asyncio.to_thread(grids.settings, self.rooms.secret, day, lexicons)
        opened = await self.rooms.host.open(settings, room_id=room_id)
        if isinstance(opened, Refusal) and opened.code != "room_exists":
            return opened
        joined = await self.rooms.join(room_id, name, who.player, who.account is not None)
        if isinstance(joined, Refusal):
            return joined
        answer = await self.rooms.host.submit(room_id, joined[0], StartPlay())
        if isinstance(answer, Refusal) and answer.code != "daily_playing":
            return answer
        return None

    async def word(self, request: Request) -> Response:
        async def act(form: WordRequest) -> Any:
            return WriteWord(form.text, key=form.key)

        return await self.act(request, WordRequest, act)

    async def finish(self, request: Request) -> Response:
        async def act(form: FinishRequest) -> Any:
            return FinishPlay()

        return await self.act(request, FinishRequest, act)

    async def act(
        self, request: Request, kind: type[Any], command: Callable[[Any], Awaitable[Any]]
    ) -> Response:
        """A command of the request's player's seat; a word answers its verdict, the
        others the state."""
        lang = request_language(request)
        found = self.found(request)
        if isinstance(found, Refusal):
            return refused(found, lang, 404)
        form = await decode_body(request, kind)
        if isinstance(form, Response):
            return form
        known: Visitor | None = await players_of(request).known(request)
        room_id = found[2]
        await self.adopt(request, room_id, known)
        player = known.player if known is not None else None
        seat = None
        if player is not None:
            seat = await self.rooms.read(room_id, lambda room: _seat_of(room, player))
        if seat is None or player is None:
            return refused(Refusal("daily_not_started"), lang)
        if not self.spend(player):
            return refused(Refusal("daily_too_fast"), lang, 429)
        answer = await self.rooms.host.submit(room_id, seat, await command(form))
        if isinstance(answer, Refusal):  # retryable: nothing happened, the page sends it again
            return refused(answer, lang, 503 if answer.retryable else 409)
        if isinstance(form, WordRequest):
            return JSONResponse({"word": _last(answer)})
        return await self.answer(request, found, player)


def _play_of(room: Room, player: str) -> str:
    """Where `player`'s play of the day stands: none, running or over."""
    seat = _seat_of(room, player)
    play = room.plays.get(seat) if seat is not None and isinstance(room, DailyRoom) else None
    if play is None:
        return "none"
    return "running" if play.running else "over"


def _to_adopt(room: Room, account: str, identity: str) -> bool:
    return isinstance(room, DailyRoom) and room.to_adopt(account, identity) is not None


def _seat_of(room: Room, player: str) -> str | None:
    return room.by_player.get(player) if isinstance(room, DailyRoom) else None


def _last(answer: Ack) -> dict[str, Any] | None:
    return answer.events[-1] if answer.events else None
