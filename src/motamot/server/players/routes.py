"""The player pages' routes: accounts, mail, « Mes parties », profiles, leaderboards, the
operators' page, the word lists' changes and the players' contests of verdicts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.routing import BaseRoute

from motamot.server.contests import Contesting
from motamot.server.pages import Pages
from motamot.server.players.accounts import AccountPages
from motamot.server.players.mail import MailPages
from motamot.server.players.moderation_page import ModerationPage
from motamot.server.players.profiles import ProfilePages
from motamot.server.players.words_page import WordPages

PLAYER_STATIC = Path(__file__).parent / "static"


def player_routes(pages: Pages, rooms: Any) -> list[BaseRoute]:
    """Every player page's route (`rooms`: the server's, to rename a deleted account's
    seats)."""
    accounts = AccountPages(pages, rooms)
    return [
        *accounts.routes(),
        *MailPages(accounts).routes(),
        *ProfilePages(pages, rooms.kinds, rooms).routes(),
        *ModerationPage(pages, rooms).routes(),
        *WordPages(pages, rooms).routes(),
        *Contesting(rooms).routes(),
    ]
