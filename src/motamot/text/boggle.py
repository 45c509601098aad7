"""Boggle texts both interfaces show: what a word is told (accepted, written, or why it is
refused, B12), in both languages (the JSON keeps the codes).

The terminal and the browser read these same words (issue 21: « pas dans la grille » in
one, « pas de chemin dans la grille » in the other). Grid, record and match errors are
engine errors: `motamot.text.errors.error_text`.
"""

from __future__ import annotations

from motamot.boggle.referee import WordReason
from motamot.text.i18n import Catalog, Language, translate

REASONS: Catalog = {
    WordReason.TOO_SHORT: {"fr": "trop court", "en": "too short"},
    WordReason.NO_PATH: {"fr": "pas dans la grille", "en": "not on the grid"},
    WordReason.NOT_IN_DICTIONARY: {"fr": "absent du dictionnaire", "en": "not in the dictionary"},
    WordReason.INVALID_CHARACTERS: {"fr": "caractères invalides", "en": "invalid characters"},
    WordReason.AFTER_DEADLINE: {"fr": "écrit après la fin du temps", "en": "written after time"},
    WordReason.DUPLICATE_ENTRY: {"fr": "déjà écrit", "en": "already written"},
}

#: A word taken: scored at once, or written down when the dictionary waits for the end.
VERDICTS: Catalog = {
    "accepted": {"fr": "{word} : accepté, {points} pt", "en": "{word}: accepted, {points} pt"},
    "written": {
        "fr": "{word} : écrit (dictionnaire vérifié à la fin)",
        "en": "{word}: written (dictionary checked at the end)",
    },
}


def reason_text(reason: WordReason, lang: Language) -> str:
    """A refusal code in the player's language."""
    return translate(REASONS, reason, lang)


#: B14 when nobody scored: no winner (everybody at 0 would otherwise "win").
NO_WINNER: Catalog = {
    "no_round_winner": {
        "fr": "Personne n'a marqué de point : pas de gagnant pour cette manche",
        "en": "Nobody scored: no winner this round",
    },
    "no_match_winner": {
        "fr": "Personne n'a marqué de point : pas de gagnant.",
        "en": "Nobody scored: no winner.",
    },
}
