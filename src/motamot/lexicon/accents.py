"""How a listed word is written: ARÊTES for ARETES (the lists hold folded words, W2).

The French list is built from accented sources; `tools/build_dictionaries.py` keeps,
for each listed word written otherwise than its folded letters, its written forms
(data/fr.accents.gz: one line a word, its forms by a space). It is read once: by a
server when it starts (`load_forms`, beside its word lists), otherwise the first time a
word is shown (results, scores), never when the lists load. Words it does not hold
are written as they are folded.
"""

from __future__ import annotations

import functools
import gzip
import re
import unicodedata
from pathlib import Path

ACCENTS = "fr.accents.gz"
DATA = Path(__file__).parent / "data"


#: What folding removes from a whole text at once (W2): the combining accents NFD leaves.
_MARKS = re.compile("[\u0300-\u036f]")
_FIRST_WORD = re.compile(r"^\S+", re.MULTILINE)
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})


@functools.cache
def _forms(language: str) -> dict[str, str]:
    """Each folded word written otherwise, with its forms in upper case (one string,
    the forms by a space: a fifth of the memory of a tuple each).

    The whole text is folded at once (a few C calls over 2 MB rather than 175,000 calls
    of `fold`, which took seconds on a busy machine at the first round's end);
    tests/lexicon/test_accents.py checks it gives what `fold` gives, line by line."""
    if language != "fr":
        return {}
    try:
        text = gzip.decompress((DATA / ACCENTS).read_bytes()).decode("utf-8")
    except OSError:
        return {}
    upper = text.upper()
    folded = _MARKS.sub("", unicodedata.normalize("NFD", upper.translate(_LIGATURES)))
    keys = _FIRST_WORD.findall(folded)
    lines = upper.splitlines()
    if len(keys) != len(lines) or not all(key.isascii() and key.isalpha() for key in keys):
        return {}  # not the file tools/build_dictionaries.py writes: words as folded
    return dict(zip(keys, lines, strict=True))


def written_forms(word: str, language: str) -> tuple[str, ...]:
    """How `word` (folded) is written in `language`: its forms, or () when it is written
    as it is folded (or the list has no such word)."""
    forms = _forms(language).get(word)
    return tuple(forms.split(" ")) if forms else ()


def written_map(words: set[str], language: str) -> dict[str, list[str]]:
    """The words among `words` written otherwise, with their forms (what a page shows)."""
    forms = _forms(language)
    return {word: forms[word].split(" ") for word in sorted(words) if word in forms}


def load_forms(language: str) -> None:
    """Read the written forms now (a server at start, in a worker thread), not at the
    first round's end."""
    _forms(language)
