"""The player pages' routes: accounts, mail, « Mes parties », profiles, leaderboards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.routing import BaseRoute

from motamot.server.pages import Pages
from motamot.server.players.accounts import AccountPages
from motamot.server.players.mail import MailPages
from motamot.server.players.profiles import ProfilePages

PLAYER_STATIC = Path(__file__).parent / "static"


def player_routes(pages: Pages, rooms: Any) -> list[BaseRoute]:
    """Every player page's route (`rooms`: the server's, to rename a deleted account's
    seats)."""
    accounts = AccountPages(pages, rooms)
    return [
        *accounts.routes(),
        *MailPages(accounts).routes(),
        *ProfilePages(pages, rooms.kinds, rooms).routes(),
    ]
