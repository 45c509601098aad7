"""The share text of a daily play (G10): the day in words (« 1er décembre »), the points,
the words, the top percent of a ranked play, the link; French and English."""

from __future__ import annotations

import datetime

from motamot.text.daily_web import day_text, share_text

LINK = "https://motamot.example/grille-du-jour/2026-12-01"


def test_g10_the_first_of_the_month_is_1er_in_french_and_plain_in_english() -> None:
    assert day_text(datetime.date(2026, 12, 1), "fr") == "1er décembre"
    assert day_text(datetime.date(2026, 12, 2), "fr") == "2 décembre"
    assert day_text(datetime.date(2027, 8, 31), "fr") == "31 août"
    assert day_text(datetime.date(2026, 2, 1), "fr") == "1er février"
    assert day_text(datetime.date(2026, 12, 1), "en") == "December 1"
    assert day_text(datetime.date(2026, 12, 11), "en") == "December 11"


def test_g10_the_share_text_says_points_words_top_and_the_link_only() -> None:
    day = datetime.date(2026, 12, 1)
    french = share_text(day, 4, 42, 23, 12, LINK, "fr")
    assert french == f"motamot · grille du 1er décembre · 42 pts · 23 mots · top 12\u00a0%\n{LINK}"
    english = share_text(day, 4, 42, 23, 12, LINK, "en")
    assert english == f"motamot · grid of December 1 · 42 pts · 23 words · top 12%\n{LINK}"
    big = share_text(day, 5, 1, 1, 100, LINK, "fr")
    assert big.startswith("motamot · grille 5×5 du 1er décembre · 1 pt · 1 mot · top 100")
    unranked = share_text(day, 4, 0, 0, None, LINK, "fr")
    assert unranked == f"motamot · grille du 1er décembre · 0 pt · 0 mot\n{LINK}"
