"""Days as a sentence says them, in French and English: « 6 décembre », « 1er décembre »,
"December 6"; the year only when it is not the one given as now's (« 6 décembre 2025 »).
Never `2026-12-06` in a sentence a player reads."""

from __future__ import annotations

import datetime

from motamot.text.i18n import Language

MONTHS_FR = (
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
    "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip
MONTHS_EN = (
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)  # fmt: skip


def day_text(day: datetime.date, lang: Language, this_year: int | None = None) -> str:
    """`day` as a sentence says it: « 1er décembre », « 2 décembre », "December 1"; with
    its year when it is not `this_year` (None: never)."""
    return _spelled(day, lang, with_year=this_year not in (None, day.year))


def date_text(at: float, lang: Language) -> str:
    """The day of the instant `at` (UTC), always with its year: « 1er décembre 2026 »."""
    return _spelled(datetime.datetime.fromtimestamp(at, datetime.UTC).date(), lang, True)


def _spelled(day: datetime.date, lang: Language, with_year: bool) -> str:
    if lang == "en":
        text = f"{MONTHS_EN[day.month - 1]} {day.day}"
        return f"{text}, {day.year}" if with_year else text
    first = "1er" if day.day == 1 else str(day.day)
    text = f"{first} {MONTHS_FR[day.month - 1]}"
    return f"{text} {day.year}" if with_year else text


#: The months as French typography shortens them (« juil. », never « jui. »).
_SHORT_MONTHS_FR = (
    "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août",
    "sept.", "oct.", "nov.", "déc.",
)  # fmt: skip


def short_date_text(day: datetime.date, lang: Language) -> str:
    """A day in few letters, for a chart's axis: « 1er déc. 2026 », "Dec 1, 2026"."""
    if lang == "en":
        return f"{MONTHS_EN[day.month - 1][:3]} {day.day}, {day.year}"
    first = "1er" if day.day == 1 else str(day.day)
    return f"{first}\u00a0{_SHORT_MONTHS_FR[day.month - 1]} {day.year}"
