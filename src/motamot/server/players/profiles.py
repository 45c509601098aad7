"""The player pages that read: a profile (`/joueur/NAME`), « Mes parties »
(`/mes-parties`) and the leaderboards (`/classements`). Plain HTML, no script."""

from __future__ import annotations

import datetime
import time
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.lexicon.accents import written_forms
from motamot.server.kinds import WebKinds
from motamot.server.lobby.awaited import awaited_games
from motamot.server.pages import Pages
from motamot.server.players.chart import Chart, rating_chart
from motamot.server.players.pages import player_page
from motamot.server.players.visitors import players_of
from motamot.server.texts import request_language
from motamot.service.players import queries
from motamot.service.players.names import name_key
from motamot.service.players.ratings import NEW, PROVISIONAL_GAMES, SCALE, Rating
from motamot.text.accounts import place_text, player_text
from motamot.text.dates import date_text, short_date_text
from motamot.text.i18n import Language, elides

#: Activity leaderboards: the query's word → seconds back (None: ever).
PERIODS = {"semaine": ("week", 7 * 86400), "mois": ("month", 30 * 86400), "toujours": ("all", None)}
#: Longest name a profile's address is looked up for.
MAX_LOOKUP = 64


def profile_path(name: str) -> str:
    return "/joueur/" + quote(name, safe="")


def shown(rating: Rating) -> str:
    """A rating as pages show it: 1532, or 1532? while provisional."""
    return f"{rating.shown}?" if rating.provisional else str(rating.shown)


def day(at: float, lang: Language = "fr", short: bool = False) -> str:
    """The UTC day of `at` as a page says it (« 14 nov. 2023 » when `short`)."""
    if not short:
        return date_text(at, lang)
    return short_date_text(datetime.datetime.fromtimestamp(at, datetime.UTC).date(), lang)


def title_key(name: str) -> str:
    """The profile's title: « Profil de Béa », « Profil d'Anne » (French elides)."""
    return "profile_title_elided" if elides(name) else "profile_title"


def number(value: int) -> str:
    """A score as the pages write it: a negative one with the minus sign (−5, not -5)."""
    return str(value).replace("-", "\u2212")


def written(word: str, variant: str) -> str:
    """A word as the rooms write it (DÉGOISÉE for DEGOISEE; its forms by « / » when it
    has several), in the language of the variant's words (an English preset's: `-en`)."""
    forms = written_forms(word, "en" if variant.endswith("-en") else "fr")
    return " / ".join(forms) if forms else word


def chart_of(line: queries.RatingLine, lang: Language) -> Chart:
    """A rating's history drawn: from the rating before any game, through each game's."""
    games = [(day(at, lang, short=True), round(SCALE * mu)) for at, mu in line.history]
    return rating_chart(
        NEW.shown, games, lambda when, value: player_text("rating_dot", lang, day=when, value=value)
    )


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
            "day": lambda at: day(at, lang),
            "written": written,
            "number": number,
            "place": lambda rank, count: place_text(rank, count, lang),
            "profile_path": profile_path,
            "variant": lambda k, v: self.kinds.variant_text(k, v, lang),
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
            title = title_key(cut)
            missing = {
                "name": cut,
                "title_fields": {"name": cut},
                "missing": True,
                "title_key": title,
            }
            return self.render(request, "profile.html", title, missing, 404)
        viewer = await players.signed_in(request)
        own = viewer is not None and viewer.player == account.player
        context: dict[str, Any] = {
            "name": account.name,
            "title_fields": {"name": account.name},
            "title_key": title_key(account.name),
            "missing": False,
            "private": account.private,
            "own": own,
        }
        if account.private and not own:
            return self.render(request, "profile.html", context["title_key"], context)
        found = await players.store.profile(account.player)
        lang = request_language(request)
        charts = {line.family: chart_of(line, lang) for line in found.ratings}
        now = self.rooms.now() if self.rooms is not None else time.time()
        context.update(
            kind_lines=[line for kind in self.kinds for line in kind.profile(lang, found, now)],
            # Boggle's figures are per round, Topword's per move: a table each
            round_figures=[row for row in found.figures if row.rounds],
            move_figures=[row for row in found.figures if not row.rounds],
            ratings=found.ratings,
            charts=charts,
            games=found.last_games,
            accounts=await self.accounts_of(request, found.last_games),
            player=account.player,
        )
        return self.render(request, "profile.html", context["title_key"], context)

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
