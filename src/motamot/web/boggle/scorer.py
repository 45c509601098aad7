"""« Compter les points »: the round was played on paper around the box; one scorer types
the grid and everyone's list, the referee crosses out and scores as for any round
(B9-B14, B16): `/boggle/compter?grille=…&nom1=Ana&mots1=…&nom2=…`.

A plain page drawn by the server, that stores nothing: the address is the round, so it
can be shared. Bounded: `MAX_PLAYERS` lists of `MAX_LIST` characters. Whatever cannot be
read says why (400), never a 500.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.boggle.grid import GridError, parse_grid
from motamot.boggle.round import JudgedEntry, RoundResult, Sheet, judge_round
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS
from motamot.server.kinds import Page, PageRenderer, Rooms
from motamot.server.texts import request_language
from motamot.service.boggle.settings import preset_dictionary
from motamot.text.boggle import reason_text
from motamot.text.errors import error_text
from motamot.text.i18n import Language
from motamot.text.web import page_text

PATH = "/boggle/compter"
MAX_PLAYERS = 8
#: The longest list read (a few hundred words).
MAX_LIST = 3000
MAX_GRID = 120
_WORDS = re.compile(r"[\s,;]+")


def scorer_pages(rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
    async def scorer(request: Request) -> Response:
        lang = request_language(request)
        query = request.query_params
        typed = query.get("grille", "")[:MAX_GRID]
        preset = query.get("jeu", DEFAULT_PRESET)
        preset = preset if preset in PRESETS else DEFAULT_PRESET
        lists = [
            (query.get(f"nom{n}", "").strip()[:40], query.get(f"mots{n}", "")[:MAX_LIST])
            for n in range(1, MAX_PLAYERS + 1)
        ]
        context: dict[str, Any] = {
            "typed": typed,
            "preset": preset,
            "presets": [(name, page_text(f"preset.{name}", lang)) for name in PRESETS],
            "lists": lists,
            "max_grid": MAX_GRID,
            "max_list": MAX_LIST,
            "error": None,
            "result": None,
        }
        status = 200
        sheets = _sheets(lists)
        if typed.strip() and sheets:
            try:
                grid = parse_grid(typed)
            except GridError as error:
                context["error"] = error_text(error, lang)
                status = 400
            else:
                if grid.size != PRESETS[preset].size:
                    context["error"] = page_text("scorer.wrong_size", lang, size=grid.size)
                    status = 400
                else:
                    shelf = rooms.shelf
                    lexicon = shelf(shelf.current(preset_dictionary(preset, None)))
                    result = judge_round(grid, PRESETS[preset], lexicon, sheets, None)
                    context["result"] = _shown(result, lang)
        page = Page("boggle/scorer.html", "scorer.title", context=context)
        return renderer.render(request, lang, page, PATH, {}, status)

    return [Route(PATH, scorer)]


def _sheets(lists: list[tuple[str, str]]) -> list[Sheet]:
    """A sheet per named list (a list without a name gets its place's: « Joueur 2 »),
    its words in the order typed; the same name twice counts once."""
    sheets: dict[str, Sheet] = {}
    for number, (name, words) in enumerate(lists, 1):
        typed = [word for word in _WORDS.split(words) if word]
        if not typed:
            continue
        player = name or f"#{number}"
        if player not in sheets:
            sheets[player] = Sheet.of(player, *((0.0, word) for word in typed))
    return list(sheets.values())


def _shown(result: RoundResult, lang: Language) -> dict[str, Any]:
    def entry(one: JudgedEntry) -> dict[str, Any]:
        if one.status.value == "scored":
            said = page_text("points", lang, points=one.points)
        elif one.status.value == "crossed":
            said = page_text("scorer.crossed", lang, names=", ".join(one.crossed_by))
        else:
            said = reason_text(one.reason, lang) if one.reason is not None else ""
        return {"word": one.word or one.input, "status": one.status.value, "said": said}

    players = [
        {
            "name": player.player,
            "total": player.total,
            "entries": [entry(e) for e in player.entries],
        }
        for player in result.players
    ]
    return {"players": players, "winners": ", ".join(result.winners)}
