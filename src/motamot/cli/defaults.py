"""What `--lang` picks when the player names no preset, ruleset or dictionary.

An English player gets the English dice and word list (Boggle) and the
English Upwords rules and words (Topword); naming a preset, a ruleset or a
dictionary keeps that choice whatever the language.
"""

from __future__ import annotations

from motamot.boggle.rules import CLASSIC_EN, DEFAULT_PRESET
from motamot.text.i18n import Language
from motamot.topword.tiles import TOPWORD_FR, UPWORDS_EN

#: The word list of each language (the built-in dictionaries are named after them).
LANGUAGE_DICTIONARY: dict[Language, str] = {"fr": "fr", "en": "en"}
LANGUAGE_PRESET: dict[Language, str] = {"fr": DEFAULT_PRESET, "en": CLASSIC_EN.name}
LANGUAGE_RULESET: dict[Language, str] = {"fr": TOPWORD_FR.name, "en": UPWORDS_EN.name}

#: How option help says it (French; `motamot.text.cli.HELP_EN` has the English).
LANGUAGE_DEFAULTS_HELP = "classic-fr, classic-en avec --lang en"


def boggle_preset(preset: str | None, dictionary: str | None, lang: Language) -> str:
    """The preset named, else the language's dice unless a dictionary is named."""
    if preset is not None:
        return preset
    return DEFAULT_PRESET if dictionary is not None else LANGUAGE_PRESET[lang]


def topword_ruleset(ruleset: str | None, dictionary: str | None, lang: Language) -> str:
    """The ruleset named, else the language's unless a dictionary is named."""
    if ruleset is not None:
        return ruleset
    return TOPWORD_FR.name if dictionary is not None else LANGUAGE_RULESET[lang]
