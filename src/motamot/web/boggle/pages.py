"""The Boggle pages: the room (drawn by `room.js` from the socket), the home page's form
and card, the guide; each a template, here is only what they read."""

from __future__ import annotations

from typing import Any

from motamot.boggle.bots import BOT_LEVELS
from motamot.boggle.grid import Cell
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS
from motamot.names import MAX_NAME_LENGTH
from motamot.server.guides import guide_path
from motamot.server.kinds import Page
from motamot.server.pages import dictionary_options
from motamot.service.boggle.room import MAX_BOTS
from motamot.service.boggle.settings import BoggleSettings
from motamot.text.guides import BOGGLE_GUIDE
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.web.boggle.api import ROOM_ROUND
from motamot.web.boggle.dice_data import dice_data
from motamot.web.boggle.pictures import grid_picture

#: The rulebook's grid and its word DANSE (the pictures' example; checked by the tests).
RULEBOOK_GRID = "ORTE/BEST/INAM/GTED"
DANSE: tuple[Cell, ...] = ((3, 3), (2, 2), (2, 1), (1, 2), (0, 3))


def room(lang: Language, room_id: str, mode: str) -> Page:
    del lang, room_id, mode  # the same shell for every mode; the socket says the rest
    # B16: the box's next grid may be picked on a picture, among the preset's dice
    return Page("boggle/page.html", "room_title", "boggle/room.js", {"data": {"dice": dice_data()}})


def home_form(lang: Language, dictionaries: list[str], defaults: dict[str, Any]) -> Page:
    """The form that creates a room (`defaults` prefill it: the same grid later)."""
    preset = str(defaults.get("preset", DEFAULT_PRESET))
    preset = preset if preset in PRESETS else DEFAULT_PRESET
    target = defaults.get("target")
    context = {
        "max_name": MAX_NAME_LENGTH,
        "max_bots": MAX_BOTS,
        "same_grid": "seed" in defaults,
        # « Jouer cette grille » of the records page: the grid as the box's (B16)
        "box_grid": str(defaults.get("box_grid", "")),
        # each preset with its own round duration (the form starts from it)
        "presets": [
            (name, page_text(f"preset.{name}", lang), rules.duration_seconds)
            for name, rules in PRESETS.items()
        ],
        "preset": preset,
        "dictionaries": dictionary_options(lang, dictionaries),
        "dictionary": str(defaults.get("dictionary") or ""),
        "levels": [(name, page_text(f"level.{name}", lang)) for name in BOT_LEVELS],
        # the computer players of the room whose grid is played again, one box each
        "same_bots": [page_text(f"level.{level}", lang) for level in defaults.get("bots", [])],
        "bounds": BoggleSettings.BOUNDS,
        "round_bound": ROOM_ROUND,
        "duration": int(defaults.get("duration") or PRESETS[preset].duration_seconds),
        "by_target": bool(target),
        "count": int(target or defaults.get("rounds") or 3),
        "verify_at_end": bool(defaults.get("verify_at_end")),
        "tie_shared": defaults.get("extra_round_on_tie") is False,
        "penalty": int(defaults.get("invalid_penalty") or 0),
    }
    return Page("boggle/home_form.html", script="boggle/create.js", context=context)


def intro(lang: Language) -> Page:
    """Boggle's card on the home page: the rulebook's grid with DANSE traced, one line."""
    context = {
        "name": "boggle",
        "title": "Boggle",
        "line": page_text("intro.boggle", lang),
        "create": page_text("intro.create.boggle", lang),
        "guide": guide_path("boggle"),
        "picture": grid_picture(RULEBOOK_GRID, DANSE, page_text("picture.boggle", lang)),
    }
    return Page("intro.html", context=context)


def guide(lang: Language) -> Page:
    """« Comment jouer au Boggle »: the rules a player needs, a word traced on a grid."""
    guide = BOGGLE_GUIDE[lang]
    caption = next(part.caption for part in guide.parts if part.picture)
    context = {
        "name": "boggle",
        "guide": guide,
        "pictures": {"word": grid_picture(RULEBOOK_GRID, DANSE, caption)},
        "create": page_text("guide_create.boggle", lang),
    }
    return Page("guide.html", "guide_title.boggle", context=context)
