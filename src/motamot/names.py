"""Player names: one check shared by both games' seats and records (and the server).

A name is written into saved records, one line per item, so it must stay one
line whatever tool reads it: no control character (`\\r`, `\\v`, `\\f`, `\\x1c`,
`\\x85`…), no line or paragraph separator (U+2028, U+2029), no lone surrogate
(it cannot be saved as UTF-8). Each game adds the punctuation its record
syntax reserves (`reserved`).

A name must also show what it is: no format character (Unicode category Cf:
bidi controls such as U+202E, which print the next name backwards, zero-width
characters such as U+200B, which make `ana` and `ana` + U+200B two seats both
shown « ana »). Two names are the same seat when their `name_key`s are equal
(NFKC, then casefold: `ＡＮＡ`, `Ana` and `ana` are one name), or when they look
alike (`look_key`: Unicode's confusables skeleton, `Fаrmer` with a Cyrillic `а` and
`Farmer`). A name taken at a table must also be written in one script
(`check_single_script`): Latin mixed with Cyrillic or Greek is how a look-alike is made.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lookalikes import mixed_scripts, script_name, skeleton

#: Longest name accepted (a name is shown in score tables and on a phone screen).
MAX_NAME_LENGTH = 40

_CONTROL = "Cc"
_FORMAT = "Cf"
_SEPARATORS = frozenset({"Zl", "Zp"})
_SURROGATE = "Cs"


class PlayerNameError(CodedError, ValueError):
    """A player name refused, with the reason and the character at fault."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "empty": "the player name is empty",
        "surrounding_blanks": "player name {name!r}: no blank at the start or the end",
        "too_long": "player name {name!r}: {length} characters, at most {limit}",
        "control_character": "player name {name!r}: control character {char} not allowed",
        "format_character": "player name {name!r}: invisible format character {char} "
        "not allowed (bidi control, zero-width)",
        "line_separator": "player name {name!r}: line separator {char} not allowed",
        "not_text": "player name {name!r}: {char} is not a character of text",
        "reserved_character": "player name {name!r}: {char!r} is reserved (none of {reserved})",
        "mixed_scripts": "player name {name!r}: it mixes scripts ({scripts}), as a name "
        "that imitates another does",
    }


def code_point(char: str) -> str:
    """How a character is named in a message: `U+2028`."""
    return f"U+{ord(char):04X}"


def check_name(name: str, reserved: str = "") -> str:
    """`name` when it is fit for a seat and a record; PlayerNameError saying why not."""
    if not name:
        raise PlayerNameError("empty")
    if len(name) > MAX_NAME_LENGTH:
        shown = name[:MAX_NAME_LENGTH] + "…"
        raise PlayerNameError("too_long", name=shown, length=len(name), limit=MAX_NAME_LENGTH)
    for char in name:
        category = unicodedata.category(char)
        if category == _CONTROL:
            raise PlayerNameError("control_character", name=name, char=code_point(char))
        if category == _FORMAT:
            raise PlayerNameError("format_character", name=name, char=code_point(char))
        if category in _SEPARATORS:
            raise PlayerNameError("line_separator", name=name, char=code_point(char))
        if category == _SURROGATE:
            raise PlayerNameError("not_text", name=name, char=code_point(char))
        if char in reserved:
            raise PlayerNameError(
                "reserved_character", name=name, char=char, reserved=" ".join(reserved)
            )
    if name != name.strip():
        raise PlayerNameError("surrounding_blanks", name=name)
    return name


def name_key(name: str) -> str:
    """What two names are compared by: `name` in NFKC, casefolded (`ＡＮＡ` → `ana`)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_single_script(name: str) -> str:
    """`name` if it keeps to one script (or to a mix UTS #39 allows: Latin with Han and
    kana...); PlayerNameError naming the scripts it mixes."""
    mixed = mixed_scripts(name)
    if mixed:
        scripts = ", ".join(script_name(code) for code in mixed)
        raise PlayerNameError("mixed_scripts", name=name, scripts=scripts, codes=" ".join(mixed))
    return name


def look_key(name: str) -> str:
    """What two names look like to a reader: the confusables skeleton, casefolded, and
    its skeleton again (`Fаrmer`, `FARMER` and `Farmer` share one; so do `Il` and `ll`)."""
    return skeleton(skeleton(name).casefold())


def same_name(one: str, other: str) -> bool:
    """Whether two names would pass for one at a table: the same `name_key`, or alike."""
    return name_key(one) == name_key(other) or look_key(one) == look_key(other)


#: The names computer players sit under, in the order they are given: French first names
#: (a « Bot 1 » read as a machine's label beside the people's names). One list for every
#: game: a Boggle room's and a Topword table's computer players, the terminal's. Each is a
#: valid name in one script, none looks like another.
COMPUTER_NAMES = (
    "Camille",
    "Hugo",
    "Louise",
    "Jules",
    "Adèle",
    "Marius",
    "Rose",
    "Victor",
    "Lucie",
    "Émile",
    "Margot",
    "Léon",
    "Jeanne",
    "Gaston",
    "Zoé",
    "Arthur",
)


def computer_name(taken: Iterable[str]) -> str:
    """The first of `COMPUTER_NAMES` no name in `taken` is the same as (then the list
    again, numbered: `Camille 2`...)."""
    used = list(taken)
    round_ = 1
    while True:
        for name in COMPUTER_NAMES:
            candidate = name if round_ == 1 else f"{name} {round_}"
            if not any(same_name(candidate, other) for other in used):
                return candidate
        round_ += 1
