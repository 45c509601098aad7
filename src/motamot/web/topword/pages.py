"""The Topword pages: the table (play, watch), its replay and analysis, the home form and
card, the guide; each a template, here is only what they read."""

from __future__ import annotations

from motamot.names import MAX_NAME_LENGTH
from motamot.server.guides import guide_path
from motamot.server.kinds import Page
from motamot.server.pages import dictionary_options
from motamot.service.topword.settings import CORRESPONDENCE_DAYS, LIVE_TURN, TopwordSettings
from motamot.text.guides import TOPWORD_GUIDE
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.topword.bots import LEVELS
from motamot.topword.tiles import RULESETS
from motamot.web.topword.pictures import Crop, board_picture

#: The home page's corner of a board (rows 4-8, columns C-G): PAIN across (its P on an
#: M), LAME and NUIT down, ÉPI across, stacks up to three high.
CORNER = Crop(
    letters=("..L..", ".PAIN", "..M.U", "..EPI", "....T"),
    heights=("00100", "02111", "00301", "00112", "00001"),
    top=3,
    left=2,
)
#: The guide's first move, 5D MAIN over the centre squares, and MAIN becoming PAIN (a P
#: stacked on its M): the examples the tests check against the referee.
FIRST_MOVE = "5D MAIN"
FIRST = Crop(letters=("......", ".MAIN.", "......"), top=3, left=2, axes=True)
STACKED_MOVE = "5D PAIN"
STACK = (Crop(letters=("MAIN",), top=4, left=3), Crop(("PAIN",), ("2111",), top=4, left=3))


def table(lang: Language, room_id: str, mode: str) -> Page:
    """A table (`mode`: play, watch, replay or analysis), drawn by `table.js` or, once the
    game is over, replayed by `review.js`."""
    del lang, room_id
    script = "topword/table.js" if mode in ("play", "watch") else "topword/review.js"
    return Page("topword/page.html", "table_title", script)


def home_form(lang: Language, dictionaries: list[str]) -> Page:
    """The form that creates a table: rules, word list, the other seats, the pace."""
    kinds = [("", page_text("seat.none", lang)), ("person", page_text("seat.person", lang))]
    kinds += [(level, page_text(f"tw_level.{level}", lang)) for level in LEVELS]
    context = {
        "max_name": MAX_NAME_LENGTH,
        "rulesets": [(name, page_text(f"ruleset.{name}", lang)) for name in RULESETS],
        "dictionaries": dictionary_options(lang, dictionaries),
        # the seats besides the creator's: a computer player in the first by default
        "seats": [(n, "greedy" if n == 1 else "") for n in range(1, 4)],
        "seat_kinds": kinds,
        "bounds": TopwordSettings.BOUNDS,
        "live_turn": LIVE_TURN,
        "turn_days": [("", page_text("tw_no_clock", lang))]
        + [(str(days), page_text("tw_days", lang, count=days)) for days in CORRESPONDENCE_DAYS],
    }
    return Page("topword/home_form.html", script="topword/create.js", context=context)


def intro(lang: Language) -> Page:
    """Topword's card on the home page: a corner of a board with stacks, one line."""
    context = {
        "name": "topword",
        "title": "Topword",
        "line": page_text("intro.topword", lang),
        "create": page_text("intro.create.topword", lang),
        "guide": guide_path("topword"),
        "picture": board_picture([CORNER], page_text("picture.topword", lang)),
    }
    return Page("intro.html", context=context)


def guide(lang: Language) -> Page:
    """« Comment jouer au Topword »: the rules a player needs, the first move and a stack."""
    guide = TOPWORD_GUIDE[lang]
    first, stack = (part.caption for part in guide.parts if part.picture)
    context = {
        "name": "topword",
        "guide": guide,
        "pictures": {"first": board_picture([FIRST], first), "stack": board_picture(STACK, stack)},
        "create": page_text("guide_create.topword", lang),
    }
    return Page("guide.html", "guide_title.topword", context=context)
