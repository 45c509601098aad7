"""« Partie rapide » on the web: the page (`/partie-rapide`), its socket
(`/partie-rapide/ws`) and the table a pairing opens.

The socket's messages are a seek (a name, a ruleset, a pace, rated or not) and its
cancel; every field is hostile and checked before anything is stored. The seat's token
is made here, by the process holding the seeker's socket, and only its digest goes into
the seek: when the seek is paired, whichever process paired it, this socket gives its
page the token for the seat (`quick.paired`), and the page goes to the table. A live
seek ends with its socket; a correspondence seek waits without one, and its player finds
the game in « Mes parties » (« à vous de jouer »). The pairing itself is
`service.pairing`.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from motamot.names import MAX_NAME_LENGTH
from motamot.server.feed import Listener
from motamot.server.frames import Error, Refused
from motamot.server.kinds import Page, PageRenderer, Rooms
from motamot.server.players.seats import remembered_name
from motamot.server.players.visitors import (
    Players,
    Visitor,
    digest,
    identity_secret,
    players_of,
)
from motamot.server.protocol import encode
from motamot.server.quotas import OverQuota
from motamot.server.rooms import new_token, token_digest
from motamot.server.side import side_socket
from motamot.server.texts import refusal_text, request_language
from motamot.service.pairing.paces import PACES
from motamot.service.pairing.pairer import ALIVE_SECONDS, Pairer
from motamot.service.pairing.seeks import Pairing, Seek
from motamot.service.pairing.store import PairingStore, rating_of
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.seating import name_refusal
from motamot.service.topword.commands import Start
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.text.i18n import Language
from motamot.text.web import page_text, quota_text
from motamot.topword.tiles import RULESETS

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
#: A last table shown to a seeker who comes back within this many seconds of its pairing.
SHOWN_SECONDS = 86_400

#: Each app's pairer, by its rooms (`running` makes it; the socket finds it here).
PAIRERS: weakref.WeakKeyDictionary[Any, Pairer] = weakref.WeakKeyDictionary()


class SeekMessage(msgspec.Struct, tag="seek", forbid_unknown_fields=True):
    """Find me an opponent: my name, the rules, the pace (a name of the paces offered),
    rated or not (accounts only)."""

    name: Name
    ruleset: Annotated[str, msgspec.Meta(max_length=32)]
    pace: Annotated[str, msgspec.Meta(max_length=8)]
    rated: bool = False


class CancelMessage(msgspec.Struct, tag="cancel", forbid_unknown_fields=True):
    """Stop looking."""


#: What a page sends on the pairing's socket besides `ping`.
QUICK_MESSAGES = (SeekMessage, CancelMessage)


class SeekShown(msgspec.Struct, forbid_unknown_fields=True):
    """A seek as its own page sees it."""

    name: str
    ruleset: str
    pace: str
    rated: bool
    #: False: by correspondence (it waits when the page is closed).
    live: bool
    #: Referee time it began.
    since: float


class QuickState(msgspec.Struct, tag="quick", forbid_unknown_fields=True):
    """On connecting: the player's seek if one waits (this socket now holds it), and the
    table of their last pairing, if there was one lately."""

    seeking: SeekShown | None
    #: The players' link's room part of the last table a pairing gave them (a day).
    table: str | None
    #: Signed in (a rated seek needs it).
    account: bool
    now: float


class QuickSeeking(msgspec.Struct, tag="quick.seeking", forbid_unknown_fields=True):
    """The seek waits for an opponent."""

    seek: SeekShown


class QuickPaired(msgspec.Struct, tag="quick.paired", forbid_unknown_fields=True):
    """An opponent was found: the table's players' link's room part, the seat, and its
    token (keep it: it proves the seat)."""

    room: str
    seat: str
    token: str


class QuickEnded(msgspec.Struct, tag="quick.ended", forbid_unknown_fields=True):
    """The seek is over without a table (`cancelled`, `replaced`, `expired`, `failed`),
    said in words."""

    reason: str
    text: str


#: What the pairing's socket sends besides `pong`, `error` and `refused`.
QUICK_FRAMES = (QuickState, QuickSeeking, QuickPaired, QuickEnded)


@dataclass(frozen=True)
class Origin:
    """Where a seeker's socket comes from: its client address, its browser's identity
    (its digest) and the lasting players behind its cookies (a ban names them)."""

    address: str = ""
    browser: str = ""
    players: frozenset[str] = frozenset()

    def address_digest(self, rooms: Rooms) -> str:
        """What a seek keeps of the address ("" for a proxy's own: many players')."""
        if not self.address or self.address in rooms.quotas.proxies:
            return ""
        return hashlib.sha256(self.address.encode("utf-8", "replace")).hexdigest()

    def charge(self, rooms: Rooms) -> OverQuota | None:
        """One room of the address's quota (a seek opens a table), or why not."""
        try:
            rooms.quotas.charge_address(rooms.quotas.rooms, self.address)
        except OverQuota as over:
            return over
        return None


