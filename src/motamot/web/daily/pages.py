"""The daily grid's pages: a day's grid (drawn by `daily.js` over the daily routes), the
home page's block and a room watched by its id; here is only what they read."""

from __future__ import annotations

import datetime

from motamot.boggle.rules import get_preset
from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import Page
from motamot.service.daily.schedule import FIRST_DAY, DailyGrids
from motamot.text.dates import day_text
from motamot.text.i18n import Language
from motamot.text.web import page_text


def day_page(
    lang: Language,
    grids: DailyGrids,
    day: datetime.date,
    today: datetime.date,
    presets: list[str],
    name: str,
) -> Page:
    """`day`'s grid of `grids`' preset (ranked if `day` is `today`, G4)."""
    one = datetime.timedelta(days=1)
    yesterday = today - one
    query = "" if grids.preset == presets[0] else f"?jeu={grids.preset}"
    context: dict[str, object] = {
        "preset": grids.preset,
        "presets": presets,
        "day": day.isoformat(),
        "day_text": day_text(day, lang),
        "today": day == today,
        "yesterday": yesterday.isoformat(),
        #: The day before the one shown, for a past day's page (none before the first).
        "previous": (day - one).isoformat() if day != today and day > FIRST_DAY else None,
        "query": query,
        "minutes": f"{grids.seconds / 60:g}",
        "remembered": name,
        "max_name": MAX_NAME_LENGTH,
    }
    size = get_preset(grids.preset).size
    title = "daily_title" if day == today else "daily_title_of"
    if size != 4:  # « La grille 5×5 du jour »
        title += "_sized"
    fields = {"date": day_text(day, lang), "size": f"{size}×{size}"}
    context["title_fields"] = fields
    context["heading"] = page_text(title, lang, **fields)
    return Page("daily/page.html", title, "daily/daily.js", context)


def watch(lang: Language) -> Page:
    """A daily room watched by its id (a profile's link): the page of today's grid."""
    del lang
    return Page("daily/watch.html", "daily_title")


def home(lang: Language) -> Page:
    """« La grille du jour »: the home page's block."""
    del lang
    return Page("daily/home.html")
