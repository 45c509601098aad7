"""« À vous de jouer »: the games that wait for this browser's player (or account), as
the home page and « Mes parties » list them, from the lobby's projection."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from motamot.server.players.visitors import players_of
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
    #: When their turn began (a date, UTC).
    since: str


def game_name(kind: str, variant: str, lang: Language) -> str:
    """« Topword (français) », « Boggle · 4×4 français (classique) »: the kind, then its
    rules as the create forms name them unless they name the kind already."""
    named = page_text(f"kind.{kind}", lang)
    rules = variant
    for key in (f"preset.{variant}", f"ruleset.{variant}"):
        if page_text(key, lang) != key:
            rules = page_text(key, lang)
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
    for waiting in await lobby.store.awaited(visitor.player):
        entry = waiting.entry
        listing = entry.listing
        game = game_name(listing.kind, listing.variant, lang)
        others = [seat.name for seat in listing.seats if seat.player != visitor.player]
        since = time.strftime("%Y-%m-%d", time.gmtime(waiting.since))
        shown.append(AwaitedGame(entry.room, entry.link, game, others, since))
    return shown
