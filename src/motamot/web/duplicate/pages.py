"""The duplicate pages: the room (drawn by `duplicate.js`) and the home page's form."""

from __future__ import annotations

from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import Page
from motamot.server.pages import dictionary_options
from motamot.service.duplicate.settings import DEFAULT_TURN_SECONDS, DuplicateSettings
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.topword.tiles import RULESETS


def room(lang: Language, room_id: str, mode: str) -> Page:
    del lang, room_id, mode
    return Page("duplicate/page.html", "duplicate_title", "duplicate/duplicate.js")


def home_form(lang: Language, dictionaries: list[str]) -> Page:
    context = {
        "max_name": MAX_NAME_LENGTH,
        "rulesets": [(name, page_text(f"ruleset.{name}", lang)) for name in RULESETS],
        "dictionaries": dictionary_options(lang, dictionaries),
        "bounds": DuplicateSettings.BOUNDS,
        "turn_seconds": int(DEFAULT_TURN_SECONDS),
    }
    return Page("duplicate/home_form.html", context=context)
