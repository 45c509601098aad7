"""The operators' page: `/moderation` (French by default, English with `?lang=en`), open
only to a signed-in account named with `motamot admin operators add` (403 for anybody
else, signed out included).

It shows what `moderation_view` reads and takes plain HTML forms (`POST /moderation`,
token checked like the account forms: `forms`), one action each, named by `action`
(`ACTIONS`: rules as data, each with the fields it needs): remove a chat message, remove
a person from a room, close a room (commands of the system, stored as the room's events:
`room.chat_removed`, `room.seat_removed`, `room.closed`), ban or let back an account, a
browser's identity or an address (`service.players.banning`, read at once by this
process, which closes the sockets, and told to the others over the broker), close a
person's reports. Every action is logged (the server's log and the store's moderation
log, with the operator's name). A success redirects (303) with what was done; a refusal
shows the page again with the reason (4xx). Nothing here answers 500.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.server.links import ROOM_ID_LENGTH, room_of
from motamot.server.pages import Pages
from motamot.server.players.forms import Form, FormError, Text, check_csrf, read_form
from motamot.server.players.moderation_view import overview
from motamot.server.players.pages import error_text, player_page, see_other
from motamot.server.players.visitors import Visitor, players_of
from motamot.server.rooms import Rooms
from motamot.server.texts import request_language
from motamot.service.players import banning
from motamot.service.players.operators import Action
from motamot.service.rooms.commands import CloseRoom, RemoveMessage, RemovePlayer
from motamot.service.rooms.outcomes import Refusal
from motamot.text.web import page_text, refusal_text

log = logging.getLogger("motamot.moderation")

PATH = "/moderation"
#: Longest seat id a form may name.
MAX_SEAT = 16
#: Event numbers a form may name (JSON's safe integers).
MAX_SEQ = 2**53


class Refused(Exception):
    """An action refused: the page again with `key`'s text (and its fields), `status`."""

    def __init__(self, key: str, status: int, **fields: object) -> None:
        super().__init__(key)
        self.key, self.status, self.fields = key, status, fields


@dataclass(frozen=True)
class Done:
    """What an action did, for the log: its target and room."""

    target: str
    room: str | None = None


class ModerationForm(Form, frozen=True):
    """One action of the page: which (`action`, one of ACTIONS), and what it names."""

    action: Text = ""
    room: Text = ""
    said: Text = ""
    seat: Text = ""
    target: Text = ""
    player: Text = ""
    key: Text = ""
    #: What the question before a lasting action names (shown only, never acted on).
    label: Text = ""
    #: The question was answered yes (ASKED actions).
    confirm: Text = ""


Handler = Callable[["ModerationPage", Request, ModerationForm], Awaitable[Done]]


