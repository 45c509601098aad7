"""Boggle texts: why a word is refused (B12), in both languages (the JSON keeps the codes).

Grid, record and match errors are engine errors: `motamot.text.errors.error_text`.
"""

from __future__ import annotations

from motamot.boggle.referee import WordReason
from motamot.text.i18n import Catalog, Language, translate

REASONS: Catalog = {
    WordReason.TOO_SHORT: {"fr": "trop court", "en": "too short"},
    WordReason.NO_PATH: {"fr": "pas de chemin dans la grille", "en": "no path in the grid"},
    WordReason.NOT_IN_DICTIONARY: {"fr": "absent du dictionnaire", "en": "not in the dictionary"},
    WordReason.INVALID_CHARACTERS: {"fr": "caractères invalides", "en": "invalid characters"},
    WordReason.AFTER_DEADLINE: {"fr": "écrit après la fin du temps", "en": "written after time"},
    WordReason.DUPLICATE_ENTRY: {"fr": "déjà écrit", "en": "already written"},
}


def reason_text(reason: WordReason, lang: Language) -> str:
    """A refusal code in the player's language."""
    return translate(REASONS, reason, lang)
