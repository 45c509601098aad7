"""What `motamot dict info|check|build` print, and why an input or a line is not a word."""

from __future__ import annotations

from motamot.lexicon import FoldReason
from motamot.lexicon.dawg import MAX_WORD_LETTERS
from motamot.lexicon.wordlist import SINGLE_LETTER, TOO_LONG
from motamot.text.i18n import Catalog

NOT_IN_DICTIONARY = "not_in_dictionary"

DICT_COMMANDS: Catalog = {
    "info": {
        "fr": "{name} : {words:mot|mots} (sha256 {sha256})",
        "en": "{name}: {words:word|words} (sha256 {sha256})",
    },
    "valid": {"fr": "{word} : valide", "en": "{word}: valid"},
    "invalid": {"fr": "{input} : refusé ({reason})", "en": "{input}: refused ({reason})"},
    "built": {
        "fr": "{name} : {kept:mot gardé|mots gardés}, {dropped:ligne écartée|lignes écartées}",
        "en": "{name}: {kept:word|words} kept, {dropped:line|lines} dropped",
    },
    "dropped": {"fr": "  {count} × {reason} ({label})", "en": "  {count} × {reason} ({label})"},
}

#: Why an input is not a word, as a player reads it (the JSON keeps the codes).
REASONS: Catalog = {
    FoldReason.EMPTY: {"fr": "vide", "en": "empty"},
    FoldReason.DIGIT: {"fr": "contient un chiffre", "en": "contains a digit"},
    FoldReason.HYPHEN: {"fr": "contient un trait d'union", "en": "contains a hyphen"},
    FoldReason.APOSTROPHE: {"fr": "contient une apostrophe", "en": "contains an apostrophe"},
    FoldReason.SPACE: {"fr": "contient une espace", "en": "contains a space"},
    FoldReason.INVALID_CHARACTER: {"fr": "caractère non admis", "en": "invalid character"},
    SINGLE_LETTER: {"fr": "une seule lettre", "en": "a single letter"},
    TOO_LONG: {
        "fr": f"plus de {MAX_WORD_LETTERS} lettres",
        "en": f"more than {MAX_WORD_LETTERS} letters",
    },
    NOT_IN_DICTIONARY: {"fr": "absent du dictionnaire", "en": "not in the dictionary"},
}