def _shown(seek: Seek) -> SeekShown:
    return SeekShown(seek.name, seek.ruleset, seek.pace, seek.rated, seek.live, seek.since)


class QuickSession:
    """One page's seeking, told by the pairer how its seek ends."""

    def __init__(
        self,
        pairer: Pairer,
        rooms: Rooms,
        players: Players,
        visitor: Visitor,
        lang: Language,
        origin: Origin | None = None,
    ) -> None:
        self.pairer = pairer
        self.rooms = rooms
        self.players = players
        self.visitor = visitor
        self.lang = lang
        self.origin = origin or Origin()
        self.seek: Seek | None = None
        self.token = ""
        self.out: Listener | None = None
        #: The seek the page was told it is seeking with (`quick.seeking`).
        self._told: Seek | None = None

    @property
    def store(self) -> PairingStore:
        return self.pairer.store

    async def start(self, out: Listener) -> bool:
        self.out = out
        if self.visitor.new_identity is not None:  # a socket cannot give it its cookie
            out.push(encode(Error("no_identity", page_text("quick_no_identity", self.lang))))
            return False
        player = self.visitor.player
        token = new_token()
        waiting = await self.store.take_over(player, token_digest(token))
        if waiting is not None:
            self.seek, self.token = waiting, token
            self.pairer.watch(waiting, self)
        last = await self.store.last_result(player)
        recent = last is not None and self.rooms.clock.now() - last.at < SHOWN_SECONDS
        table = last.room if last is not None and recent else None
        account = self.visitor.account is not None
        shown = None if waiting is None else _shown(waiting)
        out.push(encode(QuickState(shown, table, account, self.rooms.clock.now())))
        return True

    async def handle(self, message: Any, out: Listener) -> None:
        if isinstance(message, CancelMessage):
            if self.seek is not None:
                await self.pairer.cancel(self.visitor.player, self.seek.id)
                self.seek = None
                self.ended("cancelled")
            return
        assert isinstance(message, SeekMessage)
        made = await self._seek_of(message)
        if isinstance(made, Refusal):
            fields = dict(made.fields)
            text = made.fields.get("text") or refusal_text(made.code, self.lang, fields)
            out.push(encode(Refused(0, made.code, fields, str(text))))
            return
        seek, token = made
        await self.players.store.remember_seat_name(seek.player, seek.name)
        if self.seek is not None:  # this page's own seek, replaced: quietly
            await self.pairer.cancel(self.visitor.player, self.seek.id)
        self.seek, self.token = seek, token
        sought = await self.pairer.seek(seek, self)
        if sought.refused is not None:
            self.seek = None
            code = sought.refused
            out.push(encode(Refused(0, code, {}, refusal_text(code, self.lang, {}))))
            return
        self._tell_seeking(seek)

    def _tell_seeking(self, seek: Seek) -> None:
        """`quick.seeking`, once per seek: the page hears its seek is in before it hears of
        its pairing, even when another process paired it while it was being stored."""
        if self.out is not None and self._told is not seek:
            self._told = seek
            self.out.push(encode(QuickSeeking(_shown(seek))))

    async def _seek_of(self, message: SeekMessage) -> tuple[Seek, str] | Refusal:
        """The seek the message asks for, with its seat's token, or why not."""
        if message.ruleset not in RULESETS:
            return Refusal("unknown_ruleset", {"ruleset": message.ruleset})
        pace = PACES.get(message.pace)
        if pace is None:
            return Refusal("unknown_pace", {"pace": message.pace})
        name = message.name.strip()
        refusal = name_refusal(name, TopwordRoom.RESERVED_IN_NAMES, [])
        if refusal is not None:
            return refusal
        account = self.visitor.account is not None
        if message.rated and not account:
            return Refusal("rated_needs_account")
        who = [self.visitor.player, *self.origin.players]
        if self.players.bans.banned(who, self.origin.address) or self.players.bans.name_banned(
            name
        ):
            return Refusal("banned")
        over = self.origin.charge(self.rooms)
        if over is not None:  # a seek is a table to come: the rooms' quota (F18)
            text = quota_text(over.code, self.lang, over.retry_after)
            return Refusal(over.code, {"retry_after": over.retry_after, "text": text})
        player = self.visitor.player
        db = self.store.db
        rating = await db.run(lambda tx: rating_of(tx, player, message.ruleset), durable=False)
        now = self.rooms.clock.now()
        token = new_token()
        seek = Seek(
            secrets.token_urlsafe(12),
            player,
            name,
            account,
            rating if account else None,
            message.ruleset,
            pace.name,
            message.rated,
            token_digest(token),
            now,
            now + ALIVE_SECONDS if pace.live else None,
            self.origin.address_digest(self.rooms),
            self.origin.browser,
        )
        return seek, token

    # --- what the pairer tells ------------------------------------------------------------

    def paired(self, room: str, seat: str) -> None:
        if self.seek is not None:
            self._tell_seeking(self.seek)
        self.seek = None
        if self.out is not None:
            self.out.push(encode(QuickPaired(room, seat, self.token)))

    def ended(self, reason: str) -> None:
        self.seek = None
        if self.out is not None:
            text = page_text(f"quick_ended.{reason}", self.lang)
            self.out.push(encode(QuickEnded(reason, text)))

    async def stop(self) -> None:
        if self.seek is not None:
            await self.pairer.gone(self.visitor.player, self.seek.id, self.seek.live)


