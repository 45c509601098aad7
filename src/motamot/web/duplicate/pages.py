"""The duplicate pages: the room (drawn by `duplicate.js`), its screen for a projector
(`screen.js`), its replay once over (drawn by `replay.js`) and the home page's form,
which a « rejouer ce tirage » link prefills."""

from __future__ import annotations

from typing import Any

from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import Page
from motamot.server.pages import dictionary_options
from motamot.service.duplicate.settings import DEFAULT_TURN_SECONDS, DuplicateSettings
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.topword.tiles import DEFAULT_RULESET, RULESETS


def room(lang: Language, room_id: str, mode: str) -> Page:
    """The room (play, watch: drawn from the socket), its screen for a projector, its
    standings and sheet to print, or, once over, its replay."""
    del lang, room_id
    scripts = {
        "replay": "duplicate/replay.js",
        "screen": "duplicate/screen.js",
        "print": "duplicate/print.js",
    }
    return Page(
        "duplicate/page.html", "duplicate_title", scripts.get(mode, "duplicate/duplicate.js")
    )


def home_form(lang: Language, dictionaries: list[str], replay: dict[str, Any]) -> Page:
    """The form that creates a duplicate room (`replay`: the draw a link plays again)."""
    context = {
        "max_name": MAX_NAME_LENGTH,
        "rulesets": [(name, page_text(f"ruleset.{name}", lang)) for name in RULESETS],
        "ruleset": replay.get("ruleset", DEFAULT_RULESET.name),
        "dictionaries": dictionary_options(lang, dictionaries),
        "dictionary": replay.get("dictionary", ""),
        "bounds": DuplicateSettings.BOUNDS,
        "turn_seconds": int(DEFAULT_TURN_SECONDS),
        "replay": replay,
    }
    return Page("duplicate/home_form.html", script="duplicate/create.js", context=context)
