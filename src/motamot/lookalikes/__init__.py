"""Names that look alike: Unicode's confusables skeleton and the scripts a name mixes
(UTS #39, Unicode Security Mechanisms, sections 4 and 5).

- `skeleton(text)`: NFD, each character replaced by its prototype in confusables.txt,
  NFD again. Two texts with the same skeleton are confusable (`Fаrmer`, its `а`
  Cyrillic, and `Farmer`; `I` and `l`; `m` and `rn`).
- `mixed_scripts(text)`: the scripts of a text that is not « highly restrictive »
  (section 5.2): one script (characters of several scripts, such as `、`, and Common
  or Inherited ones, digits, blanks, accents, count for any), or Latin with Han and
  Japanese kana, Han and Bopomofo, or Han and Hangul. Latin with Cyrillic or Greek is
  refused: that is how `Fаrmer` is made.

The tables (`data/`) are built from the vendored Unicode 15.0.0 files by
`tools/build_lookalikes.py` (Unicode's licence in `data/LICENSE-UNICODE`); NFD is
Python's own. Pure functions over read-only tables, loaded once on first use.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from dataclasses import dataclass
from importlib import resources

#: Common and Inherited characters go with any script (UTS #39, 5.1).
ANY = frozenset({"Zyyy", "Zinh"})
#: The scripts a text may mix besides one alone (UTS #39, 5.2, highly restrictive).
ALLOWED_MIXES = (
    frozenset({"Latn", "Hani", "Hira", "Kana"}),
    frozenset({"Latn", "Hani", "Bopo"}),
    frozenset({"Latn", "Hani", "Hang"}),
)
UNKNOWN = "Zzzz"


@dataclass(frozen=True)
class Tables:
    prototypes: dict[str, str]
    starts: list[int]
    ranges: list[tuple[int, int, frozenset[str]]]
    names: dict[str, str]


def _lines(name: str) -> list[list[str]]:
    text = resources.files(__package__).joinpath("data", name).read_text("utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


@functools.cache
def tables() -> Tables:
    prototypes = {
        chr(int(source, 16)): "".join(chr(int(code, 16)) for code in target.split())
        for source, target in _lines("confusables.tsv")
    }
    names: dict[str, str] = {}
    ranges: list[tuple[int, int, frozenset[str]]] = []
    for row in _lines("scripts.tsv"):
        if row[0].startswith("@"):
            names[row[0][1:]] = row[1].replace("_", " ")
        else:
            ranges.append((int(row[0], 16), int(row[1], 16), frozenset(row[2].split())))
    return Tables(prototypes, [first for first, _, _ in ranges], ranges, names)


def skeleton(text: str) -> str:
    """UTS #39's skeleton of `text`: equal for texts a reader may take for one another."""
    prototypes = tables().prototypes
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def scripts_of(char: str) -> frozenset[str]:
    """The scripts `char` is written in (its Script_Extensions, short codes: `Latn`)."""
    found = tables()
    code = ord(char)
    at = bisect.bisect_right(found.starts, code) - 1
    if at >= 0:
        first, last, scripts = found.ranges[at]
        if first <= code <= last:
            return scripts
    return frozenset({UNKNOWN})


def script_name(code: str) -> str:
    """Unicode's name of a script (`Cyrl` → `Cyrillic`)."""
    return tables().names.get(code, code)


def _covered(sets: list[frozenset[str]], allowed: frozenset[str]) -> bool:
    return all(scripts & allowed for scripts in sets)


def mixed_scripts(text: str) -> tuple[str, ...]:
    """The scripts (short codes, in the order they come) of a text that mixes more than
    UTS #39 allows a highly restrictive identifier; () when it does not."""
    sets = [scripts_of(char) for char in unicodedata.normalize("NFD", text)]
    sets = [scripts for scripts in sets if not scripts & ANY]
    if not sets:
        return ()
    if functools.reduce(frozenset.intersection, sets):
        return ()
    if any(_covered(sets, allowed) for allowed in ALLOWED_MIXES):
        return ()
    seen: dict[str, None] = {}
    for scripts in sets:
        seen.setdefault(min(scripts), None)
    return tuple(seen)
