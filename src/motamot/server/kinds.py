"""What the server needs of a room kind, and the registry it looks kinds up in by name.

The server names no game: every game-specific part (its protocol messages and their
commands, its queries, its pages and their templates, routes and static files, its
create form, styles and lobby row, its texts, its options of `motamot serve`) comes from
a `WebKind` registered here. The kinds served are chosen above the server
(`motamot.web.default_kinds()`, the one registry, or a test's own).
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from motamot.server import protocol
from motamot.server.dictionaries import Shelf
from motamot.server.frames import frames_of
from motamot.server.quotas import Quotas
from motamot.service.lobby import Lobby
from motamot.service.ports import Clock
from motamot.service.rooms.host import Room, RoomHost
from motamot.service.rooms.kinds import Kinds, RoomKind
from motamot.service.rooms.outcomes import Refusal
from motamot.service.server_secret import ServerSecret
from motamot.text import kinds as kind_texts
from motamot.text.i18n import Language
from motamot.text.kinds import KindTexts
from motamot.text.web import page_text

T = TypeVar("T")


@dataclass(frozen=True)
class Opened:
    """A room just created, and its creator's seat and token (shown once, to them)."""

    room: str
    seat: str
    token: str


@dataclass(frozen=True)
class Page:
    """What a kind draws: a template (its own are named `<kind>/<file>`, the server's
    `room.html` and `base.html` may be extended), the text key of its title, the static
    module that runs it (`<kind>/<file>.js`) and what else the template reads."""

    template: str
    title: str = ""
    script: str = ""
    context: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LobbyRow:
    """How the pages write a room of the kind: the text key of its rules (`rules` + the
    room's variant, as its create form names it), and in the lobby's rows
    (`server/static/lobby.js`) of its clock (with its `duration`) and of a computer
    player's level (`bot` + the level)."""

    rules: str
    clock: str
    bot: str


class Rooms(Protocol):
    """What a kind may ask of the server's rooms (`server.rooms.Rooms`)."""

    #: The operator lets a room's creator choose its grid (said to every player).
    chosen_grids: bool
    #: What scheduled rooms derive their ids and seeds from (the same in every process).
    secret: ServerSecret
    #: What each client address may do in a while (a quick pairing's seek is a room).
    quotas: Quotas
    #: The word lists this server offers, with their versions (`server.dictionaries`).
    shelf: Shelf

    @property
    def host(self) -> RoomHost:
        """The rooms' host (a kind that schedules rooms opens and runs them there)."""
        ...

    def now(self) -> float:
        """The referee's time."""
        ...

    async def join(
        self,
        room_id: str,
        name: str,
        player: str | None = None,
        account: bool = False,
        kin: Sequence[str] = (),
    ) -> tuple[str, str] | Refusal:
        """A new seat for `name` (linked to the lasting `player`; `kin`: the visitor's,
        `Visitor.kin`, marked in a rated room): (seat, token)."""
        ...

    def broadcast(self, room_id: str, frame: str, share: tuple[int, int] = (0, 1)) -> int:
        """`frame` to every socket of the room in this process (`share` (k, n): the k-th
        of n parts of them, each socket always in the same part); how many got it."""
        ...

    #: The lobby and its database (None until the app runs).
    lobby: Lobby | None
    clock: Clock

    async def open_with(
        self, settings: Any, seating: Callable[[str], Sequence[Any]]
    ) -> tuple[str, Room] | Refusal:
        """A new room seated by the system's commands `seating(invite)` gives."""
        ...

    async def read(self, room_id: str, reader: Callable[[Room], T]) -> T | None:
        """`reader(room)` inside the room's actor (None: no such room)."""
        ...

    async def open(
        self,
        settings: Any,
        creator: str,
        bots: Sequence[str] = (),
        player: str | None = None,
        account: bool = False,
        kin: Sequence[str] = (),
    ) -> Opened | Refusal:
        """A new room with its creator (linked to the lasting `player`) and computer
        players seated, or why not."""
        ...


class PageRenderer(Protocol):
    """What a kind's own pages are drawn with (`server.pages.Pages`)."""

    def render(
        self,
        request: Request,
        lang: Language,
        page: Page,
        path: str,
        data: Any,
        status: int = 200,
    ) -> Response:
        """A whole page in the server's layout: `page`'s template, its texts and `data`."""
        ...

    def message(self, request: Request, lang: Language, key: str, status: int) -> Response:
        """A page that says one thing (`key`: not_found...) and links home."""
        ...


