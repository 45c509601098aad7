"""« Le plateau sur la table »: type a Topword position (the board's letters and heights)
and a rack, see the best moves with their itemised scores
(`/topword/analyse?position=…&chevalet=…`): the game on the table analysed, or a
duplicate draw's top. The page's address is the position: a link shares it.

A plain page drawn by the server; the moves come from the move generator and each is
judged again by the referee (`topword.hints`) with the ruleset's list in the version new
games get (W4). A position or a rack that cannot be read says why (400), never a 500.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from motamot.server.kinds import Page, PageRenderer, Rooms
from motamot.server.texts import request_language
from motamot.text.errors import error_text
from motamot.text.i18n import Language
from motamot.text.topword import bonus_text
from motamot.text.topword_commands import word_line
from motamot.topword import RULESETS, TOPWORD_FR, RackError, parse_rack
from motamot.topword.board import (
    MAX_HEIGHT_TEXT,
    SIZE,
    Board,
    PositionError,
    parse_position,
)
from motamot.topword.hints import Hint, hints
from motamot.topword.tiles import tile_label

PATH = "/topword/analyse"
#: The longest position text read (ten rows of ten tiles with heights, and slashes).
MAX_POSITION = 400
#: Moves shown.
SHOWN = 10


def analysis_pages(rooms: Rooms, renderer: PageRenderer) -> list[BaseRoute]:
    async def analysis(request: Request) -> Response:
        lang = request_language(request)
        typed = request.query_params.get("position", "")[:MAX_POSITION]
        rack_text = request.query_params.get("chevalet", "")[:32]
        ruleset = RULESETS.get(request.query_params.get("regles", ""), TOPWORD_FR)
        context: dict[str, Any] = {
            "typed": typed,
            "rack": rack_text,
            "ruleset": ruleset.name,
            "rulesets": list(RULESETS),
            "max_position": MAX_POSITION,
            "error": None,
            "board": None,
            "moves": None,
            "link": None,
        }
        status = 200
        if typed.strip() or rack_text.strip():
            try:
                board = parse_position(typed) if typed.strip() else Board()
                rack = parse_rack(rack_text, ruleset)
            except (PositionError, RackError) as error:
                context["error"] = error_text(error, lang)
                status = 400
            else:
                shelf = rooms.shelf
                lexicon = shelf(shelf.current(ruleset.dictionary))
                found = hints(board, rack, ruleset, lexicon, SHOWN)
                query = {"position": typed, "chevalet": rack_text, "regles": ruleset.name}
                context.update(
                    board=_rows(board),
                    moves=[_move(hint, lang) for hint in found],
                    link=f"{PATH}?{urlencode(query)}",
                )
        page = Page("topword/analysis.html", "analysis.title", "topword/editor.js", context)
        return renderer.render(request, lang, page, PATH, {"tiles": _tiles()}, status)

    return [Route(PATH, analysis)]


def _tiles() -> dict[str, dict[str, Any]]:
    """What the board editor reads of each ruleset (`static/editor.js`): its tiles, as
    labelled, with how many the bag holds (a duplicate draw is drawn from what is left),
    the rack's size and the highest stack a position may say."""
    return {
        name: {
            "tiles": {tile_label(tile): count for tile, count in ruleset.distribution.items()},
            "rack": ruleset.rack_size,
            "height": MAX_HEIGHT_TEXT,
        }
        for name, ruleset in RULESETS.items()
    }


def _rows(board: Board) -> list[list[dict[str, Any]]]:
    """The board's cells, row by row: the top letter and the stack's height."""
    return [
        [
            {"letter": tile_label(board.tops[cell]) if board.heights[cell] else "",
             "height": board.heights[cell]}
            for cell in range(row * SIZE, row * SIZE + SIZE)
        ]
        for row in range(SIZE)
    ]  # fmt: skip


def _move(hint: Hint, lang: Language) -> dict[str, Any]:
    verdict = hint.verdict
    return {
        "notation": hint.move.notation,
        "points": verdict.points,
        "words": [word_line(word, lang).strip() for word in verdict.words],
        "bonuses": [(bonus_text(b.kind, lang), b.points) for b in verdict.bonuses],
    }
