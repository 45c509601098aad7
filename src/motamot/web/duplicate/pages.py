"""The duplicate pages: the room (drawn by `duplicate.js`), its screen for a projector
(`screen.js`), its replay once over (drawn by `replay.js`), the home page's form, which a
« rejouer ce tirage » link prefills, and a club's series (drawn here: a table to read or
print, no script)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import Page
from motamot.server.pages import dictionary_options
from motamot.service.duplicate.settings import DEFAULT_TURN_SECONDS, DuplicateSettings
from motamot.service.duplicate.simultaneous import Tally, series_table
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


def series_page(lang: Language, name: str, tallies: Sequence[tuple[str, Tally]]) -> Page:
    """D12: a club's series: each player's evenings and average share of the tops, then
    its finished evenings, the latest first, each with its sheet to print."""
    lines = [
        {
            "rank": line.rank,
            "name": line.name,
            "games": line.games,
            "average": percent_text(line.average, lang),
            "best": percent_text(line.best, lang),
        }
        for line in series_table(tally for _, tally in tallies)
    ]
    over = sorted(
        ((room, tally) for room, tally in tallies if tally.over and tally.turns),
        key=lambda pair: (-pair[1].at, pair[0]),
    )
    evenings = [
        {
            "room": room,
            "date": time.strftime(
                "%d/%m/%Y" if lang == "fr" else "%Y-%m-%d", time.gmtime(tally.at)
            ),
            "players": sum(1 for _ in tally.players()),
            "turns": tally.turns,
            "number": tally.number,
        }
        for room, tally in over
    ]
    context = {"name": name, "lines": lines, "evenings": evenings, "title_fields": {"name": name}}
    return Page("duplicate/series.html", "dup_series", "duplicate/series.js", context)


def percent_text(value: float, lang: Language) -> str:
    """A share of the tops as each language writes it (« 87,5 % », "87.5%")."""
    if lang == "fr":
        return f"{value:.1f}".replace(".", ",") + "\u202f%"
    return f"{value:.1f}%"
