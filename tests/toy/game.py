"""A toy game, defined only here, to prove that a new game is one new kind and nothing else.

Two players take turns adding 1 or 2 to a counter that starts at 0; whoever brings it to
exactly 10 wins (going past 10 is refused). It has rooms (service side: settings,
events, commands, an actor, its views) and a web side (a message, its command, a page, its
texts, its create form and the module that posts it, its styles, its lobby row, and
`POST /api/toy`), registered with the real server next to Boggle and Topword, without a
line of src/motamot/server/ knowing it: its templates and static files are here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec
from starlette.routing import BaseRoute

from motamot.server.create import create_routes
from motamot.server.kinds import LobbyRow, Page, Rooms, WebKind, WebKinds
from motamot.server.protocol import RequestId, StartMessage
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.commands import Command
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.kinds import RoomKind
from motamot.service.rooms.outcomes import Refusal
from motamot.text.i18n import Language
from motamot.text.kinds import KindTexts
from motamot.web import default_kinds

GOAL = 10


class ToySettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    goal: int = GOAL

    @property
    def dictionary_name(self) -> None:
        return None

    def check(self) -> None:
        return None


class Begun(Event, frozen=True, tag="toy.begun"):
    order: tuple[str, ...]


class Counted(Event, frozen=True, tag="toy.counted"):
    seat: str
    amount: int
    total: int


class Won(Event, frozen=True, tag="toy.won"):
    seat: str


class Begin(Command, frozen=True, tag="toy.begin"):
    pass


class Add(Command, frozen=True, tag="toy.add"):
    amount: int


class ToyRoom(Actor[ToySettings]):
    KIND = "toy"
    HOST_ONLY = (Begin,)
    BOT_LEVELS = ()
    HAS_READY = False

    def __init__(self, created: RoomCreated[ToySettings], lexicons: Lexicons) -> None:
        self.order: tuple[str, ...] = ()
        self.total = 0
        self.turn = 0
        self.winner: str | None = None
        super().__init__(created, lexicons)

    def _use_settings(self, settings: ToySettings) -> None:
        self.goal = settings.goal

    def joining_closed(self) -> Refusal | None:
        return Refusal("game_started") if self.order else None

    def seat_refusal(self, bot: bool) -> Refusal | None:
        return Refusal("room_full", {"max": 2}) if len(self.present()) >= 2 else None

    @property
    def current(self) -> str | None:
        if not self.order or self.winner is not None:
            return None
        return self.order[self.turn % len(self.order)]

    def _apply_own(self, event: Event) -> None:
        match event:
            case Begun(order=order):
                self.order = order
            case Counted(total=total):
                self.total, self.turn = total, self.turn + 1
            case Won(seat=seat):
                self.winner = seat
            case _:
                raise ValueError(f"not a toy event: {event!r}")

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case Begin():
                if self.order:
                    return Refusal("game_started")
                if len(self.present()) != 2:
                    return Refusal("player_count", {"low": 2, "high": 2})
                self._emit(Begun(self._next, tuple(self.present())), out)
            case Add(amount=amount):
                if self.current is None:
                    return Refusal("game_not_started" if not self.order else "game_over")
                if seat != self.current:
                    return Refusal("not_your_turn")
                if amount not in (1, 2) or self.total + amount > self.goal:
                    return Refusal("bad_move", {"error": "too_much"})
                self._emit(Counted(self._next, seat, amount, self.total + amount), out)
                if self.total == self.goal:
                    self._emit(Won(self._next, seat), out)
            case _:
                return Refusal("unknown_command")
        return None

    def view(self, seat: str | None) -> dict[str, Any]:
        return {
            "kind": self.KIND,
            "room": self.room_id,
            "seq": self.last_seq,
            "you": seat,
            "seats": {s.seat: s.name for s in self.seats.values() if s.present},
            "total": self.total,
            "current": self.current,
            "winner": self.winner,
        }

    def visible(self, event: Event, seat: str | None) -> dict[str, Any]:
        shown: dict[str, Any] = msgspec.to_builtins(event)
        shown.pop("secret_digest", None)
        return shown


TOY_ROOMS = RoomKind("toy", ToySettings, ToyRoom, (Begun, Counted, Won), (Begin, Add))


class AddMessage(msgspec.Struct, tag="add", forbid_unknown_fields=True):
    amount: Annotated[int, msgspec.Meta(ge=1, le=2)]
    id: RequestId = 0


class CreateToy(msgspec.Struct, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]

    def settings(self) -> ToySettings:
        return ToySettings()


#: What the toy says: its page's title, its form, its name in the lobby and on the
#: players' pages, its goal as the lobby writes its rules.
TOY_TEXTS = KindTexts(
    page={
        "toy_title": {"fr": "Jusqu'à dix", "en": "Up to ten"},
        "toy_create_title": {"fr": "Compter jusqu'à dix", "en": "Count up to ten"},
        "toy_create": {"fr": "Ouvrir la partie", "en": "Open the game"},
        "kind.toy": {"fr": "Le jeu de dix", "en": "The game of ten"},
        "toy_goal.10": {"fr": "dix pile", "en": "ten exactly"},
    }
)


class ToyWeb(WebKind):
    room = TOY_ROOMS
    actions = (AddMessage,)
    templates = Path(__file__).parent / "templates"
    static = Path(__file__).parent / "static"
    texts = TOY_TEXTS
    styles = ("toy/toy.css",)
    lobby_row = LobbyRow("toy_goal.", "clock.move", "")

    async def command(self, rooms: Rooms, room_id: str, message: Any) -> Any:
        match message:
            case StartMessage():
                return Begin()
            case AddMessage(amount=amount):
                return Add(amount)
        return Refusal("unknown_command")

    def page(self, lang: Language, room_id: str, mode: str) -> Page:
        return Page("toy/page.html", "toy_title", context={"mode": mode})

    def home(self, lang: Language, dictionaries: list[str], query: dict[str, str]) -> Page:
        return Page("toy/home_form.html", script="toy/create.js")

    def routes(self, rooms: Rooms) -> list[BaseRoute]:
        return list(create_routes(rooms, "toy", CreateToy))


TOY = ToyWeb()


def kinds_with_the_toy() -> WebKinds:
    """The kinds this motamot serves, and the toy."""
    return WebKinds((*default_kinds(), TOY))
