"""Who a request comes from: the browser's lasting identity, and the account signed in.

Two cookies, both HttpOnly and SameSite=Lax (a cross-site form post carries neither):

- `motamot_id`, the browser's identity: a long random secret set on the first page, kept
  for years; only its sha256 is stored (`service.players.accounts`). Every seat taken
  from this browser is linked to the player it names.
- `motamot_session`, an account signed in: another random secret, signed with the
  server's key (`itsdangerous`, with its time, refused after `SESSION_SECONDS`), whose
  sha256 names the session in the store (also refused once expired there, or signed out).

A browser whose identity is an account's but that has no session (signed out, expired)
is given a fresh identity: an account's games are only linked while signed in.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import HTTPConnection
from starlette.responses import Response

from motamot.server.players.bans import Bans
from motamot.service.mail.mailer import Mailer
from motamot.service.players.projector import Projector
from motamot.service.players.store import PlayerStore
from motamot.service.ports import Clock

IDENTITY_COOKIE = "motamot_id"
SESSION_COOKIE = "motamot_session"
#: An identity kept ten years (the browser's own limit may be shorter).
IDENTITY_SECONDS = 10 * 365 * 86400
SESSION_SECONDS = 30 * 86400
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def new_secret() -> str:
    """32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def identity_secret(request: HTTPConnection) -> str | None:
    """The browser's identity secret, if its cookie holds one of the right form."""
    value = request.cookies.get(IDENTITY_COOKIE, "")
    return value if _SECRET.fullmatch(value) else None


def _secure(request: HTTPConnection) -> bool:
    return request.url.scheme in ("https", "wss")


def set_identity(request: HTTPConnection, response: Response, secret: str) -> None:
    response.set_cookie(
        IDENTITY_COOKIE,
        secret,
        max_age=IDENTITY_SECONDS,
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )


def page_identity(request: HTTPConnection) -> str:
    """The identity secret this request's page is for: the browser's, or the one its
    answer gives it (made once per request: a form's token is bound to it)."""
    secret = identity_secret(request) or getattr(request.state, "new_identity", None)
    if secret is None:
        secret = request.state.new_identity = new_secret()
    return str(secret)


def ensure_identity(request: HTTPConnection, response: Response) -> None:
    """A page's answer to a browser without an identity gives it one (nothing is stored
    until it is used: the first seat, an account)."""
    if identity_secret(request) is None:
        set_identity(request, response, page_identity(request))


@dataclass(frozen=True)
class Visitor:
    """The player a request acts for."""

    player: str
    #: The account's name, when signed in.
    account: str | None = None
    #: The session's digest, when signed in.
    session: str | None = None
    #: A new identity secret for the browser's cookie (its first seat or account).
    new_identity: str | None = None
    #: What a seat it takes is marked by in a rated room (`seats.who_sits`): its client
    #: address, its browser's identity and the browser its accounts signed in on, as
    #: `address …`, `browser …` and `known …` (R6).
    kin: tuple[str, ...] = ()

    def keep(self, request: HTTPConnection, response: Response) -> Response:
        """Give the browser its new identity, if it got one."""
        if self.new_identity is not None:
            set_identity(request, response, self.new_identity)
        return response


class Players:
    """The server's side of the lasting players: identities, sessions, the store."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._store: PlayerStore | None = None
        self._signer: URLSafeTimedSerializer | None = None
        #: What keeps the store's projections up (the operator's tools and tests wait on it).
        self.projector: Projector | None = None
        #: Mail, when the operator gave an SMTP server (`--smtp`); None: not offered.
        self.mailer: Mailer | None = None
        #: The operator's bans, as this process enforces them.
        self.bans = Bans()

    async def start(self, store: PlayerStore, projector: Projector | None = None) -> None:
        self._store = store
        self.projector = projector
        self._signer = URLSafeTimedSerializer(await store.server_key("sessions"), "session")

    @property
    def store(self) -> PlayerStore:
        if self._store is None:
            raise RuntimeError("the players' store is not open")
        return self._store

    @property
    def signer(self) -> URLSafeTimedSerializer:
        if self._signer is None:
            raise RuntimeError("the players' store is not open")
        return self._signer

    def now(self) -> float:
        return self.clock.now()

    async def session(self, request: HTTPConnection) -> tuple[str, str] | None:
        """(player, session digest) of the account signed in, if any."""
        value = request.cookies.get(SESSION_COOKIE)
        if not value or len(value) > 200:
            return None
        try:
            secret = self.signer.loads(value, max_age=SESSION_SECONDS)
        except BadSignature:
            return None
        if not isinstance(secret, str) or not _SECRET.fullmatch(secret):
            return None
        found = await self.store.session_player(digest(secret), self.now())
        return None if found is None else (found, digest(secret))

    async def visitor(self, request: HTTPConnection) -> Visitor:
        """The account signed in, else the browser's identity (a new one if it has none)."""
        signed_in = await self.session(request)
        if signed_in is not None:
            player, session = signed_in
            account = await self.store.account_of(player)
            if account is not None:
                return Visitor(player, account.name, session)
        secret = identity_secret(request)
        if secret is not None:
            player = await self.store.player_of_identity(digest(secret), self.now())
            known = await self.store.player(player)
            if known is not None and known.account is None and not known.deleted:
                return Visitor(player)
        secret = new_secret()
        player = await self.store.player_of_identity(digest(secret), self.now())
        return Visitor(player, new_identity=secret)

    async def behind(self, request: HTTPConnection) -> frozenset[str]:
        """The lasting players a request comes from, as far as they are known (none is
        made): the account signed in and the browser's identity (a ban names either)."""
        found: set[str] = set()
        signed_in = await self.session(request)
        if signed_in is not None:
            found.add(signed_in[0])
        secret = identity_secret(request)
        if secret is not None:
            player = await self.store.identity_player(digest(secret))
            if player is not None:
                found.add(player)
        return frozenset(found)

    async def browser_player(self, request: HTTPConnection) -> str | None:
        """The player the browser's own identity is, if it is known (none is made): an
        account's when it was made in this browser, else the one it plays as signed out."""
        secret = identity_secret(request)
        return None if secret is None else await self.store.identity_player(digest(secret))

    async def signed_in(self, request: HTTPConnection) -> Visitor | None:
        """The account signed in (None: nobody), without making an identity."""
        found = await self.session(request)
        if found is None:
            return None
        account = await self.store.account_of(found[0])
        return None if account is None else Visitor(found[0], account.name, found[1])

    async def known(self, request: HTTPConnection) -> Visitor | None:
        """The account signed in, else the browser's identity if it is known: nobody is
        made (a page that only reads)."""
        signed_in = await self.signed_in(request)
        if signed_in is not None:
            return signed_in
        secret = identity_secret(request)
        if secret is None:
            return None
        player = await self.store.identity_player(digest(secret))
        if player is None:
            return None
        known = await self.store.player(player)
        return Visitor(player) if known is not None and known.account is None else None

    def start_session_cookie(
        self, request: HTTPConnection, response: Response, secret: str
    ) -> None:
        response.set_cookie(
            SESSION_COOKIE,
            self.signer.dumps(secret),
            max_age=SESSION_SECONDS,
            httponly=True,
            samesite="lax",
            secure=_secure(request),
        )

    def end_session_cookie(self, request: HTTPConnection, response: Response) -> None:
        response.delete_cookie(
            SESSION_COOKIE, httponly=True, samesite="lax", secure=_secure(request)
        )


def players_of(request: HTTPConnection) -> Players:
    """The app's players (`create_app` keeps them in `app.state.players`)."""
    players: Players = request.app.state.players
    return players
