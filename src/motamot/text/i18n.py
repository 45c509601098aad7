"""What a player reads: French by default, English available.

Each interface module keeps its own catalogue of message ids; `translate`
picks the language and fills the named fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")
DEFAULT_LANGUAGE: Language = "fr"

Catalog = Mapping[str, Mapping[Language, str]]


def translate(catalog: Catalog, key: str, lang: Language, **fields: object) -> str:
    """The message `key` in `lang` (falling back to French, then to the key itself)."""
    entry = catalog.get(key)
    if entry is None:
        return key
    template = entry.get(lang) or entry[DEFAULT_LANGUAGE]
    return template.format(**fields)
