"""Boggle texts: grid and record errors, and why a word is refused (B12).

English grid and record errors are the engine's own messages; French ones
are here. Refusal reasons have both languages (the JSON keeps the codes).
"""

from __future__ import annotations

from motamot.boggle.grid import GridError
from motamot.boggle.record import RecordError
from motamot.boggle.referee import Refusal
from motamot.errors import CodedError
from motamot.text.errors import error_text
from motamot.text.i18n import Catalog, Language, translate

GRID_ERRORS: Catalog = {
    "empty": {"fr": "grille vide"},
    "not_utf8": {"fr": "texte qui n'est pas en UTF-8"},
    "bad_size": {"fr": "une grille fait de 1x1 à 10x10, pas {size}x{size}"},
    "face_count": {"fr": "{count} faces pour une grille {size}x{size}"},
    "invalid_face": {"fr": "face invalide {face!r}"},
    "outside": {"fr": "la case {cell} est hors d'une grille {size}x{size}"},
    "not_square": {
        "fr": "{count} faces : il en faut un carré (16, 25, 36) ou des rangées séparées par '/'"
    },
    "row_length": {"fr": "la rangée {row} a {found} faces au lieu de {expected}"},
    "empty_row": {"fr": "la rangée {row} est vide"},
    "invalid_character": {"fr": "caractère invalide {char!r}"},
    "lower_case_start": {"fr": "la rangée {row} commence par une minuscule"},
    "lower_case_alone": {
        "fr": "rangée {row} : {char!r} ne suit aucune majuscule (une face s'écrit Qu, Th… ; q = Qu)"
    },
}


def grid_error_text(error: GridError, lang: Language) -> str:
    """A grid error in the player's language."""
    return (
        str(error) if lang == "en" else translate(GRID_ERRORS, error.reason, lang, **error.fields)
    )


RECORD_ERRORS: Catalog = {
    "bad_player_name": {"fr": "{error}"},
    "too_many_players": {"fr": "{count} joueurs, un enregistrement en nomme au plus {limit}"},
    "not_a_player": {"fr": "{player!r} n'est pas parmi les joueurs"},
    "word_before_grid": {"fr": "un mot avant toute grille"},
    "key_before_round": {"fr": "{key!r} avant toute manche"},
    "header_after_round": {"fr": "{key!r} doit venir avant la première manche"},
    "unknown_line": {"fr": "ligne inconnue {text!r}"},
    "no_round": {"fr": "aucune manche (il manque une ligne 'grid:')"},
    "no_player": {"fr": "aucun joueur"},
    "duplicate_player": {"fr": "deux joueurs ont le même nom"},
    "unknown_preset": {"fr": "préréglage inconnu {name!r} (connus : {known})"},
    "round_without_grid": {"fr": "manche sans grille"},
    "grid_size": {"fr": "une grille {size}x{size} dans un enregistrement {preset}"},
    "not_key_value": {"fr": "illisible : {text!r} (attendu 'clé: valeur' ou 'TEMPS JOUEUR: MOT')"},
    "not_whole_number": {"fr": "{what} {value!r} n'est pas un nombre entier"},
    "bad_time": {"fr": "temps {value!r} : il faut un nombre de secondes fini, >= 0"},
    "bad_entry": {"fr": "illisible : {text!r} (attendu 'TEMPS JOUEUR: MOT')"},
    "bad_quote": {"fr": "mot mal entre guillemets {text!r}"},
    "tie_without_match": {"fr": "'tie' sans ligne 'match'"},
    "bad_tie": {"fr": "tie {value!r} : 'shared' ou 'extra round'"},
    "bad_match": {"fr": "match {value!r} : attendu 'rounds N' ou 'target N'"},
    "match_error": {"fr": "{detail}"},
    "bad_min_length": {"fr": "longueur minimale {value!r} : un nombre entier de 1 à {limit}"},
    "bad_duration": {"fr": "durée {value!r} : un nombre de secondes > 0 et d'au plus {limit}"},
    "bad_penalty": {"fr": "pénalité {value!r} : un nombre entier de points de 0 à {limit}"},
    "bad_yes_no": {"fr": "{key} {value!r} : yes ou no (oui ou non)"},
}


def record_error_text(error: RecordError, lang: Language) -> str:
    """A record error in the player's language (with its line number)."""
    if lang == "en":
        return str(error)
    if error.grid_error is not None:
        message = grid_error_text(error.grid_error, lang)
    else:
        fields = {
            name: error_text(value, lang) if isinstance(value, CodedError) else value
            for name, value in error.fields.items()
        }
        message = translate(RECORD_ERRORS, error.reason, lang, **fields)
    return f"ligne {error.line} : {message}" if error.line is not None else message


REASONS: Catalog = {
    Refusal.TOO_SHORT: {"fr": "trop court", "en": "too short"},
    Refusal.NO_PATH: {"fr": "pas de chemin dans la grille", "en": "no path in the grid"},
    Refusal.NOT_IN_DICTIONARY: {"fr": "absent du dictionnaire", "en": "not in the dictionary"},
    Refusal.INVALID_CHARACTERS: {"fr": "caractères invalides", "en": "invalid characters"},
    Refusal.AFTER_DEADLINE: {"fr": "écrit après la fin du temps", "en": "written after time"},
    Refusal.DUPLICATE_ENTRY: {"fr": "déjà écrit", "en": "already written"},
}


def reason_text(reason: Refusal, lang: Language) -> str:
    """A refusal code in the player's language."""
    return translate(REASONS, reason, lang)
