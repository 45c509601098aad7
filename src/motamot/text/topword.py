"""Topword score texts: an itemised word says which of its tiles another word counts (T14).

Under `SharedTile.ONCE` a tile common to two words of a move counts in one of
them only, so the other word brings less than its tiles are worth; without a
word of explanation its number looks wrong. `word_score_text` gives
"PAIE 2 (P, A comptés dans PA et AN)" / "PAIE 2 (P, A counted in PA and AN)".
"""

from __future__ import annotations

from collections.abc import Sequence

from motamot.text.i18n import Catalog, Language, translate
from motamot.topword.score import WordScore
from motamot.topword.tiles import tile_label

SCORE_TEXTS: Catalog = {
    "counted_in_one": {"fr": "{letters} compté dans {words}", "en": "{letters} counted in {words}"},
    "counted_in_many": {
        "fr": "{letters} comptés dans {words}",
        "en": "{letters} counted in {words}",
    },
    "last_of_list": {"fr": "{rest} et {last}", "en": "{rest} and {last}"},
    "word": {"fr": "{word} {points}", "en": "{word} {points}"},
    "word_with_note": {"fr": "{word} {points} ({note})", "en": "{word} {points} ({note})"},
}


def list_text(items: Sequence[str], lang: Language) -> str:
    """ "PA", "PA et AN", "PA, AN et EX" (English: "and")."""
    if len(items) <= 1:
        return "".join(items)
    return translate(SCORE_TEXTS, "last_of_list", lang, rest=", ".join(items[:-1]), last=items[-1])


def not_counted_text(word: WordScore, lang: Language) -> str:
    """ "P, A comptés dans PA et AN" for a word whose P and A count elsewhere; "" if none."""
    if not word.not_counted:
        return ""
    letters = ", ".join(tile_label(shared.tile) for shared in word.not_counted)
    words = list(dict.fromkeys(shared.counted_in for shared in word.not_counted))
    key = "counted_in_one" if len(word.not_counted) == 1 else "counted_in_many"
    return translate(SCORE_TEXTS, key, lang, letters=letters, words=list_text(words, lang))


def word_score_text(word: WordScore, lang: Language) -> str:
    """ "NAIN 6" or, when a tile of it counts in another word, "NAIN 6 (N compté dans ON)"."""
    note = not_counted_text(word, lang)
    if not note:
        return translate(SCORE_TEXTS, "word", lang, word=word.word, points=word.points)
    return translate(
        SCORE_TEXTS, "word_with_note", lang, word=word.word, points=word.points, note=note
    )
