"""Days as a sentence says them (issue 37: « votre tour depuis le 2026-12-06 »)."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from motamot.text.dates import day_text


def test_days_read_in_french_and_english_the_year_only_when_another() -> None:
    day = datetime.date(2026, 12, 6)
    assert day_text(day, "fr") == "6 décembre"
    assert day_text(datetime.date(2026, 12, 1), "fr") == "1er décembre"
    assert day_text(day, "en") == "December 6"
    assert day_text(day, "fr", this_year=2026) == "6 décembre"
    assert day_text(day, "fr", this_year=2027) == "6 décembre 2026"
    assert day_text(day, "en", this_year=2027) == "December 6, 2026"
    assert day_text(datetime.date(2026, 8, 15), "fr") == "15 août"


@given(st.dates())
def test_every_day_is_words_and_its_own_numbers_only(day: datetime.date) -> None:
    for lang in ("fr", "en"):
        text = day_text(day, lang, this_year=day.year)
        assert "-" not in text and str(day.day) in text
        assert str(day.year) not in text.replace(str(day.day), "", 1) or day.year == day.day
