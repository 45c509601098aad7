"""How a listed word is written: ARÊTES for ARETES (the lists hold folded words, W2).

The French list is built from accented sources; `tools/build_dictionaries.py` keeps,
for each listed word written otherwise than its folded letters, its written forms
(data/fr.accents.gz: one line a word, its forms by a space). It is read once, the first
time a word is shown (results, scores), not when the lists load. Words it does not hold
are written as they are folded.
"""

from __future__ import annotations

import functools
import gzip
from pathlib import Path

from motamot.lexicon.fold import try_fold

ACCENTS = "fr.accents.gz"
DATA = Path(__file__).parent / "data"


@functools.cache
def _forms(language: str) -> dict[str, tuple[str, ...]]:
    """Each folded word written otherwise, with its forms in upper case."""
    if language != "fr":
        return {}
    try:
        text = gzip.decompress((DATA / ACCENTS).read_bytes()).decode("utf-8")
    except OSError:
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        forms = line.split()
        folded = try_fold(forms[0]) if forms else None
        if folded is not None:
            found[folded] = tuple(form.upper() for form in forms)
    return found


def written_forms(word: str, language: str) -> tuple[str, ...]:
    """How `word` (folded) is written in `language`: its forms, or () when it is written
    as it is folded (or the list has no such word)."""
    return _forms(language).get(word, ())


def written_map(words: set[str], language: str) -> dict[str, list[str]]:
    """The words among `words` written otherwise, with their forms (what a page shows)."""
    forms = _forms(language)
    return {word: list(forms[word]) for word in sorted(words) if word in forms}
