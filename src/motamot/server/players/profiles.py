"""The player pages that read: a profile (`/joueur/NAME`), « Mes parties »
(`/mes-parties`) and the leaderboards (`/classements`). Plain HTML, no script."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.server.kinds import WebKinds
from motamot.server.lobby.awaited import awaited_games
from motamot.server.pages import Pages
from motamot.server.players.chart import rating_chart
from motamot.server.players.pages import player_page
from motamot.server.players.visitors import players_of
from motamot.server.texts import request_language
from motamot.service.players import queries
from motamot.service.players.names import name_key
from motamot.service.players.ratings import NEW, PROVISIONAL_GAMES, SCALE, Rating
from motamot.text.accounts import player_text
from motamot.text.i18n import Language
from motamot.text.web import page_text

#: Activity leaderboards: the query's word → seconds back (None: ever).
PERIODS = {"semaine": ("week", 7 * 86400), "mois": ("month", 30 * 86400), "toujours": ("all", None)}
#: Longest name a profile's address is looked up for.
MAX_LOOKUP = 64


def profile_path(name: str) -> str:
    return "/joueur/" + quote(name, safe="")


def shown(rating: Rating) -> str:
    """A rating as pages show it: 1532, or 1532? while provisional."""
    return f"{rating.shown}?" if rating.provisional else str(rating.shown)


def variant_text(variant: str, lang: Language) -> str:
    """A game's preset or ruleset as the create forms name it."""
    for key in (f"preset.{variant}", f"ruleset.{variant}"):
        text = page_text(key, lang)
        if text != key:
            return text
    return variant


def day(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(at))


class ProfilePages:
    """The reading player pages of one app."""

    def __init__(self, pages: Pages, kinds: WebKinds, rooms: Any = None) -> None:
        self.pages = pages
        self.kinds = kinds
        #: The server's rooms (their lobby says which games wait for a move).
        self.rooms = rooms

    def routes(self) -> list[Route]:
        return [
            Route("/joueur/{name}", self.profile),
            Route("/mes-parties", self.my_games),
            Route("/classements", self.leaderboards),
        ]

    # --- what the templates are given ------------------------------------------------

    def helpers(self, lang: Language) -> dict[str, Any]:
        return {
            "shown": shown,
            "day": day,
            "profile_path": profile_path,
            "variant": lambda v: variant_text(v, lang),
            "kind": lambda k: player_text(f"kind.{k}", lang),
            "family": lambda f: player_text(f"family.{f}", lang),
            "links": self.links,
            "provisional_games": PROVISIONAL_GAMES,
        }

    def links(self, game: queries.PastGame) -> list[tuple[str, str]]:
        """A finished game's pages: its results (the watch page), then its kind's own."""
        kind = self.kinds.get(game.kind)
        modes = ("watch", *(kind.page_modes if kind is not None else ()))
        return [(f"link.{mode}", f"/r/{game.room}/{mode}") for mode in modes]

    def render(
        self,
        request: Request,
        template: str,
        title: str,
        context: dict[str, Any],
        status: int = 200,
    ) -> Response:
        lang = request_language(request)
        full = {**self.helpers(lang), **context}
        return player_page(self.pages, request, template, title, full, status)

    # --- the pages -------------------------------------------------------------------

    async def profile(self, request: Request) -> Response:
        players = players_of(request)
        wanted = request.path_params["name"]
        key = name_key(wanted) if len(wanted) <= MAX_LOOKUP else ""
        account = await players.store.account_by_key(key) if key else None
        if account is None:
            cut = wanted[:MAX_LOOKUP]
            missing = {"name": cut, "title_fields": {"name": cut}, "missing": True}
            return self.render(request, "profile.html", "profile_title", missing, 404)
        viewer = await players.signed_in(request)
        own = viewer is not None and viewer.player == account.player
        context: dict[str, Any] = {
            "name": account.name,
            "title_fields": {"name": account.name},
            "missing": False,
            "private": account.private,
            "own": own,
        }
        if account.private and not own:
            return self.render(request, "profile.html", "profile_title", context)
        found = await players.store.profile(account.player)
        charts = {
            line.family: rating_chart([NEW.shown, *(round(SCALE * mu) for _, mu in line.history)])
            for line in found.ratings
        }
        now = self.rooms.now() if self.rooms is not None else time.time()
        lang = request_language(request)
        context.update(
            kind_lines=[line for kind in self.kinds for line in kind.profile(lang, found, now)],
            figures=found.figures,
            ratings=found.ratings,
            charts=charts,
            games=found.last_games,
            accounts=await self.accounts_of(request, found.last_games),
            player=account.player,
        )
        return self.render(request, "profile.html", "profile_title", context)

    async def accounts_of(
        self, request: Request, games: list[queries.PastGame]
    ) -> dict[str, queries.Named]:
        """The accounts among the games' places (their names link to their profiles)."""
        players = [place.player for game in games for place in game.places if place.player]
        store = players_of(request).store
        return await store.read(lambda tx: queries.named(tx, players))

    async def my_games(self, request: Request) -> Response:
        lang = request_language(request)
        players = players_of(request)
        visitor = await players.known(request)
        rooms = (
            []
            if visitor is None
            else await players.store.read(lambda tx: queries.my_rooms(tx, visitor.player))
        )
        games = [game for room in rooms for game in room.games]
        awaiting = [] if self.rooms is None else await awaited_games(request, self.rooms, lang)
        context = {
            "awaiting": awaiting,
            "awaited": {game.room for game in awaiting},
            "rooms": rooms,
            "accounts": await self.accounts_of(request, games),
            "player": visitor.player if visitor is not None else None,
            "signed_in": visitor is not None and visitor.account is not None,
        }
        return self.render(request, "my_games.html", "my_games_title", context)

    async def leaderboards(self, request: Request) -> Response:
        players = players_of(request)
        chosen = request.query_params.get("activite", "semaine")
        period, back = PERIODS.get(chosen, PERIODS["semaine"])
        since = None if back is None else players.now() - back

        def work(tx: Any) -> dict[str, Any]:
            boards = {family: queries.top_rated(tx, family) for family in queries.families(tx)}
            return {
                "boards": dict(sorted(boards.items())),
                "active": queries.most_active(tx, since),
            }

        context = await players.store.read(work)
        context.update(period=period, periods=PERIODS)
        return self.render(request, "leaderboards.html", "leaderboards_title", context)