async def open_table(rooms: Rooms, pairing: Pairing) -> tuple[str, dict[str, str]] | str:
    """The table of a pairing: its rules and pace, both seated (the first seek's seat
    first) and the game started; its players' link's room part and each seek's seat, or
    the refusal's code."""
    first, second = pairing.first, pairing.second
    settings = TopwordSettings(
        ruleset=first.ruleset, turn_seconds=PACES[first.pace].seconds, rated=first.rated, seats=2
    )

    def seating(invite: str) -> list[Any]:
        joins = [Join(s.name, s.digest, invite, s.player, s.account) for s in (first, second)]
        return [*joins, Start(draw_seed())]

    opened = await rooms.open_with(settings, seating)
    if isinstance(opened, Refusal):
        return opened.code
    link, room = opened
    seats = {s.id: room.seat_with_digest(s.digest) for s in (first, second)}
    if any(seat is None for seat in seats.values()):
        return "retry"
    return link, {seek_id: str(seat) for seek_id, seat in seats.items()}


@contextlib.asynccontextmanager
async def running(rooms: Rooms) -> AsyncIterator[None]:
    """The app's pairer while it runs, over the lobby's database and notices."""
    lobby = rooms.lobby
    if lobby is None:
        yield
        return
    store = PairingStore(lobby.store.db)
    await store.create()
    pairer = Pairer(store, lobby.notices, rooms.clock, lambda pairing: open_table(rooms, pairing))
    await pairer.start()
    PAIRERS[rooms] = pairer
    try:
        yield
    finally:
        PAIRERS.pop(rooms, None)
        await pairer.close()


async def quick_socket(websocket: WebSocket, rooms: Rooms) -> None:
    lang = request_language(websocket)
    pairer = PAIRERS.get(rooms)
    if pairer is None:
        await websocket.close(1013)  # not running (yet): try again later
        return
    players = players_of(websocket)
    visitor = await players.visitor(websocket)
    secret = identity_secret(websocket)
    origin = Origin(
        websocket.client.host if websocket.client is not None else "",
        digest(secret) if secret is not None else "",
        await players.behind(websocket),
    )
    session = QuickSession(pairer, rooms, players, visitor, lang, origin)
    await side_socket(websocket, rooms, QUICK_MESSAGES, session, lang)


def quick_pages(rooms: Rooms, pages: PageRenderer) -> list[BaseRoute]:
    """The page: the seek's form (the name this browser sat under last), its state."""

    async def page(request: Request) -> Response:
        lang = request_language(request)
        visitor = await players_of(request).known(request)
        paces = [
            (pace.name, page_text(f"quick_pace.{pace.name}", lang), pace.live)
            for pace in PACES.values()
        ]
        context = {
            "max_name": MAX_NAME_LENGTH,
            "remembered": await remembered_name(request),
            "rulesets": [(name, page_text(f"ruleset.{name}", lang)) for name in RULESETS],
            "paces": paces,
            "account": visitor is not None and visitor.account is not None,
        }
        drawn = Page("topword/quick.html", "quick_title", "topword/quick.js", context)
        return pages.render(request, lang, drawn, "/partie-rapide", {})

    return [Route("/partie-rapide", page)]


def quick_routes(rooms: Rooms) -> list[BaseRoute]:
    async def socket(websocket: WebSocket) -> None:
        await quick_socket(websocket, rooms)

    return [WebSocketRoute("/partie-rapide/ws", socket)]
