"""The Topword pages: the table (play, watch), its replay and analysis, and the home form,
each a template of `templates/`; here is only what they read."""

from __future__ import annotations

from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import Page
from motamot.server.pages import dictionary_options
from motamot.service.topword.settings import TopwordSettings
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.topword.bots import LEVELS
from motamot.topword.tiles import RULESETS


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
    }
    return Page("topword/home_form.html", context=context)
