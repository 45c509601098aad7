"""« Contester »: a player asks that a word join this server's list, or leave it (W5).

`POST /api/rooms/{room}/contest` `{"word": "kip", "reason": "dans l'ODS", "remove":
false}`: a person seated in the room proposes a change of the room's word list (its
name is the room's, never the client's: a word of another list is judged against this
one). The word is folded (W2), 2 to `MAX_LETTERS` letters; an addition must be refused
by the list new games get, a removal accepted by it. One proposal per player, word and
way; at most `PER_PLAYER` an hour per lasting player, `PER_ADDRESS` per client address
(one person's several accounts or browsers), `SERVER_PER_HOUR` over the whole server (a
script on many addresses): past any, a 429 with Retry-After. The operator answers them
(`server.words_page`, `motamot admin words`).
"""

from __future__ import annotations

import hashlib
from typing import Annotated

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.lexicon import try_fold
from motamot.lexicon.changes import split_version
from motamot.server.http import decode_body, refused
from motamot.server.links import room_of
from motamot.server.players.visitors import players_of
from motamot.server.quotas import CLIENT, OverQuota
from motamot.server.rooms import Rooms
from motamot.server.texts import request_language
from motamot.service.players.words import Proposal
from motamot.service.rooms.host import Room
from motamot.service.rooms.outcomes import Refusal

#: The longest word a proposal may name (the longest French word has 25 letters).
MAX_LETTERS = 30
#: The longest reason kept.
MAX_REASON = 300
#: Proposals an hour: of one lasting player, from one address, over the server.
PER_PLAYER, PER_ADDRESS, SERVER_PER_HOUR = 10, 20, 300
PER = 3600.0


class ContestRequest(msgspec.Struct, forbid_unknown_fields=True):
    word: Annotated[str, msgspec.Meta(min_length=1, max_length=4 * MAX_LETTERS)]
    reason: Annotated[str, msgspec.Meta(max_length=MAX_REASON)] = ""
    remove: bool = False


def origin_of_client() -> str:
    """The client's address, hashed (kept with a proposal for the limit per address)."""
    address = CLIENT.get() or ""
    return hashlib.sha256(address.encode()).hexdigest()[:32]


def clean_reason(text: str) -> str:
    """A reason on one line, without control characters."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


class Contesting:
    """The contest route of one app."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms

    def routes(self) -> list[Route]:
        return [Route("/api/rooms/{room}/contest", self.contest, methods=["POST"])]

    async def contest(self, request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        if not await self.rooms.exists(room_id):
            return refused(Refusal("no_room"), lang, 404)
        form = await decode_body(request, ContestRequest)
        if isinstance(form, Response):
            return form
        word = try_fold(form.word)
        if word is None or not 2 <= len(word) <= MAX_LETTERS:
            return refused(Refusal("bad_contest_word", {"limit": MAX_LETTERS}), lang, 400)
        players = players_of(request)
        visitor = await players.visitor(request)
        players.bans.check([visitor.player, *await players.behind(request)])
        found = await self.rooms.read(room_id, lambda room: _contested(room, visitor.player))
        if found is None:
            return visitor.keep(request, refused(Refusal("not_seated"), lang, 403))
        if not found:
            return visitor.keep(request, refused(Refusal("no_words"), lang, 409))
        dictionary = split_version(found)[0]
        shelf = self.rooms.shelf
        if (word in shelf(shelf.current(dictionary))) != form.remove:
            code = "not_in_list" if form.remove else "already_valid"
            return visitor.keep(request, refused(Refusal(code, {"word": word}), lang, 409))
        origin = origin_of_client()
        await _charge(request, visitor.player, origin)
        proposal = Proposal(
            dictionary, word, not form.remove, visitor.player, origin, room_of(room_id),
            clean_reason(form.reason), players.now(),
        )  # fmt: skip
        fresh = await players.store.propose_word(proposal)
        body = {"proposed": True, "new": fresh, "word": word, "dictionary": dictionary}
        return visitor.keep(request, JSONResponse(body))


async def _charge(request: Request, player: str, origin: str) -> None:
    """OverQuota (429) past any limit of an hour: the player's, the address's, the
    server's (counted in the store: over every process)."""
    players = players_of(request)
    mine, address, everybody = await players.store.proposals_since(
        player, origin, players.now() - PER
    )
    for count, limit in ((mine, PER_PLAYER), (address, PER_ADDRESS), (everybody, SERVER_PER_HOUR)):
        if count >= limit:
            raise OverQuota("too_many_contests", int(PER / limit))


def _contested(room: Room, player: str) -> str | None:
    """The room's word list when `player` sits in it ("" for a game without words),
    None when they do not."""
    if not any(seat.player == player and not seat.is_bot for seat in room.seats.values()):
        return None
    return room.settings.dictionary_name or ""