class ModerationPage:
    """The operators' page and its actions, for one app."""

    def __init__(self, pages: Pages, rooms: Rooms) -> None:
        self.pages = pages
        self.rooms = rooms

    def routes(self) -> list[Route]:
        return [Route(PATH, self.page, methods=["GET", "POST"])]

    async def operator(self, request: Request) -> Visitor | None:
        """The signed-in operator making the request (None: anybody else)."""
        players = players_of(request)
        visitor = await players.signed_in(request)
        if visitor is None or visitor.account is None:
            return None
        return visitor if await players.store.is_operator(visitor.player) else None

    async def page(self, request: Request) -> Response:
        form = ModerationForm()
        problem: FormError | None = None
        if request.method == "POST":  # read first, whoever posts: the app's limits apply
            try:
                form = await read_form(request, ModerationForm)
                check_csrf(players_of(request).signer, request, form)
            except FormError as error:
                problem = error
        operator = await self.operator(request)
        if operator is None:
            return self.forbidden(request)
        if request.method == "GET":
            done = request.query_params.get("fait", "")
            shown = page_text(f"mod.done.{done}", request_language(request))
            return await self.show(request, operator, done=shown if done in ACTIONS else None)
        if problem is not None:
            error_said = error_text(request_language(request), problem.code)
            return await self.show(request, operator, problem.status, error=error_said)
        return await self.act(request, operator, form)

    async def act(self, request: Request, operator: Visitor, form: ModerationForm) -> Response:
        action = form.action
        handler = ACTIONS.get(action)
        if handler is not None and action in ASKED and form.confirm != "yes":
            return await self.show(request, operator, question=_question(request, form))
        try:
            if handler is None:
                raise Refused("mod.error.bad_action", 400)
            done = await handler(self, request, form)
        except Refused as refused:
            lang = request_language(request)
            error = page_text(refused.key, lang, **refused.fields)
            return await self.show(request, operator, refused.status, error=error)
        assert operator.account is not None
        await players_of(request).store.log_action(
            Action(time.time(), operator.account, action, done.target, done.room)
        )
        log.info(
            "moderation %s by %s: %s",
            action,
            operator.account,
            done.target,
            extra={"room": done.room},
        )
        return see_other(f"{PATH}?fait={action}")

    async def show(
        self, request: Request, operator: Visitor, status: int = 200, **more: Any
    ) -> Response:
        seen = await overview(self.rooms, players_of(request).store)
        context = {
            "question": None,
            "operator": operator.account,
            "seen": seen,
            "when": _when,
            "forbidden": None,
            **more,
        }
        return player_page(self.pages, request, "moderation.html", "mod.title", context, status)

    def forbidden(self, request: Request) -> Response:
        lang = request_language(request)
        context = {"forbidden": page_text("mod.forbidden", lang)}
        return player_page(self.pages, request, "moderation.html", "mod.title", context, status=403)

    # --- the actions ---------------------------------------------------------------------

    async def room_command(self, request: Request, form: ModerationForm, command: Any) -> str:
        """`command` of the system to the room the form names; the room's id."""
        lang = request_language(request)
        room_id = room_of(form.room)
        if len(room_id) != ROOM_ID_LENGTH or not await self.rooms.exists(room_id):
            raise Refused("mod.error.refused", 404, why=refusal_text("no_room", lang))
        answer = await self.rooms.host.submit(room_id, None, command)
        if isinstance(answer, Refusal):
            why = refusal_text(answer.code, lang, answer.fields)
            raise Refused("mod.error.refused", 409, why=why)
        return room_id

    async def remove_message(self, request: Request, form: ModerationForm) -> Done:
        said = _number(form.said)
        room = await self.room_command(request, form, RemoveMessage(said))
        return Done(f"{room} #{said}", room)

    async def remove_player(self, request: Request, form: ModerationForm) -> Done:
        seat = form.seat
        if not seat or len(seat) > MAX_SEAT:
            raise Refused("mod.error.bad_action", 400)
        room = await self.room_command(request, form, RemovePlayer(seat))
        return Done(f"{room} {seat}", room)

    async def close_room(self, request: Request, form: ModerationForm) -> Done:
        room = await self.room_command(request, form, CloseRoom())
        return Done(room, room)

    async def ban(self, request: Request, form: ModerationForm) -> Done:
        players = players_of(request)
        typed = form.target.strip()
        found = await banning.resolve(players.store, typed)
        if found is None:
            raise Refused("mod.error.nobody", 404, target=typed[: banning.MAX_TARGET])
        for player, label in found.players:  # an operator is named one no more first
            if await players.store.is_operator(player):
                raise Refused("mod.error.operator", 409, name=label)
        target = await banning.ban(players.store, typed, time.time())
        if target is None:
            raise Refused("mod.error.nobody", 404, target=typed[: banning.MAX_TARGET])
        await players.bans.changed_here(players.store)
        labels = [label for _, label in target.players] + [target.address or ""]
        return Done(" ".join(label for label in labels if label) or typed)

    async def unban(self, request: Request, form: ModerationForm) -> Done:
        players = players_of(request)
        typed = form.target.strip()
        lifted = await banning.unban(players.store, typed[: banning.MAX_TARGET])
        if not lifted:
            raise Refused("mod.error.not_banned", 404, target=typed[: banning.MAX_TARGET])
        await players.bans.changed_here(players.store)
        return Done(" ".join(one.label for one in lifted))

    async def close_reports(self, request: Request, form: ModerationForm) -> Done:
        store = players_of(request).store
        player = form.player or None
        key = form.key
        if player is None and not key:
            raise Refused("mod.error.bad_action", 400)
        if not await store.close_reports(player, key, time.time()):
            raise Refused("mod.error.no_reports", 404)
        return Done(player or key)


def _number(text: str) -> int:
    """An event number a form names (Refused unless a positive safe integer)."""
    if not text.isascii() or not text.isdigit() or len(text) > 16:
        raise Refused("mod.error.bad_action", 400)
    number = int(text)
    if not 0 < number < MAX_SEQ:
        raise Refused("mod.error.bad_action", 400)
    return number


def _question(request: Request, form: ModerationForm) -> dict[str, Any]:
    """What the page asks before an ASKED action: its words, and the fields to post again."""
    lang = request_language(request)
    named = form.label or form.target or form.seat or form.room
    fields = {
        key: value
        for key, value in msgspec.structs.asdict(form).items()
        if value and key not in ("csrf", "confirm")
    }
    return {
        "text": page_text(f"mod.ask.{form.action}", lang, name=named[:80], room=form.room[:16]),
        "yes": page_text(f"mod.yes.{form.action}", lang),
        "fields": fields,
    }


def _when(at: float) -> str:
    """A time as the page writes it (UTC, said so)."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


#: The actions asked once more before they are done (they cannot be taken back, or
#: keep somebody out): the page shows the question, « Oui » posts the form again.
ASKED = ("ban", "player.remove", "room.close")
#: Each action a form may ask for, by its `action` field (its log and « fait » code).
ACTIONS: dict[str, Handler] = {
    "chat.remove": ModerationPage.remove_message,
    "player.remove": ModerationPage.remove_player,
    "room.close": ModerationPage.close_room,
    "ban": ModerationPage.ban,
    "unban": ModerationPage.unban,
    "reports.close": ModerationPage.close_reports,
}
