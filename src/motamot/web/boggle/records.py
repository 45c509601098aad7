"""« Grilles records » (`/boggle/records`): the best grids the search found
(`motamot.boggle.records`), each drawn, with its figures, the command that finds it
again and « Jouer cette grille »: the home page's form, opened with the grid as the
box's (B16), so the room plays it every round and is never rated.

A plain page drawn by the server from data: it reads nothing from the request but its
language, so no query can change it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.boggle.records import RECORDS, Record
from motamot.server.kinds import Page, PageRenderer, Rooms
from motamot.server.texts import request_language
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.web.boggle.pictures import grid_picture

PATH = "/boggle/records"


def play_link(record: Record) -> str:
    """The home page with the Boggle form open on this grid (`same_grid_defaults`)."""
    query = urlencode({"preset": record.preset, "box_grid": record.grid})
    return f"/?{query}#boggle"


def _shown(record: Record, lang: Language) -> dict[str, Any]:
    label = page_text("records.picture", lang, grid=record.grid.replace("/", " / "))
    return {
        "preset": page_text(f"preset.{record.preset}", lang),
        "dictionary": record.dictionary,
        "grid": record.grid,
        "points": record.points,
        "words": record.words,
        "command": record.command,
        "picture": grid_picture(record.grid, (), label),
        "play": play_link(record),
    }


def records_pages(rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
    del rooms  # the records are data: no room is read to draw them

    async def records(request: Request) -> Response:
        lang = request_language(request)
        context = {"records": [_shown(record, lang) for record in RECORDS]}
        page = Page("boggle/records.html", "records.title", context=context)
        return renderer.render(request, lang, page, PATH, {})

    return [Route(PATH, records)]
