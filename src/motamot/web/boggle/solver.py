"""« Le solveur »: type a grid (the box's, on the table), see every word it holds, by
length, each with its path (`/boggle/solveur?grille=ORTE/BEST/INAM/GTED`).

A plain page, drawn by the server: the form, then the grid's picture (the word chosen,
`mot=`, traced on it) and its words, longest first, each a link that traces it. The
words are judged by the preset's list in the version new games get (W4). A grid that
cannot be read says why (400); nothing here answers 500.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.boggle.grid import GridError, parse_grid
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS
from motamot.boggle.solve import Solution, solve
from motamot.server.kinds import Page, PageRenderer, Rooms
from motamot.server.texts import request_language
from motamot.service.boggle.settings import preset_dictionary
from motamot.text.errors import error_text
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.web.boggle.dice_data import dice_data
from motamot.web.boggle.pictures import grid_picture

PATH = "/boggle/solveur"
#: The longest grid text read (a 6×6 grid of two-letter faces, with its slashes).
MAX_GRID = 120


def solver_pages(rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
    async def solver(request: Request) -> Response:
        lang = request_language(request)
        typed = request.query_params.get("grille", "")[:MAX_GRID]
        preset = request.query_params.get("jeu", DEFAULT_PRESET)
        preset = preset if preset in PRESETS else DEFAULT_PRESET
        context: dict[str, Any] = {
            "typed": typed,
            "preset": preset,
            "presets": [(name, page_text(f"preset.{name}", lang)) for name in PRESETS],
            "max_grid": MAX_GRID,
            "error": None,
            "found": None,
        }
        status = 200
        if typed.strip():
            try:
                grid = parse_grid(typed)
            except GridError as error:
                context["error"] = error_text(error, lang)
                status = 400
            else:
                shelf = rooms.shelf
                lexicon = shelf(shelf.current(preset_dictionary(preset, None)))
                chosen = request.query_params.get("mot", "")[:64]
                context["found"] = _found(solve(grid, PRESETS[preset], lexicon), chosen, lang)
        page = Page("boggle/solver.html", "solver.title", "boggle/solver.js", context)
        return renderer.render(request, lang, page, PATH, {"dice": dice_data()}, status)

    return [Route(PATH, solver)]


def _found(solution: Solution, chosen: str, lang: Language) -> dict[str, Any]:
    """What the page shows of a solved grid: its picture, its words by length."""
    grid_text = solution.grid.text
    by_length: dict[int, list[dict[str, str]]] = {}
    traced: tuple[tuple[int, int], ...] = ()
    for word in sorted(solution.words, key=lambda w: (-len(w.word), w.word)):
        if word.word == chosen:
            traced = word.path
        query = urlencode({"grille": grid_text, "mot": word.word})
        path = " → ".join(f"{chr(65 + col)}{row + 1}" for row, col in word.path)
        by_length.setdefault(len(word.word), []).append(
            {"word": word.word, "link": f"{PATH}?{query}#found", "path": path}
        )
    label = page_text("solver.picture", lang, grid=grid_text.replace("/", " / "))
    return {
        "picture": grid_picture(grid_text, traced, label),
        "chosen": chosen if traced else "",
        "words": len(solution.words),
        "points": sum(word.points for word in solution.words),
        "lengths": sorted(by_length.items(), reverse=True),
    }
