"""Browsers where an account signed in before: their own sign-in budget (F10).

A third cookie, `motamot_known`, HttpOnly and SameSite=Lax, kept a little over a year:
this browser's random id and the accounts (lasting players' ids) that signed in or were
created on it, at most `MAX_ACCOUNTS`, signed with the server's key (`itsdangerous`) so
that nobody writes one naming an account they never signed in to. It survives signing
out. A browser whose identity cookie is still the account's own (the account was made
here and never signed out) is known too.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from itsdangerous import BadData, URLSafeTimedSerializer
from starlette.requests import HTTPConnection
from starlette.responses import Response

from motamot.server.players.visitors import digest, identity_secret, players_of

KNOWN_COOKIE = "motamot_known"
KNOWN_SECONDS = 400 * 86400
#: Accounts one browser remembers (the last ones that signed in on it).
MAX_ACCOUNTS = 8
#: Longest cookie read.
MAX_COOKIE = 1200


@dataclass(frozen=True)
class KnownBrowser:
    """This browser's id and the accounts that signed in on it, the latest first."""

    browser: str
    accounts: tuple[str, ...]


def _signer(request: HTTPConnection) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(players_of(request).signer.secret_key, "known-browser")


def read_known(request: HTTPConnection) -> KnownBrowser | None:
    """What this browser's cookie says, if it is one of ours."""
    value = request.cookies.get(KNOWN_COOKIE, "")
    if not value or len(value) > MAX_COOKIE:
        return None
    try:
        found = _signer(request).loads(value, max_age=KNOWN_SECONDS)
    except (BadData, ValueError, TypeError, UnicodeError):
        return None
    if not (isinstance(found, list) and len(found) == 2):
        return None
    browser, accounts = found
    if not isinstance(browser, str) or not isinstance(accounts, list):
        return None
    if not all(isinstance(account, str) for account in accounts):
        return None
    return KnownBrowser(browser, tuple(accounts[:MAX_ACCOUNTS]))


async def known_for(request: HTTPConnection, player: str) -> str | None:
    """This browser's id in the account `player`'s eyes, if the account signed in on it
    before (the cookie), or this browser's identity is still the account's; else None."""
    known = read_known(request)
    if known is not None and player in known.accounts:
        return known.browser
    secret = identity_secret(request)
    if secret is None:
        return None
    if await players_of(request).store.identity_player(digest(secret)) != player:
        return None
    return "identity:" + digest(secret)[:32]


def remember_account(request: HTTPConnection, response: Response, player: str) -> None:
    """The account `player` signed in (or was created) on this browser: its cookie says so."""
    known = read_known(request)
    browser = known.browser if known is not None else secrets.token_urlsafe(16)
    before = [one for one in (known.accounts if known is not None else ()) if one != player]
    accounts = [player, *before][:MAX_ACCOUNTS]
    response.set_cookie(
        KNOWN_COOKIE,
        _signer(request).dumps([browser, accounts]),
        max_age=KNOWN_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme in ("https", "wss"),
    )
