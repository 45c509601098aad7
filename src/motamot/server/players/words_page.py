"""This server's word lists' changes on the web (W4, W5).

`/mots`, public: « Mots ajoutés et retirés sur ce serveur », every change of every list,
the latest first, dated, with its reason, and the version new games get.

`/moderation/mots`, the operators' (as `/moderation`: a signed-in account named
operator, 403 for anybody else): the players' open proposals grouped by word with how
many asked and from how many addresses, each with « Accepter » (the change, with the
reason typed) and « Refuser » (the reason every asker is shown); and a form to add or
remove any word. Plain forms (`POST`, token checked), logged in the moderation log; a
success redirects (303) with what was done, a refusal shows the page again (4xx).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.lexicon.changes import WordChange, version_name
from motamot.server.pages import Pages
from motamot.server.players.forms import Form, FormError, Text, check_csrf, read_form
from motamot.server.players.moderation_page import ModerationPage
from motamot.server.players.pages import error_text, player_page, see_other
from motamot.server.players.visitors import Visitor, players_of
from motamot.server.rooms import Rooms
from motamot.server.texts import request_language
from motamot.service.wordlists import Declined, change_word, refuse_word
from motamot.text.dates import date_text
from motamot.text.web import page_text

PUBLIC, OPERATORS = "/mots", "/moderation/mots"
#: Changes the public page shows at most (the latest).
SHOWN = 500


class WordForm(Form, frozen=True):
    """One decision: `action` (accept, refuse, add, remove), the list, the word, which
    way a proposal goes (`added`: "1" to add) and the reason."""

    action: Text = ""
    dictionary: Text = ""
    word: Text = ""
    added: Text = ""
    reason: Text = ""


class WordPages:
    """The public changelog and the operators' words page, for one app."""

    def __init__(self, pages: Pages, rooms: Rooms) -> None:
        self.pages = pages
        self.rooms = rooms
        self.moderation = ModerationPage(pages, rooms)

    def routes(self) -> list[Route]:
        return [
            Route(PUBLIC, self.changelog),
            Route(OPERATORS, self.operators, methods=["GET", "POST"]),
        ]

    async def changelog(self, request: Request) -> Response:
        lang = request_language(request)
        store = players_of(request).store
        changes = await store.word_changes()
        lists: dict[str, list[WordChange]] = {}
        for change in reversed(changes):
            lists.setdefault(change.dictionary, []).append(change)
        shown = {
            name: {
                "version": version_name(name, len(found)),
                "changes": [_row(change, lang) for change in found[:SHOWN]],
            }
            for name, found in sorted(lists.items())
        }
        visitor = await players_of(request).known(request)
        mine = [] if visitor is None else await store.word_answers(visitor.player)
        context = {"lists": shown, "mine": mine, "when": lambda at: date_text(at, lang)}
        return player_page(self.pages, request, "words.html", "words.changelog_title", context)

    async def operators(self, request: Request) -> Response:
        form = WordForm()
        problem: FormError | None = None
        if request.method == "POST":
            try:
                form = await read_form(request, WordForm)
                check_csrf(players_of(request).signer, request, form)
            except FormError as error:
                problem = error
        operator = await self.moderation.operator(request)
        if operator is None:
            return self.moderation.forbidden(request)
        lang = request_language(request)
        if request.method == "GET":
            return await self.show(request, _done(request, lang))
        if problem is not None:
            return await self.show(request, None, problem.status, error_text(lang, problem.code))
        return await self.decide(request, operator, form)

    async def decide(self, request: Request, operator: Visitor, form: WordForm) -> Response:
        store = players_of(request).store
        shelf = self.rooms.shelf
        assert operator.account is not None
        now = time.time()
        if form.action in ("accept", "add", "remove"):
            added = form.added == "1" if form.action == "accept" else form.action == "add"
            decision = (form.dictionary, form.word[:64], added, form.reason)
            outcome: WordChange | Declined | int = await change_word(
                store, shelf.versions, shelf.names(), decision, now, operator.account
            )
        elif form.action == "refuse":
            decision = (form.dictionary, form.word[:64], form.added == "1", form.reason)
            outcome = await refuse_word(store, decision, now, operator.account)
        else:
            outcome = Declined("bad_action")
        lang = request_language(request)
        if isinstance(outcome, Declined):
            said = page_text(f"words.declined.{outcome.code}", lang)
            return await self.show(request, None, 409 if outcome.code == "no_change" else 400, said)
        if isinstance(outcome, WordChange):
            version = version_name(outcome.dictionary, outcome.number)
            return see_other(f"{OPERATORS}?fait={quote(version, safe='')}")
        return see_other(f"{OPERATORS}?refus={outcome}")

    async def show(
        self, request: Request, done: str | None, status: int = 200, error: str | None = None
    ) -> Response:
        lang = request_language(request)
        store = players_of(request).store
        groups = await store.word_proposals()
        context: dict[str, Any] = {
            "groups": groups,
            "when": lambda at: date_text(at, lang),
            "lists": self.rooms.shelf.names(),
            "done": done,
            "error": error,
        }
        return player_page(
            self.pages, request, "words_operators.html", "words.proposals_title", context, status
        )


def _row(change: WordChange, lang: Any) -> dict[str, Any]:
    return {
        "date": date_text(change.at, lang),
        "word": change.word,
        "added": change.added,
        "reason": change.reason,
        "number": change.number,
    }


def _done(request: Request, lang: Any) -> str | None:
    """What the last decision did, from the redirect's query."""
    made = request.query_params.get("fait", "")
    if made:
        return page_text("words.done_change", lang, version=made[:48])
    refused = request.query_params.get("refus", "")
    if refused.isdigit() and len(refused) < 8:
        return page_text("words.done_refused", lang, count=int(refused))
    return None
