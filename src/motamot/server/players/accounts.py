"""Account pages: create one from this browser's player, sign in, sign out, change the
password, make the profile private, delete the account.

Every post is a plain HTML form (`forms`: read whole into its Struct, token checked);
sign-in and creation are rate limited per address and per name (`throttle`). A refusal
shows the form again with the reason (4xx); a success redirects (303). Nothing here
answers 500.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.server.pages import Pages
from motamot.server.players.forms import (
    F,
    Form,
    FormError,
    NameForm,
    NewPasswordForm,
    PasswordForm,
    PrivacyForm,
    SignUpForm,
    check_csrf,
    read_form,
)
from motamot.server.players.known import known_for, remember_account
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
    account_keys,
    check_account_name,
    name_key,
)
from motamot.service.rooms.commands import Anonymise
from motamot.text.web import page_text, wait_words

Handler = Callable[[Request], Awaitable[Response]]

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
        post = ["POST"]
        new_password = self.posted(NewPasswordForm, self.password)
        return [
            Route("/compte", self.account),
            Route("/compte/creer", self.sign_up, methods=["GET", "POST"]),
            Route("/compte/connexion", self.sign_in, methods=["GET", "POST"]),
            Route("/compte/deconnexion", self.posted(Form, self.sign_out), methods=post),
            Route("/compte/mot-de-passe", new_password, methods=post),
            Route("/compte/confidentialite", self.posted(PrivacyForm, self.privacy), methods=post),
            Route("/compte/supprimer", self.posted(PasswordForm, self.delete), methods=post),
            Route("/compte/supprime", self.deleted),
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

    def slow_down(self, request: Request, template: str, title: str, wait: int) -> Response:
        """429: when to come back, in words and as `Retry-After` (as the other quotas do)."""
        fields = {"wait": wait_words(wait)}
        response = self.refused(request, template, title, "too_many_tries", 429, **fields)
        response.headers["retry-after"] = str(wait)
        return response

    async def read(self, request: Request, kind: type[F]) -> F:
        """The posted form as `kind`, its token checked (FormError otherwise)."""
        form = await read_form(request, kind)
        check_csrf(players_of(request).signer, request, form)
        return form

    def posted(
        self, kind: type[F], handler: Callable[[Request, Visitor, F], Awaitable[Response]]
    ) -> Handler:
        """A form of a signed-in account: read as `kind`, token checked, the account found."""

        async def route(request: Request) -> Response:
            try:
                form = await self.read(request, kind)
            except FormError as error:
                return self.form_error(request, error)
            visitor = await players_of(request).signed_in(request)
            if visitor is None:
                return self.refused(request, "sign_in.html", "sign_in_title", "signed_out", 401)
            return await handler(request, visitor, form)

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
            form = await self.read(request, SignUpForm)
        except FormError as error:
            return self.refused(request, "sign_up.html", "sign_up_title", error.code, error.status)
        name, password = form.name.strip(), form.password

        def refuse(code: str, status: int = 400, **more: Any) -> Response:
            return self.refused(request, "sign_up.html", "sign_up_title", code, status, **more)

        tried = self.limits.sign_up(address_of(request), name_key(name)[:64], players.now())
        if isinstance(tried, int):
            return self.slow_down(request, "sign_up.html", "sign_up_title", tried)
        try:
            check_account_name(name)
        except AccountNameError as error:
            return refuse(error.code, 400, **{**error.fields, "name": name})
        problem = passwords.password_problem(password)
        if problem is not None:
            return refuse(
                problem, 400, name=name, low=passwords.MIN_LENGTH, high=passwords.MAX_LENGTH
            )
        if password != form.again:
            return refuse("passwords_differ", name=name)
        visitor = await players.visitor(request)
        if visitor.account is not None:
            return refuse("already_account", 409, name=name)
        hashed = await passwords.hash_password(password)
        keys = account_keys(name)
        if not await players.store.claim(visitor.player, name, keys, hashed):
            return visitor.keep(request, refuse("name_taken", 409, name=name))
        tried.succeeded()
        response = see_other("/compte")
        await self.start_session(request, response, visitor.player)
        return visitor.keep(request, response)

    async def sign_in(self, request: Request) -> Response:
        players = players_of(request)
        if request.method == "GET":
            return self.form(request, "sign_in.html", "sign_in_title")
        try:
            form = await self.read(request, NameForm)
        except FormError as error:
            return self.form_error(request, error)
        name, password = form.name.strip(), form.password
        key = name_key(name)[:64]

        def refuse(code: str, status: int) -> Response:
            return self.refused(request, "sign_in.html", "sign_in_title", code, status, name=name)

        account = await players.store.account_by_key(key) if name else None
        known = await known_for(request, account.player) if account is not None else None
        tried = self.limits.sign_in(address_of(request), key, known, players.now())
        if isinstance(tried, int):
            return self.slow_down(request, "sign_in.html", "sign_in_title", tried)
        stored = account.password if account is not None else None
        if not await passwords.password_matches(stored, password) or account is None:
            return refuse("wrong_password", 401)
        tried.succeeded()
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
        remember_account(request, response, player)

    async def sign_out(self, request: Request, visitor: Visitor, form: Form) -> Response:
        del form  # the token alone
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
        operator = await players.store.is_operator(visitor.player)
        return self.settings(request, visitor, private, done=shown, operator=operator, **mail)

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
            # an operator's account links to the moderation page
            "operator": False,
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

    async def password(self, request: Request, visitor: Visitor, form: NewPasswordForm) -> Response:
        store = players_of(request).store
        account = await store.account_of(visitor.player)
        if account is None or not await passwords.password_matches(account.password, form.current):
            return await self.settings_refused(request, visitor, "wrong_password", 401)
        new = form.password
        problem = passwords.password_problem(new)
        if problem is not None:
            return await self.settings_refused(request, visitor, problem, 400)
        await store.set_password(
            visitor.player, await passwords.hash_password(new), visitor.session
        )
        return see_other("/compte?fait=password")

    async def privacy(self, request: Request, visitor: Visitor, form: PrivacyForm) -> Response:
        await players_of(request).store.set_private(visitor.player, form.is_private)
        return see_other("/compte?fait=privacy")

    async def deleted(self, request: Request) -> Response:
        """Where a deletion lands: a page that says it was done (whoever opens it: it
        holds nothing of anybody's)."""
        return self.form(request, "deleted.html", "deleted_title")

    async def delete(self, request: Request, visitor: Visitor, form: PasswordForm) -> Response:
        players = players_of(request)
        account = await players.store.account_of(visitor.player)
        if account is None or not await passwords.password_matches(account.password, form.password):
            return await self.settings_refused(request, visitor, "wrong_password", 401)
        await players.store.delete_account(visitor.player)
        for room in await players.store.rooms_of(visitor.player):
            # the seats keep a name that says nobody (an unknown room refuses: nothing to do)
            await self.rooms.host.submit(room, None, Anonymise(visitor.player))
        response = see_other("/compte/supprime")
        players.end_session_cookie(request, response)
        set_identity(request, response, new_secret())
        return response
