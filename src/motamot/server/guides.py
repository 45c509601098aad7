"""« Comment jouer »: each kind's guide to its rules, at /comment-jouer/<kind>, in the
page's language (the layout's switch gives the other one), linked to the other games'."""

from __future__ import annotations

import dataclasses

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from motamot.server.pages import Pages
from motamot.server.texts import request_language
from motamot.text.i18n import Language
from motamot.text.web import page_text

#: Where the guides are served (`guide_path("boggle")`: /comment-jouer/boggle).
GUIDES = "/comment-jouer"


def guide_path(kind: str) -> str:
    return f"{GUIDES}/{kind}"


def _others(pages: Pages, lang: Language, shown: str) -> list[tuple[str, str]]:
    """The other kinds' guides, as (path, title)."""
    return [
        (guide_path(kind.name), page_text(page.title, lang))
        for kind in pages.kinds
        if kind.name != shown and (page := kind.guide(lang)) is not None
    ]


def guide_routes(pages: Pages) -> list[Route]:
    async def guide(request: Request) -> Response:
        lang = request_language(request)
        name = request.path_params["kind"]
        kind = next((kind for kind in pages.kinds if kind.name == name), None)
        page = kind.guide(lang) if kind is not None else None
        if kind is None or page is None:
            return pages.message(request, lang, "not_found", 404)
        context = {**page.context, "others": _others(pages, lang, kind.name)}
        page = dataclasses.replace(page, context=context)
        return pages.render(request, lang, page, guide_path(kind.name), None)

    return [Route(GUIDES + "/{kind}", guide)]
