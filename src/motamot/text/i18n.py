"""What a player reads: French by default, English available.

Each interface module keeps its own catalogue of message ids; `translate`
picks the language and fills the named fields. Templates agree nouns with
numbers and write numbers the language's way through format specs:
`{count:mot|mots}` → "1 mot", "3 mots"; `{count:n}` → "12 345";
`{rate:.1%}` → "100,0 %" (see `motamot.text.numbers`).
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping
from typing import Any

# The languages are re-exported: every catalogue names them from here.
from motamot.text.language import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from motamot.text.language import LANGUAGES as LANGUAGES
from motamot.text.language import Language as Language
from motamot.text.numbers import count_text, localise_number, number_text

Catalog = Mapping[str, Mapping[Language, str]]


class TextFormatter(string.Formatter):
    """`str.format` with the plural and number specs of the module docstring."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if number and "|" in format_spec:
            singular_form, _, plural_form = format_spec.partition("|")
            return count_text(value, singular_form, plural_form, self.lang)
        if number and format_spec == "n":
            return number_text(value, self.lang)
        text = super().format_field(value, format_spec)
        return localise_number(text, self.lang) if number and format_spec else text


def elides(word: str) -> bool:
    """Whether French elides « de », « le » before `word`: it begins with a vowel or an h
    (a first name's h is mute: « au tour d'Hugo »), accents and case aside
    (`format.js`, `elides`, says the same)."""
    first = unicodedata.normalize("NFD", word.strip())[:1].casefold()
    return first != "" and first in "aeiouyhæœ"


def render(template: str, lang: Language, /, **fields: object) -> str:
    """`template` filled with `fields` the way `lang` writes numbers and plurals."""
    return TextFormatter(lang).format(template, **fields)


def translate(catalog: Catalog, key: str, lang: Language, /, **fields: object) -> str:
    """The message `key` in `lang` (falling back to French, then to the key itself).

    Its own arguments are positional-only, so a field may be called `key` or `lang`.
    """
    entry = catalog.get(key)
    if entry is None:
        return key
    template = entry.get(lang) or entry[DEFAULT_LANGUAGE]
    return render(template, lang, **fields)
