"""A player's streak of daily grids (G9): the days in a row, up to today or yesterday,
whose grid they played ranked (on its own day, G4). Pure: the days and today come in."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from motamot.service.daily.outcome import FAMILY
from motamot.service.daily.schedule import parse_day


def days_of(families: Iterable[str]) -> set[datetime.date]:
    """The days named by daily outcomes' families (`daily/2026-12-01`); others ignored."""
    days = set()
    for family in families:
        if family.startswith(FAMILY):
            day = parse_day(family.removeprefix(FAMILY))
            if day is not None:
                days.add(day)
    return days


def streak(days: Iterable[datetime.date], today: datetime.date) -> int:
    """How many days in a row ending today were played, or ending yesterday when today
    is not played yet (the streak still stands until today is over); 0 otherwise."""
    played = set(days)
    one = datetime.timedelta(days=1)
    day = today if today in played else today - one
    count = 0
    while day in played:
        count += 1
        day -= one
    return count
