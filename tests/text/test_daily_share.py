"""The share text of a daily play (G10, its picture G14): the day in words (« 1er
décembre »), the points, the words, the top percent of a ranked play, the picture of the
words found by length, the link; French and English."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from motamot.text.daily_web import day_text, share_picture, share_text, squares

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


def test_g14_a_row_lights_a_fifth_per_fifth_found_none_only_for_none_all_only_for_all() -> None:
    assert [squares(n, 10) for n in range(11)] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5]
    assert squares(1, 100) == 1 and squares(99, 100) == 4  # some found, some not: seen
    assert squares(0, 0) == 0 and squares(3, 3) == 5 and squares(5, 3) == 5


def test_g14_the_share_text_draws_found_by_length_and_holds_no_letter() -> None:
    day = datetime.date(2026, 12, 7)
    rows = (("3", 8, 14), ("4", 0, 9), ("7+", 2, 2))
    text = share_text(day, 4, 42, 10, 12, LINK, "fr", rows)
    lines = text.split("\n")
    assert lines[0] == "motamot · grille du 7 décembre · 42 pts · 10 mots · top 12\u00a0%"
    green, white = "\U0001f7e9", "\u2b1c"
    assert lines[1:4] == [
        f"3 {green * 3}{white * 2} 8/14",
        f"4 {white * 5} 0/9",
        f"7+ {green * 5} 2/2",
    ]
    assert lines[4] == LINK
    assert (
        share_picture(()) == "" and share_text(day, 4, 0, 0, None, LINK, "en", ()).count("\n") == 1
    )


@given(
    st.lists(
        st.tuples(st.integers(3, 20).map(str), st.integers(0, 500), st.integers(0, 500)),
        max_size=6,
    )
)
def test_g14_whatever_the_counts_the_picture_is_digits_squares_and_signs(
    rows: list[tuple[str, int, int]],
) -> None:
    picture = share_picture(tuple((label, min(found, held), held) for label, found, held in rows))
    assert set(picture) <= set("0123456789+/ \n\U0001f7e9\u2b1c")
    for line in filter(None, picture.split("\n")):
        assert len(line.split(" ")[1]) == 5


def test_g10_the_first_place_is_said_as_such_not_as_a_top_percent() -> None:
    day = datetime.date(2026, 12, 1)
    french = share_text(day, 4, 42, 23, 34, LINK, "fr", first_of=3)
    assert (
        french == f"motamot · grille du 1er décembre · 42 pts · 23 mots · 1re place sur 3\n{LINK}"
    )
    english = share_text(day, 4, 42, 23, 34, LINK, "en", first_of=3)
    assert english.startswith("motamot · grid of December 1 · 42 pts · 23 words · number 1 of 3")
    assert share_text(day, 4, 1, 1, None, LINK, "fr", first_of=3).endswith(f"1 mot\n{LINK}")
