"""Account names: 3 to 20 characters in one script, unique ignoring case, accents and
look-alikes, a few reserved (docs/rules.md, F13).

A name is checked as every player name is (`motamot.names`: no control, format or bidi
character, no separator, no blank around it, one script), then kept to letters, digits,
blanks and `-_.'`. Two names are the same account when their keys are equal: NFKD,
accents (combining marks) dropped, casefolded (`Ana`, `ANA` and `Àna` are one name); or
when their look keys are: the confusables skeleton (`motamot.names.look_key`) without
accents (`Fаrmer`, its `а` Cyrillic, is `Farmer`). The reserved names are compared
both ways too (`аdmin`, `adm1n`... `b0t`).
"""

from __future__ import annotations

import unicodedata
from typing import ClassVar, NamedTuple

from motamot.errors import CodedError
from motamot.names import PlayerNameError, check_name, check_single_script, look_key

MIN_LENGTH = 3
MAX_LENGTH = 20
#: Punctuation a name may hold besides letters, digits and blanks.
ALLOWED_PUNCTUATION = "-_.'"
#: Names nobody may take (their keys): they would pass for the site or its staff.
RESERVED = frozenset(
    {
        "admin",
        "administrateur",
        "administrator",
        "moderateur",
        "moderator",
        "modo",
        "motamot",
        "root",
        "system",
        "systeme",
        "support",
        "anonyme",
        "anonymous",
        "bot",
        "robot",
        "ordinateur",
        "computer",
    }
)


class AccountNameError(CodedError, ValueError):
    """An account name refused, and why."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "length": "an account name has {low} to {high} characters",
        "character": "an account name holds letters, digits, blanks and {allowed} only",
        "unfit": "{detail}",
        "mixed_scripts": "the name mixes scripts ({scripts})",
        "reserved": "the name {name!r} is reserved",
    }


class NameKeys(NamedTuple):
    """What an account name is told apart by: its key, and what it looks like."""

    key: str
    look: str


def _bare(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def name_key(name: str) -> str:
    """What two account names are compared by: no accents, no case (`Àna` → `ana`)."""
    return unicodedata.normalize("NFKC", _bare(name)).casefold()


def account_look_key(name: str) -> str:
    """What an account name looks like, accents aside (`Fаrmer`, `FARMÉR` → one key)."""
    return _bare(look_key(name))


def account_keys(name: str) -> NameKeys:
    return NameKeys(name_key(name), account_look_key(name))


#: The reserved names as they look, in any case (`аdmin` and `ADMlN` are `admin`).
_RESERVED_LOOKS = frozenset(
    account_look_key(cased) for name in RESERVED for cased in (name, name.upper(), name.title())
)


def check_account_name(name: str) -> str:
    """`name` if it may be an account's (its key is what must be unique); else why not."""
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise AccountNameError("length", low=MIN_LENGTH, high=MAX_LENGTH)
    try:
        check_name(name)
    except PlayerNameError as error:
        raise AccountNameError("unfit", detail=str(error)) from None
    for char in name:
        if not (char.isalnum() or char == " " or char in ALLOWED_PUNCTUATION):
            raise AccountNameError("character", allowed=" ".join(ALLOWED_PUNCTUATION))
    try:
        check_single_script(name)
    except PlayerNameError as error:
        fields = error.fields
        raise AccountNameError(
            "mixed_scripts", scripts=fields["scripts"], codes=fields["codes"]
        ) from None
    key, look = account_keys(name)
    if {key, key.replace(" ", "")} & RESERVED or {look, look.replace(" ", "")} & _RESERVED_LOOKS:
        raise AccountNameError("reserved", name=name)
    return name
