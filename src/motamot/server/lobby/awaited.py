"""« À vous de jouer »: the games that wait for this browser's player (or account), as
the home page and « Mes parties » list them, from the lobby's projection."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from motamot.server.kinds import WebKinds
from motamot.server.players.visitors import players_of
from motamot.text.dates import day_text
from motamot.text.i18n import Language
from motamot.text.web import page_text


@dataclass(frozen=True)
class AwaitedGame:
    """A game waiting for the player's move, as a page shows it."""

    room: str
    #: The players' link's room part.
    link: str
    game: str
    #: The other players' names.
    others: list[str]
    #: When their turn began: its day (UTC), as a sentence says it (« 6 décembre »).
    since: str


def game_name(kinds: WebKinds, kind: str, variant: str, lang: Language) -> str:
    """« Topword (français) », « Boggle · 4×4 français (classique) »: the kind, then its
    rules as its create form names them unless they name the kind already."""
    named = page_text(f"kind.{kind}", lang)
    rules = kinds.variant_text(kind, variant, lang)
    return rules if rules.startswith(named) else f"{named} · {rules}"


async def awaited_games(request: Request, rooms: Any, lang: Language) -> list[AwaitedGame]:
    """The games waiting for the move of the player this request comes from (nobody
    known: none; no lobby running: none)."""
    lobby = rooms.lobby
    if lobby is None:
        return []
    visitor = await players_of(request).known(request)
    if visitor is None:
        return []
    shown = []
    today = datetime.datetime.fromtimestamp(rooms.now(), datetime.UTC).date()
    for waiting in await lobby.store.awaited(visitor.player):
        entry = waiting.entry
        listing = entry.listing
        game = game_name(rooms.kinds, listing.kind, listing.variant, lang)
        others = [seat.name for seat in listing.seats if seat.player != visitor.player]
        day = datetime.datetime.fromtimestamp(waiting.since, datetime.UTC).date()
        since = day_text(day, lang, this_year=today.year)
        shown.append(AwaitedGame(entry.room, entry.link, game, others, since))
    return shown
