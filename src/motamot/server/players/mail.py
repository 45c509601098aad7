"""« Me prévenir par e-mail »: leaving an address on the account page, and the links the
mails carry (confirming the address, stopping the mails).

The forms are the account pages' (read whole, token checked) and act for the player the
browser is (an account signed in, or this browser's lasting identity). The links need
no session: their signed token is the proof (`service.mail.tokens`), so they work from
any device's mail client. Unsubscribing answers GET (the link in the text) and POST (the
one-click `List-Unsubscribe-Post` of RFC 8058, which mail providers send without a
browser's Origin); its GET only shows a page with a button that posts (F16: a scanner
that fetches every link of a mail, or a preview, unsubscribes nobody). Without `--smtp`
none of these routes exists for a player: 404.
"""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.server.players.accounts import AccountPages, address_of
from motamot.server.players.forms import AddressForm, FormError
from motamot.server.players.mail_context import mail_context
from motamot.server.players.pages import player_page, see_other
from motamot.server.players.visitors import Visitor, players_of
from motamot.server.texts import request_language
from motamot.service.mail.addresses import AddressError, check_address
from motamot.service.mail.mailer import Mailer
from motamot.text.web import page_text


class MailPages:
    """The mail routes of one app (beside its account pages)."""

    def __init__(self, accounts: AccountPages) -> None:
        self.accounts = accounts

    def routes(self) -> list[Route]:
        return [
            Route("/compte/e-mail", self.leave, methods=["POST"]),
            Route("/compte/e-mail/retirer", self.remove, methods=["POST"]),
            Route("/e-mail/confirmer", self.confirm, methods=["GET"]),
            Route("/e-mail/desabonner", self.unsubscribe, methods=["GET", "POST"]),
        ]

    def not_offered(self, request: Request) -> Response:
        return self.accounts.pages.message(request, request_language(request), "not_found", 404)

    async def _form(self, request: Request) -> tuple[Mailer, Visitor, AddressForm] | Response:
        """A mail form's fields and whom it is for, or the answer that refuses it (the
        body is read first: its limits hold on every route, offered or not)."""
        try:
            form = await self.accounts.read(request, AddressForm)
        except FormError as error:
            if players_of(request).mailer is None:
                return self.not_offered(request)
            return self.accounts.form_error(request, error)
        mailer = players_of(request).mailer
        if mailer is None:
            return self.not_offered(request)
        visitor = await players_of(request).known(request)
        if visitor is None:
            return self.accounts.refused(
                request, "sign_in.html", "sign_in_title", "signed_out", 401
            )
        return mailer, visitor, form

    async def page_again(
        self, request: Request, visitor: Visitor, typed: str, error: str, status: int
    ) -> Response:
        """The account page again, the address typed shown with why it was refused."""
        mail = await mail_context(request, visitor.player, typed, error)
        if visitor.account is None:
            return self.accounts.form(
                request, "visitor_account.html", "account_title", status, **mail
            )
        known = await players_of(request).store.player(visitor.player)
        private = bool(known and known.private)
        return self.accounts.settings(request, visitor, private, status, **mail)

    async def leave(self, request: Request) -> Response:
        found = await self._form(request)
        if isinstance(found, Response):
            return found
        mailer, visitor, form = found
        lang = request_language(request)
        typed = form.address
        try:
            address = check_address(typed)
        except AddressError as error:
            text = page_text(f"mail_error.{error.code}", lang, **error.fields)
            return await self.page_again(request, visitor, typed.strip(), text, 400)
        asked = await mailer.ask(visitor.player, address, lang, address_of(request))
        if asked.refused is not None:
            text = page_text(f"mail_error.{asked.refused}", lang)
            return await self.page_again(request, visitor, address, text, 429)
        kept = asked.mail is not None and asked.mail.confirmed  # the same address again
        return see_other("/compte?fait=mail_kept" if kept else "/compte?fait=mail_sent")

    async def remove(self, request: Request) -> Response:
        found = await self._form(request)
        if isinstance(found, Response):
            return found
        _, visitor, _ = found
        await players_of(request).store.remove_mail(visitor.player)
        return see_other("/compte?fait=mail_removed")

    def said(self, request: Request, title: str, said: str, status: int) -> Response:
        lang = request_language(request)
        context = {"said": page_text(said, lang)}
        return player_page(self.accounts.pages, request, "mail_link.html", title, context, status)

    async def confirm(self, request: Request) -> Response:
        mailer = players_of(request).mailer
        if mailer is None:
            return self.not_offered(request)
        if await mailer.confirm(request.query_params.get("t", "")):
            return self.said(request, "mail_confirmed_title", "mail_confirmed_text", 200)
        return self.said(request, "mail_bad_link_title", "mail_bad_link_text", 400)

    async def unsubscribe(self, request: Request) -> Response:
        """GET (the link followed in a browser, or fetched by a mail scanner) only asks;
        POST (the page's button, a provider's one-click) unsubscribes."""
        if request.method == "POST":  # the one-click body says nothing more: read, dropped
            async for _ in request.stream():
                pass
        mailer = players_of(request).mailer
        if mailer is None:
            return self.not_offered(request)
        token = request.query_params.get("t", "")
        if request.method == "GET":
            return self.ask_unsubscribe(request, mailer, token)
        done = await mailer.unsubscribe(token)
        if done == "bad_token":
            return self.said(request, "mail_bad_link_title", "mail_bad_unsubscribe_text", 400)
        return self.said(request, "mail_unsubscribed_title", "mail_unsubscribed_text", 200)

    def ask_unsubscribe(self, request: Request, mailer: Mailer, token: str) -> Response:
        """The page with the button (a bad link: said, nothing to press)."""
        found = mailer.tokens.read_unsubscribe(token)
        if found is None:
            return self.said(request, "mail_bad_link_title", "mail_bad_unsubscribe_text", 400)
        context = {"address": found[1], "action": "/e-mail/desabonner?" + urlencode({"t": token})}
        return player_page(
            self.accounts.pages, request, "mail_unsubscribe.html", "mail_unsubscribe_title",
            context,
        )  # fmt: skip
