"""Account pages: create one from this browser's player, sign in, sign out, change the
password, make the profile private, delete the account.

Every post is a plain HTML form (`forms`: read whole, token checked); sign-in and
creation are rate limited per address and per name (`throttle`). A refusal shows the
form again with the reason (4xx); a success redirects (303). Nothing here answers 500.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.server.pages import Pages
from motamot.server.players.forms import FormError, check_csrf, read_form
from motamot.server.players.mail_context import mail_context
from motamot.server.players.pages import error_text, player_page, see_other
from motamot.server.players.throttle import SignInLimits
from motamot.server.players.visitors import (
    SESSION_SECONDS,
    Visitor,
    digest,
    identity_secret,
    new_secret,
    players_of,
    set_identity,
)
from motamot.server.texts import request_language
from motamot.service.players import passwords
from motamot.service.players.names import (
    MAX_LENGTH,
    MIN_LENGTH,
    AccountNameError,
    check_account_name,
    name_key,
)
from motamot.service.rooms.commands import Anonymise
from motamot.text.web import page_text

Handler = Callable[[Request], Awaitable[Response]]
Fields = dict[str, str]

#: The fields of a password's refusals.
RULES_FIELDS: dict[str, object] = {"low": passwords.MIN_LENGTH, "high": passwords.MAX_LENGTH}
#: The `?fait=` an account page says was done.
DONE = ("password", "privacy", "mail_sent", "mail_kept", "mail_removed")
#: What every account form shows of the rules.
RULES = {
    "name_low": MIN_LENGTH,
    "name_high": MAX_LENGTH,
    "password_low": passwords.MIN_LENGTH,
    "password_high": passwords.MAX_LENGTH,
}


def profile_path(name: str) -> str:
    return "/joueur/" + quote(name, safe="")


def address_of(request: Request) -> str:
    return request.client.host if request.client is not None else ""


class AccountPages:
    """The account routes of one app."""

    def __init__(self, pages: Pages, rooms: Any) -> None:
        self.pages = pages
        self.rooms = rooms
        self.limits = SignInLimits()

    def routes(self) -> list[Route]:
        return [
            Route("/compte", self.account),
            Route("/compte/creer", self.sign_up, methods=["GET", "POST"]),
            Route("/compte/connexion", self.sign_in, methods=["GET", "POST"]),
            Route("/compte/deconnexion", self.posted(self.sign_out), methods=["POST"]),
            Route("/compte/mot-de-passe", self.posted(self.password), methods=["POST"]),
            Route("/compte/confidentialite", self.posted(self.privacy), methods=["POST"]),
            Route("/compte/supprimer", self.posted(self.delete), methods=["POST"]),
        ]

    # --- the forms ----------------------------------------------------------------------

    def form(
        self, request: Request, template: str, title: str, status: int = 200, **context: Any
    ) -> Response:
        return player_page(
            self.pages, request, template, title, {**RULES, "name": "", **context}, status
        )

    def refused(
        self, request: Request, template: str, title: str, code: str, status: int, **fields: Any
    ) -> Response:
        lang = request_language(request)
        error = error_text(lang, code, fields)
        return self.form(request, template, title, status, error=error, name=fields.get("name", ""))

    def slow_down(self, response: Response, address: str, key: str, now: float) -> Response:
        """A 429 says when to come back (`Retry-After`), as the other quotas do."""
        response.headers["retry-after"] = str(self.limits.retry_after(address, key, now))
        return response

    async def read(self, request: Request) -> dict[str, str]:
        fields = await read_form(request)
        check_csrf(players_of(request).signer, request, fields)
        return fields

    def posted(
        self, handler: Callable[[Request, Visitor, dict[str, str]], Awaitable[Response]]
    ) -> Handler:
        """A form of a signed-in account: read, token checked, the account found."""

        async def route(request: Request) -> Response:
            try:
                fields = await self.read(request)
            except FormError as error:
                return self.form_error(request, error)
            visitor = await players_of(request).signed_in(request)
            if visitor is None:
                return self.refused(request, "sign_in.html", "sign_in_title", "signed_out", 401)
            return await handler(request, visitor, fields)

        return route

    def form_error(self, request: Request, error: FormError) -> Response:
        return self.refused(request, "sign_in.html", "sign_in_title", error.code, error.status)

    # --- creating an account, signing in and out -----------------------------------------

    async def sign_up(self, request: Request) -> Response:
        players = players_of(request)
        if request.method == "GET":
            if await players.signed_in(request) is not None:
                return see_other("/compte")
            return self.form(request, "sign_up.html", "sign_up_title")
        try:
            fields = await self.read(request)
        except FormError as error:
            return self.refused(request, "sign_up.html", "sign_up_title", error.code, error.status)
        name, password = fields.get("name", "").strip(), fields.get("password", "")

        def refuse(code: str, status: int = 400, **more: Any) -> Response:
            return self.refused(request, "sign_up.html", "sign_up_title", code, status, **more)

        address, key = address_of(request), "new:" + name_key(name)[:64]
        if not self.limits.allow(address, key, players.now()):
            return self.slow_down(
                refuse("too_many_tries", 429, name=name), address, key, players.now()
            )
        try:
            check_account_name(name)
        except AccountNameError as error:
            return refuse(error.code, 400, **{**error.fields, "name": name})
        problem = passwords.password_problem(password)
        if problem is not None:
            return refuse(
                problem, 400, name=name, low=passwords.MIN_LENGTH, high=passwords.MAX_LENGTH
            )
        if password != fields.get("again", ""):
            return refuse("passwords_differ", name=name)
        visitor = await players.visitor(request)
        if visitor.account is not None:
            return refuse("already_account", 409, name=name)
        hashed = await passwords.hash_password(password)
        if not await players.store.claim(visitor.player, name, name_key(name), hashed):
            return visitor.keep(request, refuse("name_taken", 409, name=name))
        response = see_other("/compte")
        await self.start_session(request, response, visitor.player)
        return visitor.keep(request, response)

    async def sign_in(self, request: Request) -> Response:
        players = players_of(request)
        if request.method == "GET":
            return self.form(request, "sign_in.html", "sign_in_title")
        try:
            fields = await self.read(request)
        except FormError as error:
            return self.form_error(request, error)
        name, password = fields.get("name", "").strip(), fields.get("password", "")
        key = name_key(name)[:64]

        def refuse(code: str, status: int) -> Response:
            return self.refused(request, "sign_in.html", "sign_in_title", code, status, name=name)

        address = address_of(request)
        if not self.limits.allow(address, key, players.now()):
            return self.slow_down(refuse("too_many_tries", 429), address, key, players.now())
        account = await players.store.account_by_key(key) if name else None
        stored = account.password if account is not None else None
        if not await passwords.password_matches(stored, password) or account is None:
            return refuse("wrong_password", 401)
        if passwords.needs_rehash(account.password):
            new_hash = await passwords.hash_password(password)
            await players.store.set_password(account.player, new_hash, keep=None)
        response = see_other("/compte")
        await self.start_session(request, response, account.player)
        return response

    async def start_session(self, request: Request, response: Response, player: str) -> None:
        players = players_of(request)
        secret = new_secret()
        expires = players.now() + SESSION_SECONDS
        await players.store.start_session(digest(secret), player, expires)
        players.start_session_cookie(request, response, secret)

    async def sign_out(
        self, request: Request, visitor: Visitor, fields: dict[str, str]
    ) -> Response:
        del fields
        players = players_of(request)
        assert visitor.session is not None
        await players.store.end_session(visitor.session)
        response = see_other("/compte/connexion")
        players.end_session_cookie(request, response)
        await self.fresh_identity(request, response, visitor.player)
        return response

    async def fresh_identity(self, request: Request, response: Response, player: str) -> None:
        """This browser no longer acts for the account: a new identity of its own."""
        secret = identity_secret(request)
        if secret is not None:
            await players_of(request).store.forget_identity(digest(secret), player)
        set_identity(request, response, new_secret())

    # --- the account's settings ----------------------------------------------------------

    async def account(self, request: Request) -> Response:
        players = players_of(request)
        visitor = await players.signed_in(request)
        done = request.query_params.get("fait")
        lang = request_language(request)
        shown = page_text(f"done.{done}", lang) if done in DONE else None
        if visitor is None or visitor.account is None:
            known = await players.known(request) if players.mailer is not None else None
            if known is None:
                return see_other("/compte/connexion")
            return await self.visitor_page(request, known, done=shown)
        known_player = await players.store.player(visitor.player)
        private = bool(known_player and known_player.private)
        mail = await mail_context(request, visitor.player)
        return self.settings(request, visitor, private, done=shown, **mail)

    async def visitor_page(
        self, request: Request, visitor: Visitor, status: int = 200, **more: Any
    ) -> Response:
        """The account page of a player without an account: mail, and making one."""
        mail = await mail_context(request, visitor.player)
        return self.form(
            request, "visitor_account.html", "account_title", status, **{**mail, **more}
        )

    def settings(
        self, request: Request, visitor: Visitor, private: bool, status: int = 200, **more: Any
    ) -> Response:
        assert visitor.account is not None
        context = {
            "name": visitor.account,
            "profile": profile_path(visitor.account),
            "private": private,
            "mail_offered": False,
            **more,
        }
        return self.form(request, "account.html", "account_title", status, **context)

    async def settings_refused(
        self, request: Request, visitor: Visitor, code: str, status: int
    ) -> Response:
        known = await players_of(request).store.player(visitor.player)
        error = error_text(request_language(request), code, RULES_FIELDS)
        mail = await mail_context(request, visitor.player)
        private = bool(known and known.private)
        return self.settings(request, visitor, private, status, error=error, **mail)

    async def password(
        self, request: Request, visitor: Visitor, fields: dict[str, str]
    ) -> Response:
        store = players_of(request).store
        account = await store.account_of(visitor.player)
        if account is None or not await passwords.password_matches(
            account.password, fields.get("current", "")
        ):
            return await self.settings_refused(request, visitor, "wrong_password", 401)
        new = fields.get("password", "")
        problem = passwords.password_problem(new)
        if problem is not None:
            return await self.settings_refused(request, visitor, problem, 400)
        await store.set_password(
            visitor.player, await passwords.hash_password(new), visitor.session
        )
        return see_other("/compte?fait=password")

    async def privacy(self, request: Request, visitor: Visitor, fields: Fields) -> Response:
        await players_of(request).store.set_private(visitor.player, fields.get("private") == "1")
        return see_other("/compte?fait=privacy")

    async def delete(self, request: Request, visitor: Visitor, fields: Fields) -> Response:
        players = players_of(request)
        account = await players.store.account_of(visitor.player)
        if account is None or not await passwords.password_matches(
            account.password, fields.get("password", "")
        ):
            return await self.settings_refused(request, visitor, "wrong_password", 401)
        await players.store.delete_account(visitor.player)
        for room in await players.store.rooms_of(visitor.player):
            # the seats keep a name that says nobody (an unknown room refuses: nothing to do)
            await self.rooms.host.submit(room, None, Anonymise(visitor.player))
        response = see_other("/?compte=supprime")
        players.end_session_cookie(request, response)
        set_identity(request, response, new_secret())
        return response
