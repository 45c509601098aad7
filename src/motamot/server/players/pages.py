"""The player pages drawn: a template of `templates/` in the server's layout, its form
tokens bound to this browser, no script (plain HTML forms and links)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from motamot.server.kinds import Page
from motamot.server.pages import Pages
from motamot.server.players.forms import csrf_token
from motamot.server.players.visitors import page_identity, players_of
from motamot.server.texts import request_language
from motamot.text.accounts import account_error
from motamot.text.i18n import Language


def player_page(
    pages: Pages,
    request: Request,
    template: str,
    title: str,
    context: dict[str, Any],
    status: int = 200,
) -> Response:
    """`players/<template>` with `context`, a form token (`csrf`) and the language."""
    lang = request_language(request)
    signer = players_of(request).signer
    full = {
        **context,
        "csrf": csrf_token(signer, request, page_identity(request)),
        "error": context.get("error"),
        "done": context.get("done"),
    }
    page = Page(f"players/{template}", title, "", full)
    return pages.render(request, lang, page, request.url.path, {}, status)


def error_text(lang: Language, code: str, fields: dict[str, object] | None = None) -> str:
    return account_error(code, lang, **(fields or {}))


def see_other(path: str) -> Response:
    """After a form that changed something: the page to show (303: fetched with GET)."""
    return RedirectResponse(path, status_code=303)
