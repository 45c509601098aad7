"""The names of writing systems, for a name refused because it mixes them (F13, F14):
the frequent ones in French and English, the others as Unicode names them."""

from __future__ import annotations

from motamot.lookalikes import script_name
from motamot.text.i18n import Catalog, Language

SCRIPTS: Catalog = {
    "Latn": {"fr": "latin", "en": "Latin"},
    "Cyrl": {"fr": "cyrillique", "en": "Cyrillic"},
    "Grek": {"fr": "grec", "en": "Greek"},
    "Armn": {"fr": "arménien", "en": "Armenian"},
    "Geor": {"fr": "géorgien", "en": "Georgian"},
    "Arab": {"fr": "arabe", "en": "Arabic"},
    "Hebr": {"fr": "hébreu", "en": "Hebrew"},
    "Cher": {"fr": "cherokee", "en": "Cherokee"},
    "Deva": {"fr": "dévanagari", "en": "Devanagari"},
    "Thai": {"fr": "thaï", "en": "Thai"},
    "Hani": {"fr": "idéogrammes han", "en": "Han"},
    "Hira": {"fr": "hiragana", "en": "Hiragana"},
    "Kana": {"fr": "katakana", "en": "Katakana"},
    "Hang": {"fr": "hangeul", "en": "Hangul"},
}


def script_names(codes: str, lang: Language) -> str:
    """`Latn Cyrl` said in `lang`: `latin, cyrillique`."""
    return ", ".join(
        SCRIPTS[code].get(lang) or SCRIPTS[code]["fr"] if code in SCRIPTS else script_name(code)
        for code in codes.split()
    )
