"""Topword score texts: an itemised word says which of its tiles another word counts (T14).

Under `SharedTile.ONCE` a tile common to two words of a move counts in one of
them only, so the other word brings less than its tiles are worth; without a
word of explanation its number looks wrong. `word_score_text` gives
"PAIE 2 (P, A comptés dans PA et AN)" / "PAIE 2 (P, A counted in PA and AN)".
The names of the bonuses (`bonus_text`) are here too: every itemised score says them.
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


#: A bonus by its kind (`motamot.topword.score.Bonus`): `letter_<tile>` names its tile.
BONUSES: Catalog = {
    "all_tiles": {"fr": "7 lettres posées", "en": "all 7 tiles"},
    "qu_word": {"fr": "mot à plat avec Qu", "en": "flat word with Qu"},
    "letter": {"fr": "lettre {letter}", "en": "letter {letter}"},
}


def bonus_text(kind: str, lang: Language) -> str:
    """ "7 lettres posées", "lettre Qu"... for a bonus of `kind`."""
    if kind.startswith("letter_"):
        letter = kind.removeprefix("letter_").upper()
        return translate(BONUSES, "letter", lang, letter="Qu" if letter == "QU" else letter)
    return translate(BONUSES, kind, lang)