class WebKind(ABC):
    """A room kind as the server serves it."""

    #: The kind's rooms (service layer).
    room: RoomKind
    #: Messages that act for a seat and become the kind's commands (besides the shared).
    actions: tuple[type[Any], ...] = ()
    #: Messages a seat asks about, answered without storing anything.
    queries: tuple[type[Any], ...] = ()
    #: The kind's own server frames (answers to its queries).
    frames: tuple[type[Any], ...] = ()
    #: What a seat is shown: the room's view and each event (declared Structs; a kind
    #: that declares none sends plain objects).
    view: Any = dict[str, Any]
    shown: tuple[type[Any], ...] = ()
    #: Stored events shown under another tag (a kind that stores another kind's events
    #: and shows them in shapes of its own: the arena's Boggle rounds), by stored tag.
    shown_as: Mapping[str, str] = {}
    #: The kind's static files, served at /static/<version>/<name>/ (None: it has none).
    static: Path | None = None
    #: The kind's templates, found as `<name>/<file>` (None: it has none).
    templates: Path | None = None
    #: Pages besides play and watch, served at /r/{room}/{mode}.
    page_modes: tuple[str, ...] = ()
    #: The kind's style sheets in its static files (`<kind>/<file>.css`), linked by every
    #: page after the server's: its cards are on the home page, its pictures in the guides,
    #: and other kinds draw its grid or board.
    styles: tuple[str, ...] = ()
    #: The kind's own ways to play with anyone (its pages'), linked from the home page and
    #: the lobby: each a path and the text key of its link.
    ways_in: tuple[tuple[str, str], ...] = ()
    #: How the lobby, « à vous de jouer » and the players' pages write its rooms (None:
    #: with the rooms' own words).
    lobby_row: LobbyRow | None = None
    #: What the kind says (`text.kinds`): its pages' texts, refusals and browser sections,
    #: registered with the kinds, so the server's catalogues name no game.
    texts: KindTexts = KindTexts()
    #: Whether the room's sockets are told who is connected (`presence` frames); a kind of
    #: thousands of players at once sums its room up otherwise (the arena's activity).
    presence: bool = True

    @property
    def name(self) -> str:
        return self.room.name

    def schema(self) -> Any:
        """Every frame this kind's sockets carry, as one type (docs/protocol.md)."""
        return frames_of(self.view, self.shown, self.frames)

    @abstractmethod
    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        """The room command for one of the kind's actions, or for `StartMessage` (a seed
        drawn by the server); a Refusal if the message cannot make one."""

    async def answer(
        self, rooms: Rooms, room_id: str, seat: str, message: Any, lang: Language
    ) -> Any:
        """The frame answering one of the kind's queries."""
        raise NotImplementedError(f"{self.name} has no queries")

    @abstractmethod
    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        """The room's page (`mode`: play, watch or one of `page_modes`)."""

    def routes(self, rooms: Rooms) -> list[BaseRoute]:
        """The kind's own HTTP routes (creating its rooms, records, replays...)."""
        return []

    def pages(self, rooms: Rooms, pages: PageRenderer) -> list[BaseRoute]:
        """The kind's own pages besides its rooms' (the arena's `/arene`)."""
        return []

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page | None:
        """The kind's part of the home page (its create form and the module that posts it,
        `Page.script`; None: it has none)."""
        return None

    async def lobby_part(self, lang: Language) -> Page | None:
        """The kind's part of the lobby (`/salon`) beside its open tables (a list of its
        events); None: it has none."""
        del lang
        return None

    def home_data(self, dictionaries: list[str], query: dict[str, str]) -> dict[str, Any]:
        """What the kind's form on the home page reads (the defaults a link carries)."""
        return {}

    def intro(self, lang: Language) -> Page | None:
        """The kind's card at the top of the home page: its name, a line, a small
        picture, links to its form and its guide (None: it has none)."""
        return None

    def guide(self, lang: Language) -> Page | None:
        """The kind's « Comment jouer » page, served at /comment-jouer/<name> (None: it
        has none)."""
        return None

    def profile(self, lang: Language, found: Any, now: float) -> list[str]:
        """Lines of the kind's own on a player's profile (`found`: the profile's facts,
        `service.players.store.Profile`; the daily grid's streak), none by default."""
        return []

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """The kind's own options of `motamot serve` (`server.options`: their help in
        both languages); none by default."""
        return None

    def configured(self, options: argparse.Namespace) -> WebKind:
        """The kind as `motamot serve`'s options set it up (itself by default), or a
        `server.options.OptionError` saying, in `options.lang`, which value will not do."""
        return self

    def running(self, rooms: Rooms) -> AbstractAsyncContextManager[None] | None:
        """The kind's own work while the server runs (the arena's schedule), entered once
        the rooms are started and left before they stop; None: it has none."""
        return None


class WebKinds:
    """The kinds one server serves, by name, with their rooms' and their messages' registry."""

    def __init__(self, kinds: Iterable[WebKind]) -> None:
        self._by_name: dict[str, WebKind] = {}
        for kind in kinds:
            if kind.name in self._by_name:
                raise ValueError(f"room kind {kind.name!r} registered twice")
            self._by_name[kind.name] = kind
        for kind in self._by_name.values():
            kind_texts.register(kind.texts)
        self.rooms = Kinds(kind.room for kind in self._by_name.values())
        self.protocol = protocol.Protocol(
            (kind.name, (*kind.actions, *kind.queries)) for kind in self._by_name.values()
        )

    def __iter__(self) -> Iterator[WebKind]:
        return iter(self._by_name.values())

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """Every kind's own options of `motamot serve`, in the kinds' order."""
        for kind in self:
            kind.add_options(parser)

    def configured(self, options: argparse.Namespace) -> WebKinds:
        """The kinds as `motamot serve`'s options set them up (an OptionError if one
        refuses a value)."""
        return WebKinds(kind.configured(options) for kind in self)

    def variant_text(self, kind: str, variant: str, lang: Language) -> str:
        """A room's rules (its preset, its ruleset...) as its kind's create form names
        them (`LobbyRow.rules`); as stored when its kind names none."""
        served = self.get(kind)
        row = served.lobby_row if served is not None else None
        key = f"{row.rules}{variant}" if row is not None else ""
        text = page_text(key, lang) if key else key
        return text if text != key else variant

    def get(self, name: str | None) -> WebKind | None:
        return self._by_name.get(name) if name is not None else None

    def owners_of(self, message: Any) -> frozenset[str]:
        """The kinds whose message this is (none: a message every room takes)."""
        return self.protocol.kinds_of.get(type(message), frozenset())
